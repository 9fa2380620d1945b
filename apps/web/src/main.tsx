import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
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
  // The pages the server renders have bundles of their own (src/guest, src/doors): the SPA's
  // document always starts empty.
  createRoot(root).render(app);
}
