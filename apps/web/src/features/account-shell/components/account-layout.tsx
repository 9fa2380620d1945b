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

/** At 1100 px or more the bar names its links; narrower, only their icons show (the names stay for screen readers). */
function AccountBar({ desktop }: { desktop: boolean }) {
  const label = (text: string) => (desktop ? text : <span className="visually-hidden">{text}</span>);
  return (
    <header className={desktop ? 'account-bar' : 'account-bar account-bar--mobile'}>
      <div className="container account-bar__inner">
        <Link to="/account" className="account-bar__logo" aria-label="Recuerdos, ir a Inicio">
          <Logo size={desktop ? 34 : 30} />
        </Link>
        <nav aria-label="Principal" className={desktop ? 'account-bar__nav' : 'account-bar__nav account-bar__nav--icons'}>
          <NavLink to="/account" end>
            <HomeIcon />
            {label('Inicio')}
          </NavLink>
          <NavLink to="/account/notifications">
            <BellIcon />
            {label('Notificaciones')}
            <NotificationBadge cap={desktop ? LIMITS.badgeCapDesktop : LIMITS.badgeCapMobile} />
          </NavLink>
        </nav>
        {desktop ? <UserMenuDropdown /> : <UserMenuModalButton />}
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
      <AccountBar desktop={desktop} />
      <DisclaimerBanners />
      <main id="contenido" tabIndex={-1} className="container account__main">
        <Outlet />
      </main>
    </div>
  );
}
