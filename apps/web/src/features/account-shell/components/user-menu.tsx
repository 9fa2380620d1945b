// The user menu of spec §2: name and picture (the owner's initials, issue 14 §6), 'Perfiles' (every memorial of the account, the current
// one marked; choosing another switches the session onto it and goes to /login, which lands back on
// /account), 'Mi cuenta', 'Cerrar sesión' and the privacy and terms link. A dropdown on desktop and
// the mobile profile modal below 1100 px share its content.
import { useEffect, useId, useRef, useState } from 'react';
import { Link, useLocation, useNavigate } from 'react-router';
import { ChevronDownIcon, LogoutIcon, UserIcon } from '../../../components/account-icons';
import { CheckIcon } from '../../../components/icons';
import { Modal } from '../../../components/modal';
import { Spinner } from '../../../components/spinner';
import { useAccountUser } from '../../../lib/account/account-user';
import { signOut, switchPerson } from '../../../lib/session';
import { usePersons } from '../api/get-persons';
import { Avatar, OwnerAvatar } from './avatar';

/**
 * The code of the SPA's /login route, where a switch goes (spec §2, §4). The router commits a
 * navigation only once the route's code is here; a switch made before that would render the new
 * memorial at /account, then take the page away to /login and back. So the menu fetches it when it
 * opens, and a switch waits for it; closing the menu meanwhile calls the switch off.
 */
function loadLoginRoute(): Promise<unknown> {
  return import('../../auth/components/login-route').catch(() => undefined);
}

function UserMenuContent({ onDone }: { onDone: () => void }) {
  const user = useAccountUser();
  const persons = usePersons();
  const navigate = useNavigate();
  const titleId = useId();
  const [leaving, setLeaving] = useState(false);
  const [switchingTo, setSwitchingTo] = useState<string | null>(null);
  const open = useRef(true);

  useEffect(() => {
    open.current = true;
    void loadLoginRoute();
    return () => {
      open.current = false;
    };
  }, []);

  const choose = (identifier: string, profilepath: string) => {
    if (identifier === user.identifier) {
      onDone();
      return;
    }
    if (switchingTo !== null) return;
    // Usually already here (fetched when the menu opened); on a slow link the chosen profile shows
    // that it is on its way.
    setSwitchingTo(identifier);
    void loadLoginRoute().then(() => {
      // Closed while the code was on its way: the owner changed their mind, nothing switches.
      if (!open.current) return;
      onDone();
      switchPerson(identifier, profilepath);
      void navigate('/login', { replace: true });
    });
  };

  const leave = async () => {
    setLeaving(true);
    await signOut();
    void navigate('/login', { replace: true });
  };

  return (
    <div className="user-menu">
      <div className="user-menu__who">
        <OwnerAvatar name={user.name} lastname={user.lastname} size={48} />
        <div>
          <p className="user-menu__name">
            {user.name} {user.lastname}
          </p>
          <p className="user-menu__email">{user.email}</p>
        </div>
      </div>
      <p className="user-menu__title" id={titleId}>
        Perfiles
      </p>
      {persons.isPending ? (
        <Spinner size="sm" label="Cargando tus perfiles…" />
      ) : (
        <ul className="user-menu__persons" aria-labelledby={titleId}>
          {(persons.data ?? []).map((person) => {
            const current = person.identifier === user.identifier;
            return (
              <li key={person.identifier}>
                <button
                  type="button"
                  className={current ? 'person-option person-option--current' : 'person-option'}
                  aria-current={current ? 'true' : undefined}
                  aria-busy={switchingTo === person.identifier || undefined}
                  onClick={() => choose(person.identifier, person.profilepath)}
                >
                  <Avatar path={person.profilepath} size={36} />
                  <span className="person-option__name">{person.fullname}</span>
                  {switchingTo === person.identifier ? <Spinner size="sm" decorative /> : null}
                  {current ? (
                    <>
                      <CheckIcon />
                      <span className="visually-hidden"> (perfil actual)</span>
                    </>
                  ) : null}
                </button>
              </li>
            );
          })}
        </ul>
      )}
      <ul className="user-menu__actions">
        <li>
          <Link to="/account/personal" className="user-menu__action" onClick={onDone}>
            <UserIcon />
            Mi cuenta
          </Link>
        </li>
        <li>
          <button type="button" className="user-menu__action" onClick={() => void leave()} disabled={leaving} aria-busy={leaving || undefined}>
            {leaving ? <Spinner size="sm" decorative /> : <LogoutIcon />}
            Cerrar sesión
          </button>
        </li>
      </ul>
      <p className="user-menu__legal">
        <Link to="/privacidad" onClick={onDone}>
          Privacidad
        </Link>{' '}
        y{' '}
        <Link to="/terminos" onClick={onDone}>
          términos
        </Link>
      </p>
    </div>
  );
}

/** Desktop: a disclosure button that opens the menu below it; Escape or a click elsewhere closes it. */
export function UserMenuDropdown() {
  const user = useAccountUser();
  const [open, setOpen] = useState(false);
  const panelId = useId();
  const rootRef = useRef<HTMLDivElement>(null);
  const buttonRef = useRef<HTMLButtonElement>(null);
  const { pathname } = useLocation();
  const [openedAt, setOpenedAt] = useState(pathname);
  // A navigation closes the menu.
  if (open && openedAt !== pathname) {
    setOpen(false);
    setOpenedAt(pathname);
  }

  useEffect(() => {
    if (!open) return;
    const onPointer = (event: MouseEvent) => {
      if (!rootRef.current?.contains(event.target as Node)) setOpen(false);
    };
    const onKey = (event: KeyboardEvent) => {
      if (event.key !== 'Escape') return;
      setOpen(false);
      buttonRef.current?.focus();
    };
    document.addEventListener('mousedown', onPointer);
    document.addEventListener('keydown', onKey);
    return () => {
      document.removeEventListener('mousedown', onPointer);
      document.removeEventListener('keydown', onKey);
    };
  }, [open]);

  return (
    <div className="user-dropdown" ref={rootRef}>
      <button
        ref={buttonRef}
        type="button"
        className="user-dropdown__button"
        aria-expanded={open}
        aria-controls={panelId}
        onClick={() => {
          setOpenedAt(pathname);
          setOpen((value) => !value);
        }}
      >
        <OwnerAvatar name={user.name} lastname={user.lastname} />
        <span className="user-dropdown__name">
          {user.name} {user.lastname}
        </span>
        <ChevronDownIcon />
        <span className="visually-hidden">, menú de tu cuenta</span>
      </button>
      <div id={panelId} className="user-dropdown__panel" hidden={!open}>
        {open ? <UserMenuContent onDone={() => setOpen(false)} /> : null}
      </div>
    </div>
  );
}

/** Below 1100 px: the picture opens the mobile profile modal (spec §2). */
export function UserMenuModalButton() {
  const user = useAccountUser();
  const [open, setOpen] = useState(false);
  return (
    <>
      <button type="button" className="mobile-bar__profile" aria-haspopup="dialog" onClick={() => setOpen(true)}>
        <OwnerAvatar name={user.name} lastname={user.lastname} size={40} />
        <span className="visually-hidden">Mi perfil</span>
      </button>
      <Modal open={open} onClose={() => setOpen(false)} title="Mi perfil" size="sm">
        <UserMenuContent onDone={() => setOpen(false)} />
      </Modal>
    </>
  );
}
