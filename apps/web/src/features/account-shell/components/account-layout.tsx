// The account area's frame (spec §2 'Account layout'). A first version: navigation, the user's
// name and 'Cerrar sesión'; issue 6 adds the badge, the user menu, profiles and disclaimers.
import { Link, NavLink, Outlet } from 'react-router';
import { Button } from '../../../components/button';
import { Logo } from '../../../components/logo';
import { SkipLink } from '../../../components/public-page';
import { signOut, useUserSession } from '../../../lib/session';
import './account.css';

export function AccountLayout() {
  const { user } = useUserSession();
  return (
    <div className="account">
      <SkipLink />
      <header className="account__bar">
        <div className="container account__bar-inner">
          <Link to="/account" className="account__logo" aria-label="Recuerdos, ir a Inicio">
            <Logo size={32} />
          </Link>
          <nav aria-label="Principal" className="account__nav">
            <NavLink to="/account" end>
              Inicio
            </NavLink>
            <NavLink to="/account/notifications">Notificaciones</NavLink>
            <NavLink to="/account/personal">Mi cuenta</NavLink>
          </nav>
          <div className="account__user">
            <span className="account__name">
              {user?.name} {user?.lastname}
            </span>
            <Button variant="ghost" size="sm" onClick={() => void signOut()}>
              Cerrar sesión
            </Button>
          </div>
        </div>
      </header>
      <main id="contenido" tabIndex={-1} className="container account__main">
        <Outlet />
      </main>
    </div>
  );
}
