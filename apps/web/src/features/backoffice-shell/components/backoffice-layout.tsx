// The back office's frame (issue 15): only with a complete operator session (else /admin/login),
// a bar with the sections and the operator, and the page. Loaded only under /admin.
import { Link, Navigate, Outlet, useLocation, useNavigate } from 'react-router';
import '../../../components/backoffice/backoffice.css';
import { useOperatorSession } from '../../../lib/operator/operator-session';
import { useOperatorLogout } from '../api/operator-logout';

const SECTIONS = [
  ['/admin/complaints', 'Reclamos'],
  ['/admin/contracts', 'Contratos'],
  ['/admin/reports', 'Reportes'],
  ['/admin/socios', 'Socios'],
  ['/admin/socios/estado', 'Estados de socios'],
  ['/admin/audit', 'Auditoría'],
] as const;

/** The section the page belongs to: the longest of the sections' paths that the address starts with. */
function currentSection(pathname: string): string | undefined {
  return SECTIONS.map(([to]) => to)
    .filter((to) => pathname === to || pathname.startsWith(`${to}/`))
    .sort((a, b) => b.length - a.length)[0];
}

export function BackofficeLayout() {
  const session = useOperatorSession();
  const navigate = useNavigate();
  const logout = useOperatorLogout();
  const current = currentSection(useLocation().pathname);
  if (!session?.operator) return <Navigate to="/admin/login" replace />;

  const leave = () => logout.mutate(undefined, { onSettled: () => void navigate('/admin/login', { replace: true }) });

  return (
    <div className="bo">
      <a className="skip-link" href="#contenido">
        Saltar al contenido
      </a>
      <header className="bo-bar">
        <Link className="bo-bar__brand" to="/admin/complaints">
          Recuerdos · Administración
        </Link>
        <nav aria-label="Secciones">
          <ul className="bo-nav">
            {SECTIONS.map(([to, label]) => (
              <li key={to}>
                {/* One section marked at a time: /admin/socios/estado is not also "Socios". */}
                <Link to={to} aria-current={to === current ? 'page' : undefined}>
                  {label}
                </Link>
              </li>
            ))}
          </ul>
        </nav>
        <div className="bo-bar__me">
          <Link to="/admin/account" aria-label={`Mi cuenta (${session.operator.name})`}>
            {session.operator.name}
          </Link>
          <button type="button" onClick={leave}>
            Cerrar sesión
          </button>
        </div>
      </header>
      <main id="contenido" className="bo-main" tabIndex={-1}>
        <Outlet />
      </main>
    </div>
  );
}
