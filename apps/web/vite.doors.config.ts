// The light doors' builds (docs/decisions/015-light-doors.md), run after the SPA's and the guest's:
//   vite build -c vite.doors.config.ts                              the client bundles → dist/assets/door-*, dist/.vite/doors-manifest.json
//   vite build -c vite.doors.config.ts --ssr src/doors/render.tsx   the server render → dist-ssr/doors-render.js
// Like the guest page, the SPA's React-API components compiled against Preact (vite.light-page.ts):
// the server renders whole pages, the browser hydrates only their interactive islands.
import { lightPageConfig } from './vite.light-page.ts';

// The server finds these by the same names (@recuerdos/shared/doors).
export default lightPageConfig({
  prefix: 'door',
  input: ['src/doors/landing-client.tsx', 'src/doors/login-client.tsx'],
  manifest: '.vite/doors-manifest.json',
  render: 'src/doors/render.tsx',
  renderFile: 'doors-render.js',
  renderChunks: 'doors',
  // The guest render is already there.
  emptyRenderDir: false,
  output: {
    // The doors' styles are named like their scripts; pictures and fonts keep the names the
    // SPA's build and the server render give them (the same files, the same URLs).
    assetFileNames: (asset) => (asset.names.some((name) => name.endsWith('.css')) ? 'assets/door-[name]-[hash][extname]' : 'assets/[name]-[hash][extname]'),
    // What both doors load (Preact, the frame's components, the base styles) in one
    // chunk with a plain name: door-common-*.js and .css.
    codeSplitting: { groups: [{ name: 'common', minShareCount: 2 }] },
  },
});
