import { defineConfig, type Plugin } from 'vite';
import react from '@vitejs/plugin-react';

/** The two faces every page uses first (body text, headings): fetched with the JavaScript, not after it. */
const PRELOADED_FONTS = ['source-sans-3-latin-400-normal', 'lora-latin-600-normal'];

function preloadFonts(): Plugin {
  return {
    name: 'recuerdos:preload-fonts',
    apply: 'build',
    transformIndexHtml(_html, ctx) {
      const files = Object.keys(ctx.bundle ?? {}).filter(
        (file) => file.endsWith('.woff2') && PRELOADED_FONTS.some((font) => file.includes(`/${font}-`)),
      );
      return files.map((file) => ({
        tag: 'link',
        attrs: { rel: 'preload', href: `/${file}`, as: 'font', type: 'font/woff2', crossorigin: '' },
        injectTo: 'head' as const,
      }));
    },
  };
}

export default defineConfig({
  plugins: [react(), preloadFonts()],
  build: {
    outDir: 'dist',
    emptyOutDir: true,
    sourcemap: false,
    // dist/.vite/manifest.json maps source files to chunks (bench/web measures each route with it).
    manifest: true,
    // Images and fonts stay separate, cacheable files: no data: URIs inside the JavaScript.
    assetsInlineLimit: 0,
    rolldownOptions: {
      output: {
        // Named vendor chunks: they change less often than the app (long-lived cache), the guest
        // bundle can share 'react', and sizes can be read per library.
        codeSplitting: {
          groups: [
            { name: 'react', test: /node_modules[\\/](react|react-dom|scheduler)[\\/]/ },
            { name: 'router', test: /node_modules[\\/]react-router[\\/]/ },
            { name: 'query', test: /node_modules[\\/]@tanstack[\\/]/ },
            { name: 'forms', test: /node_modules[\\/](zod|react-hook-form|@hookform)[\\/]/ },
          ],
        },
      },
    },
  },
  server: {
    proxy: { '/api': 'http://127.0.0.1:3000', '/media': 'http://127.0.0.1:3000' },
  },
});
