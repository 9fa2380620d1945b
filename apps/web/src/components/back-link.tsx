// 'Regresar' (spec §2): a link back to another page, or a button back to the previous step.
import { Link } from 'react-router';
import { ChevronLeftIcon } from './icons';
import './back-link.css';

export function BackLink({ to }: { to: string }) {
  return (
    <Link to={to} className="back-link">
      <ChevronLeftIcon />
      Regresar
    </Link>
  );
}

export function BackButton({ onClick }: { onClick: () => void }) {
  return (
    <button type="button" className="back-link" onClick={onClick}>
      <ChevronLeftIcon />
      Regresar
    </button>
  );
}
