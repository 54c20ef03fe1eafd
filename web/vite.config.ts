import { fileURLToPath } from 'node:url';
import { vitePlugin as remix } from '@remix-run/dev';
import { defineConfig, type Plugin } from 'vite';
import { themeCssVariables } from './app/theme-css';

declare module '@remix-run/node' {
  // Makes useLoaderData/useActionData infer single-fetch types (turbo-stream) instead of JSON-serialised ones.
  interface Future {
    v3_singleFetch: true;
  }
}

// The API process loads this config from the repository root (Vite middleware mode in dev), so nothing here may
// depend on the current working directory.
const webDir = fileURLToPath(new URL('.', import.meta.url));

const THEME_CSS = 'virtual:theme.css';

/** The theme's CSS variables as a stylesheet, computed here once rather than by every page (app/theme-css.ts). */
function themeStylesheet(): Plugin {
  return {
    name: 'fitcoach-theme-css',
    resolveId: (id) => (id === THEME_CSS ? `\0${THEME_CSS}` : undefined),
    load: (id) => (id === `\0${THEME_CSS}` ? themeCssVariables : undefined),
  };
}

/** React, React DOM and Remix's router: what every page runs. */
const FRAMEWORK =
  /\/node_modules\/(react|react-dom|scheduler|@remix-run\/[^/]+|react-router|react-router-dom|turbo-stream)\//;

export default defineConfig(({ isSsrBuild }) => ({
  root: webDir,
  plugins: [
    themeStylesheet(),
    remix({
      appDirectory: 'app',
      buildDirectory: 'build',
      serverModuleFormat: 'esm',
      future: {
        v3_fetcherPersist: true,
        v3_relativeSplatPath: true,
        v3_throwAbortReason: true,
        v3_singleFetch: true,
        v3_lazyRouteDiscovery: true,
      },
    }),
  ],
  resolve: {
    alias: { '~': fileURLToPath(new URL('./app', import.meta.url)) },
  },
  // The framework in one chunk of the browser's build: left to Rollup it is cut in two by which lazy modules use
  // React alone, and the two pieces compress 1.5 KB worse than one (docs/performance.md).
  build: isSsrBuild
    ? {}
    : { rollupOptions: { output: { manualChunks: (id) => (FRAMEWORK.test(id) ? 'framework' : undefined) } } },
}));
