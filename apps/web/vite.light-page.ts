// The light pages' builds, run after the SPA's: the guest memorial (vite.guest.config.ts,
// docs/decisions/007-guest-page-rendering.md) and the doors (vite.doors.config.ts, 015-light-doors.md).
// Each compiles the SPA's React-API components against Preact (preact/compat), which hydrates a
// page with ~10 KB of framework instead of react-dom's ~60 KB, twice:
//   vite build -c <config>                     the client bundle → dist/assets/<prefix>-*, its manifest
//   vite build -c <config> --ssr <render>      the server render → dist-ssr/<render file>
import { defineConfig, type Alias, type Rolldown, type UserConfigFnObject } from 'vite';

const preactAliases: Alias[] = [
  { find: /^react$/, replacement: 'preact/compat' },
  { find: /^react-dom$/, replacement: 'preact/compat' },
  { find: /^react-dom\/client$/, replacement: 'preact/compat/client' },
  { find: /^react\/jsx-runtime$/, replacement: 'preact/jsx-runtime' },
  { find: /^react\/jsx-dev-runtime$/, replacement: 'preact/jsx-dev-runtime' },
];

export interface LightPage {
  /** The client files' prefix: 'guest' → dist/assets/guest-[name]-[hash].js. */
  prefix: string;
  /** The client entries. */
  input: string | string[];
  /** The client build's manifest, in dist/ (the server reads it to link the entries). */
  manifest: string;
  /** The server render's entry. */
  render: string;
  /** The server render's file in dist-ssr/, and the folder of its chunks there. */
  renderFile: string;
  renderChunks: string;
  /** The first light build empties dist-ssr/; the next ones add to it. */
  emptyRenderDir: boolean;
  /** What the client output does otherwise (the doors' style names and common chunk). */
  output?: Pick<Rolldown.OutputOptions, 'assetFileNames' | 'codeSplitting'>;
}

// The server finds the entries, manifests and render files by the same names
// (@recuerdos/shared/guest-page, @recuerdos/shared/doors); Vite loads these configs with Node, which
// cannot import the shared TypeScript sources, so each config writes them again.
export function lightPageConfig(page: LightPage): UserConfigFnObject {
  return defineConfig(({ isSsrBuild }) => ({
    resolve: { alias: preactAliases },
    // Public files are copied once, by the SPA build.
    publicDir: false,
    build: isSsrBuild
      ? {
          ssr: page.render,
          outDir: 'dist-ssr',
          emptyOutDir: page.emptyRenderDir,
          sourcemap: false,
          // The pictures' URLs must be the client build's files, never data: URIs.
          assetsInlineLimit: 0,
          rolldownOptions: { output: { entryFileNames: page.renderFile, chunkFileNames: `${page.renderChunks}/[name]-[hash].js` } },
        }
      : {
          outDir: 'dist',
          // The SPA build (and the light builds before this one) have filled dist/; this build adds to it.
          emptyOutDir: false,
          sourcemap: false,
          manifest: page.manifest,
          assetsInlineLimit: 0,
          // The browsers these pages serve all support modulepreload; no polyfill in the entries.
          modulePreload: { polyfill: false },
          rolldownOptions: {
            input: page.input,
            output: {
              entryFileNames: `assets/${page.prefix}-[name]-[hash].js`,
              chunkFileNames: `assets/${page.prefix}-[name]-[hash].js`,
              assetFileNames: 'assets/[name]-[hash][extname]',
              ...page.output,
            },
          },
        },
    // The server render runs in Node: bundle Preact and the shared code into one self-contained file.
    ssr: { noExternal: true },
  }));
}
