// /admin/set-password?token= (issue 15 §1): the link `admin create-operator` prints, used once.
import { Link, useSearchParams } from 'react-router';
import { operatorSetPasswordFormSchema } from '@recuerdos/shared/admin-schemas';
import { Button } from '../../../components/button';
import { FormPasswordField } from '../../../components/form/form-fields';
import { FormAlert } from '../../../components/form-alert';
import { AdminPage } from '../../../components/backoffice/admin-page';
import { PageSpinner } from '../../../components/spinner';
import { errorMessage } from '../../../lib/api-client';
import { useZodForm } from '../../../lib/forms';
import { useSetPassword, useSetPasswordLink } from '../api/operator-auth';

export function SetPasswordPage() {
  const [params] = useSearchParams();
  const token = params.get('token') ?? '';
  const link = useSetPasswordLink(token);
  const save = useSetPassword();
  const form = useZodForm(operatorSetPasswordFormSchema, { defaultValues: { password: '', repeat: '' } });
  const onSubmit = form.handleSubmit((values) => save.mutate({ token, password: values.password }));

  return (
    <div className="bo-auth">
      <main id="contenido" className="bo-panel">
        <AdminPage title="Crea tu contraseña">
          {link.isPending && token ? <PageSpinner label="Revisando el enlace…" /> : null}
          {!token || link.isError ? <FormAlert tone="error">{link.isError ? errorMessage(link.error) : 'El enlace no es válido o ha expirado'}</FormAlert> : null}
          {save.isSuccess ? (
            <div className="bo-stack">
              <FormAlert tone="success">{save.data.message}</FormAlert>
              <Link to="/admin/login">Ir al inicio de sesión</Link>
            </div>
          ) : link.data ? (
            <form className="bo-stack" noValidate onSubmit={(event) => void onSubmit(event)}>
              <p>
                Hola, {link.data.operator.name}. Crea la contraseña de <strong>{link.data.operator.email}</strong>: al menos 12 caracteres.
              </p>
              <FormPasswordField form={form} name="password" label="Contraseña nueva" autoComplete="new-password" toggleSubject="contraseña nueva" />
              <FormPasswordField form={form} name="repeat" label="Repite la contraseña" autoComplete="new-password" toggleSubject="contraseña repetida" />
              <Button type="submit" block loading={save.isPending}>
                Guardar contraseña
              </Button>
              {save.isError ? <FormAlert tone="error">{errorMessage(save.error)}</FormAlert> : null}
            </form>
          ) : null}
        </AdminPage>
      </main>
    </div>
  );
}
