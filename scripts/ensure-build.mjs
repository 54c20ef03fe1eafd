// Builds the app when its sources changed since the last build, so `npm ci && npm start` works on a
// fresh clone and `npm start` never serves stale code, without rebuilding on every start.
import { createHash } from 'node:crypto';
import { execFileSync } from 'node:child_process';
import { existsSync, readFileSync, readdirSync, statSync, writeFileSync } from 'node:fs';
import { join, relative } from 'node:path';
import { fileURLToPath } from 'node:url';

const root = fileURLToPath(new URL('..', import.meta.url));
const stampFile = join(root, '.build-stamp');
const sources = ['api/src', 'web/app', 'web/public', 'libs', 'package-lock.json', 'tsconfig.base.json'];
const configs = ['api/tsconfig.json', 'api/tsconfig.build.json', 'web/vite.config.ts', 'web/tsconfig.json'];
const outputs = ['api/dist/main.js', 'web/build/server/index.js', 'libs/contracts/dist/index.js'];
const skipped = new Set(['node_modules', 'dist', 'build']);

function* files(path) {
  if (!existsSync(path)) return;
  if (statSync(path).isFile()) {
    yield path;
    return;
  }
  for (const entry of readdirSync(path).sort()) {
    if (!skipped.has(entry)) yield* files(join(path, entry));
  }
}

const hash = createHash('sha256');
for (const source of [...sources, ...configs]) {
  for (const file of files(join(root, source))) {
    hash.update(relative(root, file)).update(readFileSync(file));
  }
}
const digest = hash.digest('hex');
const built = outputs.every((output) => existsSync(join(root, output)));
const stamp = existsSync(stampFile) ? readFileSync(stampFile, 'utf8').trim() : '';

if (built && stamp === digest) {
  process.exit(0);
}
console.log(built ? 'Sources changed since the last build: rebuilding.' : 'No build yet: building.');
execFileSync('npm', ['run', 'build'], { cwd: root, stdio: 'inherit' });
writeFileSync(stampFile, `${digest}\n`);
