// Route guards of spec §2: /account* needs a login (else /login); /login sends a logged-in user to
// /account. A session restored from storage is confirmed by the server (renewal) before the
// account area renders, so an expired session goes back to /login instead of a broken page.
import { Navigate, Outlet, useLocation } from 'react-router';
import { PageSpinner } from '../components/spinner';
import { useUserSession } from '../lib/session';

export function RequireUser() {
  const { user, confirmed } = useUserSession();
  if (!user) return <Navigate to="/login" replace />;
  if (!confirmed) return <PageSpinner label="Verificando tu sesión…" />;
  return <Outlet />;
}

export function PublicOnly() {
  const { user } = useUserSession();
  if (user) return <Navigate to="/account" replace />;
  return <Outlet />;
}

/** /guest without an id goes to / (spec §2). */
export function RequireGuestId() {
  const location = useLocation();
  const id = new URLSearchParams(location.search).get('id');
  if (!id) return <Navigate to="/" replace />;
  return <Outlet />;
}
