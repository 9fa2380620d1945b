// The account area's frame (spec §2 'Account layout'): at 1100 px or more a navbar with 'Inicio',
// 'Notificaciones' (badge capped '+99') and the user menu; narrower, a mobile bar (badge '+9') whose
// picture opens the mobile profile modal. Banners of the contract sit under it. Pending posts,
// banners and the memorial list are asked again on every change of path (spec §7).
import { Link, NavLink, Outlet } from 'react-router';
import { LIMITS } from '@recuerdos/shared/limits';
import { BellIcon, HomeIcon } from '../../../components/account-icons';
import { Logo } from '../../../components/logo';
import { SkipLink } from '../../../components/public-page';
import { useRefreshOnNavigation } from '../../../lib/account/use-refresh-on-navigation';
import { useIsDesktop } from '../../../lib/use-media-query';
import { DisclaimerBanners } from './disclaimer-banners';
import { NotificationBadge } from './notification-badge';
import { UserMenuDropdown, UserMenuModalButton } from './user-menu';
import './account.css';

function DesktopNavbar() {
  return (
    <header className="account-bar">
      <div className="container account-bar__inner">
        <Link to="/account" className="account-bar__logo" aria-label="Recuerdos, ir a Inicio">
          <Logo size={34} />
        </Link>
        <nav aria-label="Principal" className="account-bar__nav">
          <NavLink to="/account" end>
            <HomeIcon />
            Inicio
          </NavLink>
          <NavLink to="/account/notifications">
            <BellIcon />
            Notificaciones
            <NotificationBadge cap={LIMITS.badgeCapDesktop} />
          </NavLink>
        </nav>
        <UserMenuDropdown />
      </div>
    </header>
  );
}

function MobileBar() {
  return (
    <header className="account-bar account-bar--mobile">
      <div className="container account-bar__inner">
        <Link to="/account" className="account-bar__logo" aria-label="Recuerdos, ir a Inicio">
          <Logo size={30} />
        </Link>
        <nav aria-label="Principal" className="account-bar__nav account-bar__nav--icons">
          <NavLink to="/account" end>
            <HomeIcon />
            <span className="visually-hidden">Inicio</span>
          </NavLink>
          <NavLink to="/account/notifications">
            <BellIcon />
            <span className="visually-hidden">Notificaciones</span>
            <NotificationBadge cap={LIMITS.badgeCapMobile} />
          </NavLink>
        </nav>
        <UserMenuModalButton />
      </div>
    </header>
  );
}

export function AccountLayout() {
  const desktop = useIsDesktop();
  useRefreshOnNavigation();
  return (
    <div className="account">
      <SkipLink />
      {desktop ? <DesktopNavbar /> : <MobileBar />}
      <DisclaimerBanners />
      <main id="contenido" tabIndex={-1} className="container account__main">
        <Outlet />
      </main>
    </div>
  );
}
