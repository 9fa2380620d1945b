// The guest memorial's builds (docs/decisions/007-guest-page-rendering.md), run after the SPA's:
//   vite build -c vite.guest.config.ts          the client bundle → dist/assets/guest-*, dist/.vite/guest-manifest.json
//   vite build -c vite.guest.config.ts --ssr src/guest/render.tsx   the server render → dist-ssr/guest-render.js
// Both compile the same React-API components against Preact (preact/compat), which hydrates the
// page with ~10 KB of framework instead of react-dom's ~60 KB.
import { defineConfig, type Alias } from 'vite';

// The server finds these by the same names (@recuerdos/shared/guest-page; Vite loads this config
// with Node, which cannot import the shared TypeScript sources).
const GUEST_ENTRY_SOURCE = 'src/guest/entry-client.tsx';
const GUEST_MANIFEST_FILE = '.vite/guest-manifest.json';
const GUEST_RENDER_FILE = 'guest-render.js';

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
        ssr: 'src/guest/render.tsx',
        outDir: 'dist-ssr',
        emptyOutDir: true,
        sourcemap: false,
        rolldownOptions: { output: { entryFileNames: GUEST_RENDER_FILE, chunkFileNames: 'chunks/[name]-[hash].js' } },
      }
    : {
        outDir: 'dist',
        // The SPA build has just filled dist/; this build adds to it.
        emptyOutDir: false,
        sourcemap: false,
        manifest: GUEST_MANIFEST_FILE,
        assetsInlineLimit: 0,
        // The browsers this page serves all support modulepreload; no polyfill in the entry.
        modulePreload: { polyfill: false },
        rolldownOptions: {
          input: GUEST_ENTRY_SOURCE,
          output: {
            entryFileNames: 'assets/guest-[name]-[hash].js',
            chunkFileNames: 'assets/guest-[name]-[hash].js',
            assetFileNames: 'assets/[name]-[hash][extname]',
          },
        },
      },
  // The server render runs in Node: bundle Preact and the shared code into one self-contained file.
  ssr: { noExternal: true },
}));
