// The frame of the partner area (/socios, issue 30): the public pages' header and footer, the
// partner's name and a sign-out button. Only the partner area's chunks import this folder.
import type { ReactNode } from 'react';
import { NavLink } from 'react-router';
import { Button } from '../button';
import { PublicPage } from '../public-page';
import { usePageMeta } from '../../lib/page-meta';
import { useSignOut } from '../../lib/partner/partner-api';
import { usePartnerSession } from '../../lib/partner/partner-session';
import './partner-page.css';

function SignOut() {
  const session = usePartnerSession();
  const signOut = useSignOut();
  if (!session?.user) return null;
  return (
    <Button variant="secondary" size="sm" onClick={signOut}>
      Cerrar sesión
    </Button>
  );
}

export function PartnerPage({ title, intro, children }: { title: string; intro?: ReactNode; children: ReactNode }) {
  usePageMeta(`${title} · Recuerdos para funerarias`, 'Recuerdos para funerarias y camposantos');
  const session = usePartnerSession();
  return (
    <PublicPage headerAction={<SignOut />}>
      <div className="partner-page">
        {session?.user ? (
          <>
            <p className="partner-page__who">
              {session.user.name} · {session.user.partner}
            </p>
            <nav className="partner-nav" aria-label="Área de socios">
              <NavLink to="/socios/vender" end>
                Nuevo memorial
              </NavLink>
              <NavLink to="/socios/memoriales" end>
                Memoriales registrados
              </NavLink>
              {session.user.role === 'admin' ? (
                <>
                  <NavLink to="/socios/personal" end>
                    Sedes y asesores
                  </NavLink>
                  <NavLink to="/socios/estado" end>
                    Estado del mes
                  </NavLink>
                </>
              ) : null}
            </nav>
          </>
        ) : null}
        <h1>{title}</h1>
        {intro}
        {children}
        <footer className="partner-page__footer">
          <NavLink to="/socios/condiciones">Condiciones para funerarias y camposantos</NavLink>
        </footer>
      </div>
    </PublicPage>
  );
}
