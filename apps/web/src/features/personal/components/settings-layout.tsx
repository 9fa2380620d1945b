// The frame of 'Datos personales' and 'Cambiar contraseña' (spec §2): the greeting, the settings menu
// ('Datos personales', 'Cambiar contraseña', 'Cerrar sesión') and the page. On narrow screens the menu
// and the content take turns, with 'Regresar' back to the menu.
import type { ReactNode } from 'react';
import { NavLink, useNavigate } from 'react-router';
import { LockIcon, LogoutIcon, UserIcon } from '../../../components/account-icons';
import { useAccountUser } from '../../../lib/account/account-user';
import { signOut } from '../../../lib/session';
import { useIsDesktop } from '../../../lib/use-media-query';
import './personal.css';

export function Greeting() {
  const user = useAccountUser();
  return (
    <p className="settings__hello">
      Hola, {user.name} {user.lastname}
    </p>
  );
}

function SettingsMenu({ onChoose }: { onChoose?: (() => void) | undefined }) {
  const navigate = useNavigate();
  return (
    <nav aria-label="Configuración de tu cuenta" className="settings-menu">
      <ul>
        <li>
          <NavLink to="/account/personal" end onClick={onChoose}>
            <UserIcon />
            Datos personales
          </NavLink>
        </li>
        <li>
          <NavLink to="/account/change-password">
            <LockIcon />
            Cambiar contraseña
          </NavLink>
        </li>
        <li>
          <button
            type="button"
            onClick={() => {
              void signOut().then(() => navigate('/login', { replace: true }));
            }}
          >
            <LogoutIcon />
            Cerrar sesión
          </button>
        </li>
      </ul>
    </nav>
  );
}

interface SettingsLayoutProps {
  /** Narrow screens: true shows the menu instead of the content. */
  showMenu: boolean;
  /** Narrow screens: 'Datos personales' chosen in the menu while already on its page. */
  onShowContent?: () => void;
  children: ReactNode;
}

export function SettingsLayout({ showMenu, onShowContent, children }: SettingsLayoutProps) {
  const desktop = useIsDesktop();
  if (!desktop && showMenu) {
    return (
      <div className="settings settings--menu">
        <h1 className="visually-hidden">Mi cuenta</h1>
        <Greeting />
        <SettingsMenu onChoose={onShowContent} />
      </div>
    );
  }
  return (
    <div className="settings">
      {desktop ? (
        <aside className="settings__aside" aria-label="Mi cuenta">
          <Greeting />
          <SettingsMenu />
        </aside>
      ) : null}
      <div className="settings__content">{children}</div>
    </div>
  );
}
