// The frame of 'Datos personales' and 'Cambiar contraseña' (spec §2): the greeting, the settings menu
// ('Datos personales', 'Cambiar contraseña', 'Cerrar sesión') and the page. On narrow screens the menu
// and the content take turns, with 'Regresar' back to the menu; there the menu is a page of its own,
// 'Mi cuenta', with the e-mail and a line under each entry saying what it holds (issue 14 §6).
import { useId, type ReactNode } from 'react';
import { Link, NavLink, useNavigate } from 'react-router';
import { LockIcon, LogoutIcon, UserIcon } from '../../../components/account-icons';
import { ChevronRightIcon } from '../../../components/icons';
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

/** An entry's name, and on the phone's menu page the line under it and the arrow. */
function Entry({ icon, label, hint, hintId }: { icon: ReactNode; label: string; hint: string | null; hintId: string }) {
  return (
    <>
      {icon}
      <span className="settings-menu__text">
        {label}
        {hint ? (
          <span className="settings-menu__hint" id={hintId}>
            {hint}
          </span>
        ) : null}
      </span>
      {hint ? <ChevronRightIcon /> : null}
    </>
  );
}

function SettingsMenu({ onChoose, page = false }: { onChoose?: (() => void) | undefined; page?: boolean }) {
  const navigate = useNavigate();
  const id = useId();
  // On the phone's menu page no entry is 'current' (plain links): the page shown is the menu itself.
  const MenuLink = page ? Link : NavLink;
  const entry = (name: string, label: string, hint: string) => ({
    label,
    hintId: `${id}-${name}`,
    hint: page ? hint : null,
    described: page ? { 'aria-label': label, 'aria-describedby': `${id}-${name}` } : {},
  });
  const personal = entry('personal', 'Datos personales', 'Tu nombre y tu correo');
  const password = entry('password', 'Cambiar contraseña', 'Cámbiala cuando quieras');
  const leave = entry('leave', 'Cerrar sesión', 'Sal de tu cuenta en este equipo');
  return (
    <nav aria-label="Configuración de tu cuenta" className={page ? 'settings-menu settings-menu--page' : 'settings-menu'}>
      <ul>
        <li>
          <MenuLink to="/account/personal" {...(page ? {} : { end: true })} onClick={onChoose} {...personal.described}>
            <Entry icon={<UserIcon />} {...personal} />
          </MenuLink>
        </li>
        <li>
          <MenuLink to="/account/change-password" {...password.described}>
            <Entry icon={<LockIcon />} {...password} />
          </MenuLink>
        </li>
        <li>
          <button
            type="button"
            {...leave.described}
            onClick={() => {
              void signOut().then(() => navigate('/login', { replace: true }));
            }}
          >
            <Entry icon={<LogoutIcon />} {...leave} />
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
  const user = useAccountUser();
  if (!desktop && showMenu) {
    return (
      <div className="settings settings--menu">
        <h1 className="settings__title">Mi cuenta</h1>
        <Greeting />
        <p className="settings__email">{user.email}</p>
        <SettingsMenu onChoose={onShowContent} page />
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
