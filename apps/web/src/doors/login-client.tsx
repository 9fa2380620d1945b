// /login's bundle (docs/decisions/015): the server sent the whole page; the form is its only
// interactive part, so it is the only island hydrated. A successful login loads /account, where the
// SPA takes over with the session just stored (and trusts it without a renewal call).
import { hydrateRoot } from 'react-dom/client';
import { LOGIN_FORM_ISLAND_ID, LoginForm } from '../features/auth/components/login-form';
import { markHydrated } from '../lib/hydrated';
import { handOverFreshLogin } from '../lib/session';
import { loadUserSession } from '../lib/session-storage';
import './door-styles';
import '../features/auth/components/login-page';

// Spec §2: /login is for visitors without a session; a logged-in user goes to /account.
if (loadUserSession()) {
  window.location.replace('/account');
} else {
  // In the task after the bundle's own evaluation, so neither is one long task (decision 021).
  setTimeout(() => {
    const island = document.getElementById(LOGIN_FORM_ISLAND_ID);
    if (island) {
      hydrateRoot(
        island,
        <LoginForm
          onSignedIn={() => {
            handOverFreshLogin();
            // Spec §4: /account replaces /login in the history.
            window.location.replace('/account');
          }}
        />,
      );
    }
    markHydrated();
  });
}
