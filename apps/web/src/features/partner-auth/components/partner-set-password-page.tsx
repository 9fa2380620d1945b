// /socios/set-password?token= (issue 30 §1): the link `create-partner-user` prints, or the one a
// partner admin receives when adding an adviser; used once (the staff realms' page,
// components/staff/staff-set-password.tsx: the operators' rule, 12 characters at least, typed twice).
import { PartnerPage } from '../../../components/partner/partner-page';
import { StaffSetPassword, type StaffSetPasswordRealm } from '../../../components/staff/staff-set-password';
import { useSetPassword, useSetPasswordLink } from '../api/partner-auth';

const PARTNER_AREA: StaffSetPasswordRealm = { look: 'partner', signIn: '/socios', useLinkOwner: useSetPasswordLink, useSetPassword };

export function PartnerSetPasswordPage() {
  return (
    <PartnerPage title="Crea tu contraseña">
      <StaffSetPassword realm={PARTNER_AREA} />
    </PartnerPage>
  );
}
