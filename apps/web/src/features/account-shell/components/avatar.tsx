// Pictures in the user menu. A memorial's picture (its photo, a default one if none) marks each of
// the account's memorials under 'Perfiles'; the owner, next to their own name, is shown by their
// initials — never by the photo of the person they lost (issue 14 §6).
import { UserIcon } from '../../../components/account-icons';

export function Avatar({ path, size = 40 }: { path: string; size?: number }) {
  if (!path) {
    return (
      <span className="avatar avatar--default" style={{ width: size, height: size }} aria-hidden="true">
        <UserIcon />
      </span>
    );
  }
  return <img className="avatar" src={path} alt="" width={size} height={size} />;
}

/** 'Ana' 'Quispe Rojas' → 'AQ'; empty names give the default picture. */
export function initials(name: string, lastname: string): string {
  return [name, lastname]
    .map((part) => part.trim().charAt(0))
    .join('')
    .toLocaleUpperCase('es-PE');
}

export function OwnerAvatar({ name, lastname, size = 40 }: { name: string; lastname: string; size?: number }) {
  const letters = initials(name, lastname);
  if (!letters) return <Avatar path="" size={size} />;
  return (
    <span className="avatar avatar--initials" style={{ width: size, height: size, fontSize: size * 0.4 }} aria-hidden="true">
      {letters}
    </span>
  );
}
