// What the benchmark scripts share (scripts/bench.mjs, scripts/bench-chat.mjs, scripts/bench-admin.mjs).
import { spawn } from 'node:child_process';
import { once } from 'node:events';
import { createServer } from 'node:net';
import { fileURLToPath } from 'node:url';

const root = fileURLToPath(new URL('..', import.meta.url));

/** The token secret of every server a bench starts (and of the tokens it signs itself). */
export const BENCH_JWT_SECRET = 'bench-only-secret-that-is-long-enough-0123456789';

/** A TCP port nothing listens on at the moment, on 127.0.0.1. */
export async function freePort() {
  const server = createServer().listen(0, '127.0.0.1');
  await once(server, 'listening');
  const { port } = server.address();
  server.close();
  return port;
}

/**
 * The production build (`api/dist/main.js`) on a free port, resolved once `/api/health` answers 200 (at most 60 s),
 * rejected if it exits first. `env` is laid over `baseEnv` and the bench's settings; `nodeArgs` go to node (a CPU
 * profile, say). Production refuses the test payment provider; the benches never pay, so PayPal is never called.
 */
export async function startProductionServer(env = {}, { nodeArgs = [], baseEnv = process.env } = {}) {
  const port = await freePort();
  const server = spawn(process.execPath, [...nodeArgs, 'api/dist/main.js'], {
    cwd: root,
    env: {
      ...baseEnv,
      NODE_ENV: 'production',
      JWT_SECRET: BENCH_JWT_SECRET,
      PAYPAL_CLIENT_ID: 'bench-client-id',
      PAYPAL_CLIENT_SECRET: 'bench-client-secret',
      PORT: String(port),
      LOG_LEVEL: 'warn',
      ...env,
    },
    stdio: ['ignore', 'ignore', 'inherit'],
  });
  const url = `http://127.0.0.1:${port}`;
  const exited = new Promise((_, reject) => {
    server.once('exit', (code) => reject(new Error(`the server exited with code ${code}`)));
  });
  exited.catch(() => undefined);
  const healthy = (async () => {
    for (let attempt = 0; attempt < 600; attempt += 1) {
      const ok = await fetch(`${url}/api/health`).then(
        (res) => res.ok,
        () => false,
      );
      if (ok) return;
      await new Promise((resolve) => setTimeout(resolve, 100));
    }
    throw new Error('the server did not become healthy within 60 s');
  })();
  await Promise.race([healthy, exited]);
  return { url, process: server };
}
