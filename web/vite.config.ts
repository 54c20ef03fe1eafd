import { fileURLToPath } from 'node:url';
import { vitePlugin as remix } from '@remix-run/dev';
import { defineConfig } from 'vite';

declare module '@remix-run/node' {
  // Makes useLoaderData/useActionData infer single-fetch types (turbo-stream) instead of JSON-serialised ones.
  interface Future {
    v3_singleFetch: true;
  }
}

// The API process loads this config from the repository root (Vite middleware mode in dev), so nothing here may
// depend on the current working directory.
const webDir = fileURLToPath(new URL('.', import.meta.url));

export default defineConfig({
  root: webDir,
  plugins: [
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
});
