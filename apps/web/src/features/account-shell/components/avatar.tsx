// The user's picture in the menu (spec §2: the current memorial's picture, a default one if none).
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
