import { mkdtempSync, readdirSync, readFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { expect, test } from '@playwright/test';
import { ownDatabase } from '../fixtures/own-database.js';
import { exitOf, freePort, listening, runCli, startServer, stopServers } from './support/process.js';

/** The verification token in the newest .eml for `to` (quoted-printable soft breaks undone). */
function verificationToken(dataDir: string, to: string): string {
  const outbox = join(dataDir, 'outbox');
  const file = readdirSync(outbox)
    .filter((name) => name.includes(to.split('@')[0]))
    .sort()
    .at(-1);
  if (!file) throw new Error(`no e-mail to ${to}`);
  const text = readFileSync(join(outbox, file), 'utf8').replace(/=\r?\n/g, '');
  const token = /\/verify\/([A-Za-z0-9_-]{20,})/.exec(text)?.[1];
  if (!token) throw new Error('no verification link in the e-mail');
  return token;
}

test.afterEach(stopServers);

test('npm run create-superuser makes an admin who can block and unblock a user', async () => {
  const dataDir = mkdtempSync(join(tmpdir(), 'fitcoach-cli-'));
  // On MySQL a database of its own: sharing the suite's, the suite server's outbox relay could send the member's
  // verification mail to its own DATA_DIR instead of this server's.
  const database = await ownDatabase('cli');
  const admin = { email: `admin-${Date.now()}@example.com`, password: 'admin-password-1' };
  const created = await runCli(
    'api/dist/cli/create-superuser.js',
    ['--email', admin.email, '--password', admin.password],
    { DATA_DIR: dataDir, ...database.env },
  );
  expect(created.stdout).toContain(`Created superuser ${admin.email}`);
  const again = await runCli(
    'api/dist/cli/create-superuser.js',
    ['--email', admin.email, '--password', admin.password],
    { DATA_DIR: dataDir, ...database.env },
  );
  expect(again.stdout).toContain(`Promoted superuser ${admin.email}`);

  const port = await freePort();
  const server = startServer({ DATA_DIR: dataDir, PORT: String(port), ...database.env });
  const exited = exitOf(server);
  try {
    await listening(server);
    const api = (path: string, init: RequestInit = {}) =>
      fetch(`http://127.0.0.1:${port}${path}`, {
        ...init,
        headers: { 'Content-Type': 'application/json', ...init.headers },
      });
    const token = async (email: string, password: string) =>
      api('/api/token/', { method: 'POST', body: JSON.stringify({ email, password }) });

    const adminLogin = await token(admin.email, admin.password);
    expect(adminLogin.status).toBe(200);
    const adminAuth = { Authorization: `Bearer ${(await adminLogin.json()).access}` };

    const member = {
      first_name: 'Block',
      last_name: 'Me',
      email: `member-${Date.now()}@example.com`,
      password: 'member-password-1',
    };
    expect((await api('/api/users/register/', { method: 'POST', body: JSON.stringify(member) })).status).toBe(
      201,
    );
    await expect
      .poll(() => {
        try {
          return verificationToken(dataDir, member.email);
        } catch {
          return null;
        }
      })
      .not.toBeNull();
    const verify = await api('/api/users/email_verification/', {
      method: 'POST',
      body: JSON.stringify({ token: verificationToken(dataDir, member.email) }),
    });
    expect(verify.status).toBe(201);
    const memberLogin = await token(member.email, member.password);
    expect(memberLogin.status).toBe(200);
    const memberId = (
      await (
        await api('/api/users/me/', {
          headers: { Authorization: `Bearer ${(await memberLogin.json()).access}` },
        })
      ).json()
    ).id;

    const block = await api(`/api/users/changeUserAccess/${memberId}/`, { headers: adminAuth });
    expect(await block.json()).toEqual({ message: 'User Blocked' });
    const refused = await token(member.email, member.password);
    expect(refused.status).toBe(403);
    expect((await refused.json()).detail).toBe('You have been temporarly blocked by the Admin');

    const unblock = await api(`/api/users/changeUserAccess/${memberId}/`, { headers: adminAuth });
    expect(await unblock.json()).toEqual({ message: 'User Unblocked' });
    expect((await token(member.email, member.password)).status).toBe(200);
  } finally {
    server.kill('SIGTERM');
    await exited;
    await database.drop();
  }
});
