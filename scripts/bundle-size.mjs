// Fails the build when the home page's JavaScript (gzip -9) is over budget or not a production build.
// BUNDLE_LIMIT_KB overrides the 200 KB budget (`npm run bench` checks 100 KB). Run after `remix vite:build`.
import { readFile } from 'node:fs/promises';
import { join } from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { gzipSync } from 'node:zlib';

const LIMIT_KB = Number(process.env.BUNDLE_LIMIT_KB ?? 200);
const HOME_ROUTES = ['root', 'routes/_index'];

const buildDir = fileURLToPath(new URL('../web/build/', import.meta.url));
const clientDir = join(buildDir, 'client');

const { assets } = await import(pathToFileURL(join(buildDir, 'server', 'index.js')).href);

const modules = new Set([assets.entry.module, ...assets.entry.imports]);
for (const id of HOME_ROUTES) {
  const route = assets.routes[id];
  if (!route) throw new Error(`Route "${id}" is missing from the build manifest`);
  modules.add(route.module);
  for (const url of route.imports ?? []) modules.add(url);
}

let totalBytes = 0;
for (const url of modules) {
  const source = await readFile(join(clientDir, url));
  const gzipped = gzipSync(source, { level: 9 }).length;
  totalBytes += gzipped;
  console.log(`${(gzipped / 1024).toFixed(1).padStart(7)} KB  ${url}`);
}

// React's development JSX runtime: what a build made with NODE_ENV=development in the shell ships.
const DEVELOPMENT_RUNTIME = 'jsxDEV';
for (const url of modules) {
  if ((await readFile(join(clientDir, url), 'utf8')).includes(DEVELOPMENT_RUNTIME)) {
    console.error(`${url} holds React's development runtime: the site was not built for production.`);
    process.exit(1);
  }
}

const totalKb = totalBytes / 1024;
console.log(`home page JS: ${totalKb.toFixed(1)} KB gzipped (limit ${LIMIT_KB} KB)`);
if (totalKb > LIMIT_KB) {
  console.error(`The home page loads more JavaScript than the ${LIMIT_KB} KB budget allows.`);
  process.exit(1);
}
