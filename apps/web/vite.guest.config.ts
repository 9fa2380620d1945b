// The guest memorial's builds (docs/decisions/007-guest-page-rendering.md), run after the SPA's:
//   vite build -c vite.guest.config.ts          the client bundle → dist/assets/guest-*, dist/.vite/guest-manifest.json
//   vite build -c vite.guest.config.ts --ssr src/guest/render.tsx   the server render → dist-ssr/guest-render.js
// Both compile the same React-API components against Preact (vite.light-page.ts).
import { lightPageConfig } from './vite.light-page.ts';

// The server finds these by the same names (@recuerdos/shared/guest-page).
export default lightPageConfig({
  prefix: 'guest',
  input: 'src/guest/entry-client.tsx',
  manifest: '.vite/guest-manifest.json',
  render: 'src/guest/render.tsx',
  renderFile: 'guest-render.js',
  renderChunks: 'chunks',
  // The first light build: dist-ssr/ starts empty.
  emptyRenderDir: true,
});
