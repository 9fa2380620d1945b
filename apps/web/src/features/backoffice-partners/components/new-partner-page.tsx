// /admin/socios/nuevo (issue 30 §1): the same as `admin create-partner` — the partner and its first
// branch. The RUC's SUNAT check digit is checked in the browser and again on the server.
import { Link, useNavigate } from 'react-router';
import { createPartnerSchema } from '@recuerdos/shared/partner-schemas';
import { Button } from '../../../components/button';
import { FormTextField } from '../../../components/form/form-fields';
import { FormAlert } from '../../../components/form-alert';
import { AdminPage } from '../../../components/backoffice/admin-page';
import { showToast } from '../../../components/toast';
import { errorMessage } from '../../../lib/api-client';
import { useZodForm } from '../../../lib/forms';
import { useCreatePartner } from '../api/partners';

export function NewPartnerPage() {
  const navigate = useNavigate();
  const create = useCreatePartner();
  const form = useZodForm(createPartnerSchema, { defaultValues: { name: '', legalName: '', ruc: '', commission: '', branch: '' } });
  const onSubmit = form.handleSubmit((values) =>
    create.mutate(values, {
      onSuccess: (envelope) => {
        showToast('success', envelope.message);
        void navigate(`/admin/socios/${envelope.data.partner.id}`);
      },
    }),
  );
  return (
    <AdminPage title="Nuevo socio" actions={<Link to="/admin/socios">Volver a socios</Link>}>
      <form className="bo-panel bo-stack" noValidate onSubmit={(event) => void onSubmit(event)}>
        <FormTextField form={form} name="name" label="Nombre comercial" />
        <FormTextField form={form} name="legalName" label="Razón social (opcional)" hint="Vacía: la misma que el nombre comercial." />
        <FormTextField form={form} name="ruc" label="RUC" inputMode="numeric" autoComplete="off" hint="11 dígitos; revisamos el dígito verificador de SUNAT." />
        <FormTextField form={form} name="commission" label="Comisión (%)" inputMode="decimal" hint="De 0 a 100, con hasta dos decimales. Vacía: 0 %." />
        <FormTextField form={form} name="branch" label="Nombre de la primera sede (opcional)" hint="Vacío: «Sede principal»." />
        <Button type="submit" loading={create.isPending}>
          Crear socio
        </Button>
        {create.isError ? <FormAlert tone="error">{errorMessage(create.error)}</FormAlert> : null}
      </form>
    </AdminPage>
  );
}
