// `npm run dev`: TypeScript compilers in watch mode for the API and the shared contracts, and one server
// process (restarted when the API's output changes) that serves the web app through Vite with HMR.
import { spawn, spawnSync } from 'node:child_process';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';

const root = fileURLToPath(new URL('..', import.meta.url));
const tscBin = join(root, 'node_modules/typescript/bin/tsc');
const run = (args) => spawn(process.execPath, args, { cwd: root, stdio: 'inherit' });
const tsc = (project) => [tscBin, '-p', project];

for (const project of ['libs/contracts/tsconfig.build.json', 'api/tsconfig.build.json']) {
  const first = spawnSync(process.execPath, tsc(project), { cwd: root, stdio: 'inherit' });
  if (first.status !== 0) process.exit(first.status ?? 1);
}

const children = [
  run([...tsc('libs/contracts/tsconfig.build.json'), '--watch', '--preserveWatchOutput']),
  run([...tsc('api/tsconfig.build.json'), '--watch', '--preserveWatchOutput']),
  run(['--watch-path=api/dist', '--watch-path=libs/contracts/dist', 'api/dist/main.js', '--dev']),
];

function stop() {
  for (const child of children) child.kill('SIGTERM');
}
process.once('SIGINT', stop);
process.once('SIGTERM', stop);
for (const child of children) {
  child.once('exit', (code) => {
    if (code) {
      stop();
      process.exitCode = code;
    }
  });
}
