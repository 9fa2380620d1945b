// /admin/login (issue 15 §1): the password, then the second factor — at the first login the
// authenticator is set up (QR code or key, a first code) and ten recovery codes are shown once. The
// steps are the staff realms' (components/staff/staff-sign-in.tsx) in the back office's words.
import { operatorLoginSchema } from '@recuerdos/shared/admin-schemas';
import { AdminPage } from '../../../components/backoffice/admin-page';
import { StaffSignIn, type StaffSignInRealm } from '../../../components/staff/staff-sign-in';
import { setOperatorSession, useOperatorSession } from '../../../lib/operator/operator-session';
import { completeLogin, useOperatorLogin, useSecondFactor, useStartEnrollment } from '../api/operator-auth';

const BACK_OFFICE: StaffSignInRealm<Parameters<typeof completeLogin>[0]> = {
  look: 'bo',
  home: '/admin/complaints',
  loginSchema: operatorLoginSchema,
  words: {
    passwordIntro: 'Ingresa con tu correo de operador y tu contraseña. Luego te pediremos el código de tu aplicación de autenticación.',
    passwordSubmit: 'Continuar',
    enrollIntro: 'Abre tu aplicación de autenticación (Google Authenticator, Microsoft Authenticator, 1Password…) y escanea este código, o escribe la clave.',
    enrollSubmit: 'Activar y entrar',
    verifySubmit: 'Entrar',
    codesNote: 'Solo los verás esta vez. Cada uno sirve una sola vez para entrar si pierdes tu teléfono. Guárdalos en un lugar seguro.',
  },
  useSignedIn: () => Boolean(useOperatorSession()?.operator),
  useLogin: useOperatorLogin,
  useStartEnrollment,
  useSecondFactor,
  complete: completeLogin,
  forget: () => setOperatorSession(null),
};

export function AdminLoginPage() {
  return (
    <div className="bo-auth">
      <main id="contenido" className="bo-panel">
        <AdminPage title="Administración de Recuerdos">
          <StaffSignIn realm={BACK_OFFICE} />
        </AdminPage>
      </main>
    </div>
  );
}
