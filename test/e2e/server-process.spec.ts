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

  test('refuses a GET of a form’s action address (400) without logging a stack for it', async () => {
    const port = await freePort();
    const child = startServer({ DATA_DIR: dataDir(), PORT: String(port) });
    const exited = exitOf(child);
    await listening(child);
    const response = await fetch(`http://127.0.0.1:${port}/checkout/paypal/orders`);
    expect(response.status).toBe(400);

    child.kill('SIGTERM');
    const result = await exited;
    expect(result.stdout).toContain('FitCoach stopped');
    expect(result.stderr).not.toContain('checkout/paypal/orders');
    expect(result.stdout).not.toContain('checkout.paypal.orders');
  });

  // Rendered on a thread of its own (the default) or on the API's thread.
  for (const threads of ['1', '0']) {
    test(`serves a signed-in page without opening a connection to itself (RENDER_THREADS=${threads})`, async () => {
      const port = await freePort();
      // Every TCP connection the server would open to its own port fails (its database's, MariaDB's, still works):
      // its pages must reach its own API without one. `net.connect` passes its normalised arguments as one array.
      const noSelfConnection = `import net from "node:net";
      const connect = net.Socket.prototype.connect;
      net.Socket.prototype.connect = function (...args) {
        const first = Array.isArray(args[0]) ? args[0][0] : args[0];
        const port = typeof first === "object" && first !== null ? first.port : first;
        if (Number(port) === ${port}) throw new Error("no connection to itself");
        return connect.apply(this, args);
      };`;
      const child = startServer({
        DATA_DIR: dataDir(),
        PORT: String(port),
        SEED_DEMO: 'true',
        RENDER_THREADS: threads,
        NODE_OPTIONS: `--import=data:text/javascript,${encodeURIComponent(noSelfConnection)}`,
      });
      await listening(child);
      const signedIn = await fetch(`http://127.0.0.1:${port}/api/token/`, {
        method: 'POST',
        headers: { 'Content-Type': 'application/json' },
        body: JSON.stringify({ email: 'demo@fitcoach.local', password: 'demo-password' }),
      });
      const { access } = (await signedIn.json()) as { access: string };
      const profile = await fetch(`http://127.0.0.1:${port}/userProfile`, {
        headers: { Cookie: `accessToken=${access}` },
        redirect: 'manual',
      });
      expect(profile.status).toBe(200);
      expect(await profile.text()).toContain('demo@fitcoach.local');
    });
  }

  test.describe('when its API cannot be reached', () => {
    test.use({ javaScriptEnabled: false });

    test('a page whose data it cannot load answers 503 "We\'ll be right back", with a way to try again', async ({
      page,
    }) => {
      const port = await freePort();
      const nowhere = await freePort();
      const child = startServer({
        DATA_DIR: dataDir(),
        PORT: String(port),
        API_INTERNAL_URL: `http://127.0.0.1:${nowhere}`,
      });
      await listening(child);
      const response = await page.goto(`http://127.0.0.1:${port}/programDetails/1?from=home`);
      expect(response?.status()).toBe(503);
      await expect(page.getByRole('heading', { level: 1 })).toHaveText("We'll be right back");
      await expect(
        page.getByText('FitCoach is briefly unavailable. Please try again in a minute.'),
      ).toBeVisible();
      await expect(page.getByRole('link', { name: 'Try again' })).toHaveAttribute(
        'href',
        '/programDetails/1?from=home',
      );
    });
  });

  test.describe('in production (NODE_ENV=production, an empty embedded database: the Docker image)', () => {
    // Its own SQLite database even when the suite runs on MySQL: seeding the browser tests' shared database would
    // list programmes whose covers live in this server's DATA_DIR, missing from theirs.
    const production = {
      NODE_ENV: 'production',
      JWT_SECRET: 'a-production-secret-of-32-characters!',
      DATABASE_URL: '',
      // Production refuses the test payment provider; nothing here calls PayPal.
      PAYPAL_CLIENT_ID: 'production-client-id',
      PAYPAL_CLIENT_SECRET: 'production-client-secret',
    };

    async function adminLogin(port: number): Promise<number> {
      const res = await fetch(`http://127.0.0.1:${port}/api/token/`, {
        method: 'POST',
        headers: { 'Content-Type': 'application/json' },
        body: JSON.stringify({ email: 'admin@fitcoach.local', password: 'admin-password' }),
      });
      return res.status;
    }

    test('seeds no demo account unless SEED_DEMO=true', async () => {
      const port = await freePort();
      const child = startServer({ ...production, DATA_DIR: dataDir(), PORT: String(port) });
      const exited = exitOf(child);
      await listening(child);
      expect(await adminLogin(port)).toBe(401);
      child.kill('SIGTERM');
      const { stdout } = await exited;
      expect(stdout).not.toContain('admin-password');
    });

    test('with SEED_DEMO=true seeds, and warns that the published passwords work', async () => {
      const port = await freePort();
      const child = startServer({
        ...production,
        SEED_DEMO: 'true',
        DATA_DIR: dataDir(),
        PORT: String(port),
      });
      const exited = exitOf(child);
      await listening(child);
      expect(await adminLogin(port)).toBe(200);
      child.kill('SIGTERM');
      const { stdout } = await exited;
      const warnings = stdout
        .split('\n')
        .filter((line) => line.startsWith('{'))
        .map((line) => JSON.parse(line) as { level: number; msg: string })
        .filter((entry) => entry.level === 40);
      expect(warnings).toContainEqual(
        expect.objectContaining({ msg: expect.stringContaining('admin@fitcoach.local / admin-password') }),
      );
    });
  });
});
