// /socios/set-password?token= (issue 30 §1): the link `create-partner-user` prints, or the one a
// partner admin receives when adding an adviser; used once.
import { Link, useSearchParams } from 'react-router';
import { operatorSetPasswordFormSchema } from '@recuerdos/shared/admin-schemas';
import { Button } from '../../../components/button';
import { FormPasswordField } from '../../../components/form/form-fields';
import { FormAlert } from '../../../components/form-alert';
import { PartnerPage } from '../../../components/partner/partner-page';
import { PageSpinner } from '../../../components/spinner';
import { errorMessage } from '../../../lib/api-client';
import { useZodForm } from '../../../lib/forms';
import { useSetPassword, useSetPasswordLink } from '../api/partner-auth';

export function PartnerSetPasswordPage() {
  const [params] = useSearchParams();
  const token = params.get('token') ?? '';
  const link = useSetPasswordLink(token);
  const save = useSetPassword();
  // The same rule as operators: 12 characters at least, typed twice.
  const form = useZodForm(operatorSetPasswordFormSchema, { defaultValues: { password: '', repeat: '' } });
  const onSubmit = form.handleSubmit((values) => save.mutate({ token, password: values.password }));

  return (
    <PartnerPage title="Crea tu contraseña">
      {link.isPending && token ? <PageSpinner label="Revisando el enlace…" /> : null}
      {!token || link.isError ? <FormAlert tone="error">{link.isError ? errorMessage(link.error) : 'El enlace no es válido o ha expirado'}</FormAlert> : null}
      {save.isSuccess ? (
        <div className="partner-stack">
          <FormAlert tone="success">{save.data.message}</FormAlert>
          <Link to="/socios">Ir al inicio de sesión</Link>
        </div>
      ) : link.data ? (
        <form className="partner-stack" noValidate onSubmit={(event) => void onSubmit(event)}>
          <p>
            Hola, {link.data.user.name}. Crea la contraseña de <strong>{link.data.user.email}</strong>: al menos 12 caracteres.
          </p>
          <FormPasswordField form={form} name="password" label="Contraseña nueva" autoComplete="new-password" toggleSubject="contraseña nueva" />
          <FormPasswordField form={form} name="repeat" label="Repite la contraseña" autoComplete="new-password" toggleSubject="contraseña repetida" />
          <Button type="submit" block loading={save.isPending}>
            Guardar contraseña
          </Button>
          {save.isError ? <FormAlert tone="error">{errorMessage(save.error)}</FormAlert> : null}
        </form>
      ) : null}
    </PartnerPage>
  );
}
