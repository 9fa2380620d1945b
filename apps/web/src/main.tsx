import { StrictMode, startTransition } from 'react';
import { createRoot, hydrateRoot } from 'react-dom/client';
import { QueryClientProvider } from '@tanstack/react-query';
import { RouterProvider, createBrowserRouter } from 'react-router';
import { createQueryClient } from './app/query-client';
import { routes } from './app/router';
import { nextTask, prepareAccountPage } from './account-page/hydrate';
import { MarkLive } from './app/mark-live';
import './styles/fonts.css';
import './styles/tokens.css';
import './styles/base.css';

const queryClient = createQueryClient();

async function start(root: HTMLElement): Promise<void> {
  // The account pages may arrive rendered by the server with their data (docs/decisions/028); the
  // other pages the server renders have bundles of their own (src/guest, src/doors).
  const mode = await prepareAccountPage(queryClient, routes);
  if (mode === 'hydrate') await nextTask();
  const router = createBrowserRouter(routes);
  const app = (
    <StrictMode>
      <QueryClientProvider client={queryClient}>
        <RouterProvider router={router} />
        <MarkLive />
      </QueryClientProvider>
    </StrictMode>
  );
  // In a transition React hydrates in slices that yield to the browser (a default-priority hydration
  // is one long task on a phone's CPU); a tap meanwhile is kept by the early-tap script (028).
  if (mode === 'hydrate') startTransition(() => void hydrateRoot(root, app));
  else createRoot(root).render(app);
}

const root = document.getElementById('root');
if (root) void start(root);
