import { type ChildProcessWithoutNullStreams, spawn } from 'node:child_process';
import { once } from 'node:events';
import { mkdtempSync } from 'node:fs';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { createInterface } from 'node:readline';
import { expect, test } from '@playwright/test';

/** The built server as `npm start` runs it, in a process of its own. */
function startServer(env: Record<string, string>): ChildProcessWithoutNullStreams {
  return spawn(process.execPath, ['api/dist/main.js'], {
    env: {
      ...process.env,
      DATA_DIR: mkdtempSync(join(tmpdir(), 'fitcoach-process-')),
      NODE_ENV: 'test',
      LOG_LEVEL: 'info',
      ...env,
    },
  });
}

async function freePort(): Promise<number> {
  const server = createServer().listen(0, '127.0.0.1');
  await once(server, 'listening');
  const address = server.address();
  server.close();
  if (address === null || typeof address === 'string') throw new Error('no port');
  return address.port;
}

async function exitOf(child: ChildProcessWithoutNullStreams) {
  let stdout = '';
  let stderr = '';
  child.stdout.on('data', (chunk: Buffer) => (stdout += chunk.toString()));
  child.stderr.on('data', (chunk: Buffer) => (stderr += chunk.toString()));
  const [code, signal] = (await once(child, 'exit')) as [number | null, NodeJS.Signals | null];
  return { code, signal, stdout, stderr };
}

test.describe('the server process', () => {
  test('refuses to start on an unreachable DATABASE_URL, fast, naming it', async () => {
    const port = await freePort();
    const started = Date.now();
    const result = await exitOf(
      startServer({ PORT: String(port), DATABASE_URL: `mysql://fitcoach:secret@127.0.0.1:${port}/nowhere` }),
    );
    expect(result.code).toBe(1);
    expect(result.stderr).toContain(`DATABASE_URL=mysql://fitcoach:***@127.0.0.1:${port}/nowhere`);
    expect(result.stderr).not.toContain('secret');
    expect(Date.now() - started).toBeLessThan(15_000);
  });

  test('refuses to start on a malformed DATABASE_URL, naming it', async () => {
    const result = await exitOf(startServer({ DATABASE_URL: 'postgres://somewhere/db' }));
    expect(result.code).toBe(1);
    expect(result.stderr).toContain('DATABASE_URL must look like mysql://');
  });

  test('ends cleanly on SIGTERM', async () => {
    const port = await freePort();
    const child = startServer({ PORT: String(port) });
    const exited = exitOf(child);
    const lines = createInterface({ input: child.stdout });
    for await (const line of lines) {
      if (line.includes('FitCoach is listening')) break;
    }
    const health = await fetch(`http://127.0.0.1:${port}/api/health`);
    expect(health.status).toBe(200);

    child.kill('SIGTERM');
    const result = await exited;
    expect(result).toMatchObject({ code: 0, signal: null });
    expect(result.stdout).toContain('FitCoach stopped');
  });
});
