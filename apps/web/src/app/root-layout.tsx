// The root of every client route: session renewal, toasts, a slim progress bar while a lazy page
// loads, scroll restoration, and focus moved to the new page's main content after a navigation.
import { useEffect, useRef } from 'react';
import { useQueryClient } from '@tanstack/react-query';
import { Link, Outlet, ScrollRestoration, useLocation, useNavigation, useRouteError } from 'react-router';
import { LinkProvider, type LinkRenderer } from '../components/app-link';
import { Button } from '../components/button';
import { PageSpinner } from '../components/spinner';
import { Toaster } from '../components/toast';
import { useUserSession, useUserSessionRenewal } from '../lib/session';
import './root-layout.css';

function NavigationProgress() {
  const navigation = useNavigation();
  if (navigation.state === 'idle') return null;
  return <div className="nav-progress" role="progressbar" aria-label="Cargando la página" />;
}

/** Screen-reader and keyboard users land on the new page's content, not on the old link. */
function useFocusMainOnNavigation(): void {
  const { pathname } = useLocation();
  const first = useRef(true);
  useEffect(() => {
    if (first.current) {
      first.current = false;
      return;
    }
    const main = document.getElementById('contenido');
    main?.focus({ preventScroll: true });
  }, [pathname]);
}

/** Another account (or none) must never see data cached for the previous one. */
function useForgetDataOnAccountChange(): void {
  const queryClient = useQueryClient();
  const { user } = useUserSession();
  const account = user?.email ?? null;
  const previous = useRef(account);
  useEffect(() => {
    if (previous.current === account) return;
    previous.current = account;
    queryClient.removeQueries();
  }, [account, queryClient]);
}

/** Inside the SPA the shared pages' links change the page in place. */
const routerLink: LinkRenderer = ({ to, ...rest }) => <Link {...rest} to={to} />;

export function RootLayout() {
  useUserSessionRenewal();
  useForgetDataOnAccountChange();
  useFocusMainOnNavigation();
  return (
    <LinkProvider value={routerLink}>
      <NavigationProgress />
      <Outlet />
      <Toaster />
      <ScrollRestoration />
    </LinkProvider>
  );
}

export function RootHydrateFallback() {
  return <PageSpinner />;
}

/** A page failed to load (a new version was deployed, or the connection dropped). */
export function RootErrorBoundary() {
  const error = useRouteError();
  if (import.meta.env.DEV) console.error(error);
  return (
    <main id="contenido" className="route-error">
      <h1>No pudimos cargar esta página</h1>
      <p>Revisa tu conexión a internet y vuelve a intentarlo. Si el problema continúa, escríbenos.</p>
      <Button onClick={() => window.location.reload()}>Volver a cargar</Button>
    </main>
  );
}
