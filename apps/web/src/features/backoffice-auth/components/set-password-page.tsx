// /admin/set-password?token= (issue 15 §1): the link `admin create-operator` prints, used once (the
// staff realms' page, components/staff/staff-set-password.tsx).
import { AdminPage } from '../../../components/backoffice/admin-page';
import { StaffSetPassword, type StaffSetPasswordRealm } from '../../../components/staff/staff-set-password';
import { useSetPassword, useSetPasswordLink } from '../api/operator-auth';

const BACK_OFFICE: StaffSetPasswordRealm = { look: 'bo', signIn: '/admin/login', useLinkOwner: useSetPasswordLink, useSetPassword };

export function SetPasswordPage() {
  return (
    <div className="bo-auth">
      <main id="contenido" className="bo-panel">
        <AdminPage title="Crea tu contraseña">
          <StaffSetPassword realm={BACK_OFFICE} />
        </AdminPage>
      </main>
    </div>
  );
}
