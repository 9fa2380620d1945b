// /socios (issue 30 §1): partner staff sign in with their password; a partner admin then gives the
// code of an authenticator app (set up at the first sign-in, with ten recovery codes shown once). The
// steps are the staff realms' (components/staff/staff-sign-in.tsx) in the partner area's words.
import type { PartnerSessionData } from '@recuerdos/shared/partner-api-types';
import { partnerLoginSchema } from '@recuerdos/shared/partner-schemas';
import { PartnerPage } from '../../../components/partner/partner-page';
import { StaffSignIn, type StaffSignInRealm } from '../../../components/staff/staff-sign-in';
import { setPartnerSession, usePartnerSession } from '../../../lib/partner/partner-session';
import { completeSignIn, usePartnerLogin, useSecondFactor, useStartEnrollment } from '../api/partner-auth';

export const PARTNER_HOME = '/socios/vender';

const PARTNER_AREA: StaffSignInRealm<PartnerSessionData> = {
  look: 'partner',
  home: PARTNER_HOME,
  loginSchema: partnerLoginSchema,
  words: {
    passwordIntro: 'Ingresa con el correo y la contraseña que te dio tu empresa.',
    passwordSubmit: 'Ingresar',
    enrollIntro:
      'Como administrador, protege tu cuenta con una aplicación de autenticación (Google Authenticator, Microsoft Authenticator…): escanea este código o escribe la clave.',
    enrollSubmit: 'Activar e ingresar',
    verifySubmit: 'Ingresar',
    codesNote: 'Solo los verás esta vez. Cada uno sirve una sola vez para ingresar si pierdes tu teléfono.',
  },
  useSignedIn: () => Boolean(usePartnerSession()?.user),
  useLogin: usePartnerLogin,
  useStartEnrollment,
  useSecondFactor,
  complete: (data) => completeSignIn(data.token),
  forget: () => setPartnerSession(null),
};

export function PartnerLoginPage() {
  return (
    <PartnerPage title="Recuerdos para funerarias y camposantos">
      <StaffSignIn realm={PARTNER_AREA} />
    </PartnerPage>
  );
}
