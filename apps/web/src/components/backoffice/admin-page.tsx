// Pieces every back-office page shares (issue 15): the page head, badges and the panels' frame.
// Only the back office's chunks import this folder.
import type { ReactNode } from 'react';
import { usePageMeta } from '../../lib/page-meta';
import './backoffice.css';

export function AdminPage({ title, actions, children }: { title: string; actions?: ReactNode; children: ReactNode }) {
  usePageMeta(`${title} · Administración`, 'Administración de Recuerdos');
  return (
    <>
      <div className="bo-head">
        <h1>{title}</h1>
        {actions ? <div className="bo-head__actions">{actions}</div> : null}
      </div>
      {children}
    </>
  );
}

export type BadgeTone = 'danger' | 'warning' | 'success' | 'neutral';

export function Badge({ tone, children }: { tone: BadgeTone; children: ReactNode }) {
  return <span className={`bo-badge bo-badge--${tone}`}>{children}</span>;
}

export function Panel({ title, children, headingId }: { title?: string; children: ReactNode; headingId?: string }) {
  return (
    <section className="bo-panel" aria-labelledby={title ? headingId : undefined}>
      {title ? <h2 id={headingId}>{title}</h2> : null}
      {children}
    </section>
  );
}
