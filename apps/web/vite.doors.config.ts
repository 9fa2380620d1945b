// The light doors' builds (docs/decisions/015-light-doors.md), run after the SPA's and the guest's:
//   vite build -c vite.doors.config.ts                              the client bundles → dist/assets/door-*, dist/.vite/doors-manifest.json
//   vite build -c vite.doors.config.ts --ssr src/doors/render.tsx   the server render → dist-ssr/doors-render.js
// Like the guest page (vite.guest.config.ts), the SPA's React-API components compiled against
// Preact: the server renders whole pages, the browser hydrates only their interactive islands.
import { defineConfig, type Alias } from 'vite';

// The server finds these by the same names (@recuerdos/shared/doors; Vite loads this config with
// Node, which cannot import the shared TypeScript sources).
const DOOR_ENTRY_SOURCES = ['src/doors/landing-client.tsx', 'src/doors/login-client.tsx'];
const DOORS_MANIFEST_FILE = '.vite/doors-manifest.json';
const DOORS_RENDER_FILE = 'doors-render.js';

const preactAliases: Alias[] = [
  { find: /^react$/, replacement: 'preact/compat' },
  { find: /^react-dom$/, replacement: 'preact/compat' },
  { find: /^react-dom\/client$/, replacement: 'preact/compat/client' },
  { find: /^react\/jsx-runtime$/, replacement: 'preact/jsx-runtime' },
  { find: /^react\/jsx-dev-runtime$/, replacement: 'preact/jsx-dev-runtime' },
];

export default defineConfig(({ isSsrBuild }) => ({
  resolve: { alias: preactAliases },
  // Public files are copied once, by the SPA build.
  publicDir: false,
  build: isSsrBuild
    ? {
        ssr: 'src/doors/render.tsx',
        outDir: 'dist-ssr',
        // The guest render is already there.
        emptyOutDir: false,
        sourcemap: false,
        // The pictures' URLs must be the client build's files, never data: URIs.
        assetsInlineLimit: 0,
        rolldownOptions: { output: { entryFileNames: DOORS_RENDER_FILE, chunkFileNames: 'doors/[name]-[hash].js' } },
      }
    : {
        outDir: 'dist',
        // The SPA and guest builds have filled dist/; this build adds to it.
        emptyOutDir: false,
        sourcemap: false,
        manifest: DOORS_MANIFEST_FILE,
        assetsInlineLimit: 0,
        // The browsers these pages serve all support modulepreload; no polyfill in the entries.
        modulePreload: { polyfill: false },
        rolldownOptions: {
          input: DOOR_ENTRY_SOURCES,
          output: {
            entryFileNames: 'assets/door-[name]-[hash].js',
            chunkFileNames: 'assets/door-[name]-[hash].js',
            // The doors' styles are named like their scripts; pictures and fonts keep the names the
            // SPA's build and the server render give them (the same files, the same URLs).
            assetFileNames: (asset) => (asset.names.some((name) => name.endsWith('.css')) ? 'assets/door-[name]-[hash][extname]' : 'assets/[name]-[hash][extname]'),
            // What both doors load (Preact, the frame's components, the base styles) in one
            // chunk with a plain name: door-common-*.js and .css.
            codeSplitting: { groups: [{ name: 'common', minShareCount: 2 }] },
          },
        },
      },
  // The server render runs in Node: bundle Preact and the shared code into one self-contained file.
  ssr: { noExternal: true },
}));
