// The account pages' server render (docs/decisions/028), run after the SPA's build:
//   vite build -c vite.account.config.ts   → dist-ssr/account-render.js (+ dist-ssr/account/*)
// The SPA's own components on React (not Preact, unlike the light pages): the browser hydrates the
// page with the SPA's bundle, so the server must render exactly the tree React builds there.
import { defineConfig } from 'vite';
import react from '@vitejs/plugin-react';

export default defineConfig({
  plugins: [react()],
  // Public files are copied once, by the SPA build.
  publicDir: false,
  build: {
    ssr: 'src/account-page/render.tsx',
    outDir: 'dist-ssr',
    // The light pages' renders are already there.
    emptyOutDir: false,
    sourcemap: false,
    // The pictures' URLs must be the client build's files, never data: URIs.
    assetsInlineLimit: 0,
    rolldownOptions: { output: { entryFileNames: 'account-render.js', chunkFileNames: 'account/[name]-[hash].js' } },
  },
  // The render runs in Node: bundle React and the shared code into files of its own.
  ssr: { noExternal: true },
});
