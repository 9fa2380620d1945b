// The frame of the public pages: a header whose logo returns to '/', the page, and the footer.
import type { ReactNode } from 'react';
import { AppLink } from './app-link';
import { buttonClass } from './button';
import { Logo } from './logo';
import { SiteFooter } from './site-footer';
import './public-page.css';

export const MAIN_ID = 'contenido';

export function SkipLink() {
  return (
    <a className="skip-link" href={`#${MAIN_ID}`}>
      Saltar al contenido
    </a>
  );
}

export function SiteHeader({ action }: { action?: ReactNode }) {
  return (
    <header className="site-header">
      <div className="container site-header__inner">
        <AppLink to="/" className="site-header__logo" aria-label="Recuerdos, ir al inicio">
          <Logo />
        </AppLink>
        {action}
      </div>
    </header>
  );
}

export function LoginLink() {
  return (
    <AppLink to="/login" className={buttonClass({ variant: 'secondary', size: 'sm' })}>
      Iniciar sesión
    </AppLink>
  );
}

interface PublicPageProps {
  children: ReactNode;
  /** 'reading' narrows the column for long texts and forms. */
  width?: 'reading' | 'wide';
  headerAction?: ReactNode;
}

export function PublicPage({ children, width = 'reading', headerAction = <LoginLink /> }: PublicPageProps) {
  return (
    <div className="public-page">
      <SkipLink />
      <SiteHeader action={headerAction} />
      <main id={MAIN_ID} tabIndex={-1} className={`public-page__main public-page__main--${width}`}>
        {children}
      </main>
      <SiteFooter />
    </div>
  );
}
