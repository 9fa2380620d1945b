// /login (spec §2, §4, §5): e-mail and password, the server's message under the form on failure,
// /account (history replace) on success; a forgot-password link and a few words about the product.
import { Link, useNavigate } from 'react-router';
import { loginSchema } from '@recuerdos/shared/user-schemas';
import { Button } from '../../../components/button';
import { PasswordField, TextField } from '../../../components/field';
import { FormAlert } from '../../../components/form-alert';
import { CheckIcon } from '../../../components/icons';
import { PublicPage } from '../../../components/public-page';
import { errorMessage } from '../../../lib/api-client';
import { useZodForm } from '../../../lib/forms';
import { usePageMeta } from '../../../lib/page-meta';
import { useLogin } from '../api/login';
import './auth.css';

export function LoginPage() {
  usePageMeta('Iniciar sesión', 'Ingresa a tu cuenta de Recuerdos para cuidar el memorial de tu ser querido.');
  const navigate = useNavigate();
  const login = useLogin();
  const form = useZodForm(loginSchema, { defaultValues: { email: '', password: '' } });
  const { errors } = form.formState;

  const onSubmit = form.handleSubmit((values) => {
    login.mutate(values, { onSuccess: () => void navigate('/account', { replace: true }) });
  });

  return (
    <PublicPage width="wide" headerAction={null}>
      <div className="auth auth--split">
        <div className="auth__card card">
          <h1>Iniciar sesión</h1>
          <p className="auth__intro">Ingresa con el correo electrónico y la contraseña de tu cuenta.</p>
          <form className="auth__form" noValidate onSubmit={(event) => void onSubmit(event)}>
            <TextField
              label="Correo electrónico"
              type="email"
              autoComplete="email"
              inputMode="email"
              autoCapitalize="none"
              spellCheck={false}
              error={errors.email?.message}
              {...form.register('email')}
            />
            <PasswordField label="Contraseña" autoComplete="current-password" error={errors.password?.message} {...form.register('password')} />
            <Button type="submit" size="lg" block loading={login.isPending}>
              Ingresar
            </Button>
            {login.isError ? <FormAlert tone="error">{errorMessage(login.error)}</FormAlert> : null}
          </form>
          <p className="auth__links">
            <Link to="/forgot-password">¿Olvidaste tu contraseña?</Link>
          </p>
        </div>
        <aside className="auth__aside" aria-labelledby="login-aside-title">
          <h2 id="login-aside-title">Mantén viva su memoria</h2>
          <p>Desde tu cuenta cuidas el memorial de tu ser querido, con calma y a tu ritmo.</p>
          <ul>
            <li>
              <CheckIcon />
              <span>Comparte su historia con fotos, videos y mensajes.</span>
            </li>
            <li>
              <CheckIcon />
              <span>Aprueba los recuerdos que dejan familiares y amigos antes de que aparezcan.</span>
            </li>
            <li>
              <CheckIcon />
              <span>Mira las velas y flores que le dejan quienes le visitan.</span>
            </li>
            <li>
              <CheckIcon />
              <span>Decide si su perfil es público o privado, con un código de acceso.</span>
            </li>
          </ul>
          <p className="auth__quote">“Quien vive en el corazón de los que ama, nunca muere.”</p>
        </aside>
      </div>
    </PublicPage>
  );
}
