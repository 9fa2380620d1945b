// /admin/contracts/new (issue 15 §2): the same as `admin create-contract` — an account (if the
// e-mail is new), a private memorial and a pending contract; the activation link goes by e-mail.
import { Link, useNavigate } from 'react-router';
import { adminCreateContractSchema } from '@recuerdos/shared/admin-schemas';
import { Button } from '../../../components/button';
import { FormTextField } from '../../../components/form/form-fields';
import { FormAlert } from '../../../components/form-alert';
import { AdminPage } from '../../../components/backoffice/admin-page';
import { showToast } from '../../../components/toast';
import { errorMessage } from '../../../lib/api-client';
import { useZodForm } from '../../../lib/forms';
import { useCreateContract } from '../api/contracts';

export function NewContractPage() {
  const navigate = useNavigate();
  const create = useCreateContract();
  const form = useZodForm(adminCreateContractSchema, { defaultValues: { email: '', name: '', lastname: '', person: '', expiresOn: '' } });
  const onSubmit = form.handleSubmit((values) =>
    create.mutate(values, {
      onSuccess: (envelope) => {
        showToast('success', envelope.message);
        void navigate(`/admin/contracts/${encodeURIComponent(envelope.data.contract.number)}`);
      },
    }),
  );
  return (
    <AdminPage title="Nuevo contrato" actions={<Link to="/admin/contracts">Volver a contratos</Link>}>
      <form className="bo-panel bo-stack" noValidate onSubmit={(event) => void onSubmit(event)}>
        <p>Si el correo ya tiene una cuenta, el contrato agrega un nuevo memorial a esa cuenta. El memorial empieza privado, con un código de acceso.</p>
        <FormTextField form={form} name="email" label="Correo electrónico del titular" type="email" autoCapitalize="none" spellCheck={false} />
        <FormTextField form={form} name="name" label="Nombres del titular" />
        <FormTextField form={form} name="lastname" label="Apellidos del titular" />
        <FormTextField form={form} name="person" label="Nombre completo del ser querido" />
        <FormTextField form={form} name="expiresOn" label="Último día del servicio (opcional)" type="date" hint="Déjalo vacío si el servicio no tiene fecha de fin." />
        <Button type="submit" loading={create.isPending}>
          Crear contrato y enviar activación
        </Button>
        {create.isError ? <FormAlert tone="error">{errorMessage(create.error)}</FormAlert> : null}
      </form>
    </AdminPage>
  );
}
