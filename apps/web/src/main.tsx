import { StrictMode } from 'react';
import { createRoot, hydrateRoot } from 'react-dom/client';
import { QueryClientProvider } from '@tanstack/react-query';
import { RouterProvider } from 'react-router';
import { createQueryClient } from './app/query-client';
import { createAppRouter } from './app/router';
import './styles/fonts.css';
import './styles/tokens.css';
import './styles/base.css';

const queryClient = createQueryClient();
const router = createAppRouter();

const root = document.getElementById('root');
if (root) {
  const app = (
    <StrictMode>
      <QueryClientProvider client={queryClient}>
        <RouterProvider router={router} />
      </QueryClientProvider>
    </StrictMode>
  );
  // '/' arrives rendered by the server (src/landing/render.tsx): hydrate it; every other path starts empty.
  if (root.firstElementChild) {
    hydrateRoot(root, app, {
      // A mismatch is repaired by rendering on the client; say so where the browser tests look.
      onRecoverableError: (error) => console.error('Hydration:', error),
    });
  } else {
    createRoot(root).render(app);
  }
}
