// /new-password?token= (spec §2, §4, §5): loads the account's e-mail for the token (failure → /),
// then the new password and its confirmation; success shows the spec's text and goes to /login
// after 3 seconds.
import { useEffect } from 'react';
import { Navigate, useNavigate, useSearchParams } from 'react-router';
import { LIMITS } from '@recuerdos/shared/limits';
import { newPasswordFormSchema } from '@recuerdos/shared/user-schemas';
import { Button } from '../../../components/button';
import { FormPasswordField } from '../../../components/form/form-fields';
import { FormAlert } from '../../../components/form-alert';
import { PublicPage } from '../../../components/public-page';
import { PageSpinner } from '../../../components/spinner';
import { errorMessage } from '../../../lib/api-client';
import { useZodForm } from '../../../lib/forms';
import { refusedByServer, reportFailure } from '../../../lib/failure';
import { usePageMeta } from '../../../lib/page-meta';
import { useRestorePassword } from '../api/restore-password';
import { useTokenEmail } from '../api/token-email';
import './auth.css';

export const NEW_PASSWORD_SUCCESS_TEXT =
  'Tu contraseña ha sido cambiada exitosamente. Serás redirigido al inicio de sesión en 3 segundos';

function NewPasswordForm({ email, token }: { email: string; token: string }) {
  const navigate = useNavigate();
  const restore = useRestorePassword();
  const form = useZodForm(newPasswordFormSchema, { defaultValues: { password: '', confirmPassword: '' } });

  useEffect(() => {
    if (!restore.isSuccess) return;
    const timer = window.setTimeout(() => void navigate('/login', { replace: true }), LIMITS.newPasswordRedirectMs);
    return () => window.clearTimeout(timer);
  }, [restore.isSuccess, navigate]);

  const onSubmit = form.handleSubmit((values) => restore.mutate({ email, password: values.password, token }));

  if (restore.isSuccess) return <FormAlert tone="success">{NEW_PASSWORD_SUCCESS_TEXT}</FormAlert>;

  return (
    <form className="auth__form" noValidate onSubmit={(event) => void onSubmit(event)}>
      {/* Lets password managers save the new password under the right account. */}
      <input type="email" name="username" autoComplete="username" value={email} readOnly hidden />
      <FormPasswordField
        form={form}
        name="password"
        label="Nueva contraseña"
        hint="Usa al menos 6 caracteres."
        autoComplete="new-password"
        toggleSubject="nueva contraseña"
      />
      <FormPasswordField
        form={form}
        name="confirmPassword"
        label="Confirma tu nueva contraseña"
        autoComplete="new-password"
        toggleSubject="confirmación de la contraseña"
      />
      <Button type="submit" size="lg" block loading={restore.isPending}>
        Guardar contraseña
      </Button>
      {restore.isError ? <FormAlert tone="error">{errorMessage(restore.error)}</FormAlert> : null}
    </form>
  );
}

/** Goes to / once, saying why the link did not open. */
function LeaveWithNotice({ error }: { error: unknown }) {
  useEffect(() => reportFailure('Este enlace ya no sirve', error), [error]);
  return <Navigate to="/" replace />;
}

export function NewPasswordPage() {
  usePageMeta('Crea tu nueva contraseña', 'Crea una nueva contraseña para tu cuenta de Recuerdos.');
  const [params] = useSearchParams();
  const token = params.get('token') ?? '';
  const tokenEmail = useTokenEmail(token);

  // Spec §8: a link without a token, or whose token the server does not know, goes to /; now with
  // the reason in a toast. A lost connection stays with 'Reintentar' (issue 14 §5).
  if (token === '') return <Navigate to="/" replace />;
  if (tokenEmail.isError && refusedByServer(tokenEmail.error)) return <LeaveWithNotice error={tokenEmail.error} />;
  if (tokenEmail.isError) {
    return (
      <PublicPage>
        <div className="auth">
          <div className="auth__card card" role="alert">
            <h1>No pudimos verificar el enlace</h1>
            <p>{errorMessage(tokenEmail.error)}</p>
            <Button size="lg" onClick={() => void tokenEmail.refetch()}>
              Reintentar
            </Button>
          </div>
        </div>
      </PublicPage>
    );
  }
  if (tokenEmail.isPending) return <PageSpinner label="Verificando el enlace…" />;

  return (
    <PublicPage>
      <div className="auth">
        <div className="auth__card card">
          <h1>Crea tu nueva contraseña</h1>
          <p className="auth__intro">Elige una contraseña que recuerdes y que no uses en otros sitios.</p>
          <p className="auth__email">
            <span className="muted">Cuenta: </span>
            <strong>{tokenEmail.data}</strong>
          </p>
          <NewPasswordForm email={tokenEmail.data} token={token} />
        </div>
      </div>
    </PublicPage>
  );
}
