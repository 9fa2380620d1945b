// /login (spec §2, §4, §5): e-mail and password, the server's message under the form on failure,
// a forgot-password link and a few words about the product. Rendered by the server as a light page
// whose only hydrated island is the form (docs/decisions/015); the SPA renders the same page when it
// navigates here itself (after 'Cerrar sesión', a person switch).
import { AppLink } from '../../../components/app-link';
import { CheckIcon } from '../../../components/icons';
import { PublicPage } from '../../../components/public-page';
import { usePageMeta, type PageMeta } from '../../../lib/page-meta';
import { LOGIN_FORM_ISLAND_ID, LoginForm } from './login-form';
import './auth.css';

export const LOGIN_META: PageMeta = {
  title: 'Iniciar sesión',
  description: 'Ingresa a tu cuenta de Recuerdos para cuidar el memorial de tu ser querido.',
};

/** `onSignedIn`: where a successful login leads (the SPA navigates in place, the light page loads /account). */
export function LoginPage({ onSignedIn }: { onSignedIn: () => void }) {
  usePageMeta(LOGIN_META.title, LOGIN_META.description);

  return (
    <PublicPage width="wide" headerAction={null}>
      <div className="auth auth--split">
        <div className="auth__card card">
          <h1>Iniciar sesión</h1>
          <p className="auth__intro">Ingresa con el correo electrónico y la contraseña de tu cuenta.</p>
          <div id={LOGIN_FORM_ISLAND_ID}>
            <LoginForm onSignedIn={onSignedIn} />
          </div>
          <noscript>
            <p className="auth__noscript">Para iniciar sesión necesitas activar JavaScript en tu navegador.</p>
          </noscript>
          <p className="auth__links">
            <AppLink to="/forgot-password">¿Olvidaste tu contraseña?</AppLink>
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
