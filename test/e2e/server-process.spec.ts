import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { expect, test } from '@playwright/test';
import { exitOf, freePort, listening, startServer, stopServers } from './support/process.js';

const dataDir = () => mkdtempSync(join(tmpdir(), 'fitcoach-process-'));

test.afterEach(stopServers);

test.describe('the server process', () => {
  test('refuses to start on an unreachable DATABASE_URL, fast, naming it', async () => {
    const port = await freePort();
    const started = Date.now();
    const result = await exitOf(
      startServer({
        DATA_DIR: dataDir(),
        PORT: String(port),
        DATABASE_URL: `mysql://fitcoach:secret@127.0.0.1:${port}/nowhere`,
      }),
    );
    expect(result.code).toBe(1);
    expect(result.stderr).toContain(`DATABASE_URL=mysql://fitcoach:***@127.0.0.1:${port}/nowhere`);
    expect(result.stderr).not.toContain('secret');
    expect(Date.now() - started).toBeLessThan(15_000);
  });

  test('refuses to start on a malformed DATABASE_URL, naming it', async () => {
    const result = await exitOf(
      startServer({ DATA_DIR: dataDir(), DATABASE_URL: 'postgres://somewhere/db' }),
    );
    expect(result.code).toBe(1);
    expect(result.stderr).toContain('DATABASE_URL must look like mysql://');
  });

  test('ends cleanly on SIGTERM', async () => {
    const port = await freePort();
    const child = startServer({ DATA_DIR: dataDir(), PORT: String(port) });
    const exited = exitOf(child);
    await listening(child);
    const health = await fetch(`http://127.0.0.1:${port}/api/health`);
    expect(health.status).toBe(200);

    child.kill('SIGTERM');
    const result = await exited;
    expect(result).toMatchObject({ code: 0, signal: null });
    expect(result.stdout).toContain('FitCoach stopped');
  });
});
