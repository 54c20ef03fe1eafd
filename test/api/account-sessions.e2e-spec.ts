import { afterEach, beforeAll, describe, expect, it } from '@jest/globals';
import type { SessionResponse } from '@fitcoach/contracts';
import { DataSource, type Repository } from 'typeorm';
import { AUTH_RATE_LIMITS } from '../../api/src/modules/auth/auth.constants.js';
import { ACCOUNT_SECURITY_MESSAGES } from '../../api/src/modules/auth/account-security.service.js';
import { RefreshTokenEntity } from '../../api/src/modules/auth/refresh-token.entity.js';
import { useTestApp } from '../fixtures/app.js';
import { REFUSED, refusal, withDetail } from '../fixtures/refusals.js';
import { type ChatClient, connect, listen } from '../fixtures/sockets.js';
import { createUser, login, type Session, TEST_PASSWORD } from '../fixtures/users.js';
import type { UserEntity } from '../../api/src/modules/users/user.entity.js';

const t = useTestApp();
let url: string;
let tokens: Repository<RefreshTokenEntity>;

beforeAll(async () => {
  url = await listen(t);
  tokens = t.app.get(DataSource).getRepository(RefreshTokenEntity);
});

const open: ChatClient[] = [];
afterEach(() => {
  for (const socket of open.splice(0)) socket.close();
});

async function socketOf(session: Pick<Session, 'access'>): Promise<ChatClient> {
  const socket = await connect(url, { token: session.access });
  open.push(socket);
  return socket;
}

const CHROME =
  'Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0.0.0 Safari/537.36';
const FIREFOX = 'Mozilla/5.0 (Windows NT 10.0; Win64; x64; rv:133.0) Gecko/20100101 Firefox/133.0';
const NEW_PASSWORD = 'a-brand-new-password';

/** Signs `user` in from a browser named by `userAgent`. */
async function signIn(user: UserEntity, userAgent?: string, password = TEST_PASSWORD): Promise<Session> {
  const request = t.http().post('/api/token/');
  if (userAgent) request.set('User-Agent', userAgent);
  const res = await request.send({ email: user.email, password }).expect(200);
  return { user, access: res.body.access, refresh: res.body.refresh, bearer: `Bearer ${res.body.access}` };
}

const sessionIdOf = (token: string): string =>
  (JSON.parse(Buffer.from(token.split('.')[1], 'base64url').toString()) as { sid: string }).sid;

const changePassword = (session: Session, body: object) =>
  t.http().put('/api/users/change_password/').set('Authorization', session.bearer).send(body);

const list = async (session: Session): Promise<SessionResponse[]> =>
  (await t.http().get('/api/users/sessions/').set('Authorization', session.bearer).expect(200)).body;

const refresh = (token: string) => t.http().post('/api/token/refresh/').send({ refresh: token });

/** The session's tokens no longer open anything: its access token and its refresh token are refused. */
async function expectEnded(session: Session): Promise<void> {
  await t.http().get('/api/users/me/').set('Authorization', session.bearer).expect(401, REFUSED.invalidToken);
  await refresh(session.refresh).expect(401, withDetail(REFUSED.invalidToken));
}

const wrongPassword = {
  ...refusal(400, ACCOUNT_SECURITY_MESSAGES.wrongPassword),
  errors: [{ field: 'old_password', message: ACCOUNT_SECURITY_MESSAGES.wrongPassword }],
};

describe('PUT /api/users/change_password/', () => {
  it('requires authentication', async () => {
    await t
      .http()
      .put('/api/users/change_password/')
      .send({ old_password: TEST_PASSWORD, new_password: NEW_PASSWORD })
      .expect(401, REFUSED.notAuthenticated);
  });

  it('sets the new password and answers a new token pair for the same session', async () => {
    const user = await createUser(t);
    const session = await signIn(user, CHROME);
    const res = await changePassword(session, {
      old_password: TEST_PASSWORD,
      new_password: NEW_PASSWORD,
    }).expect(200);
    expect(Object.keys(res.body).sort()).toEqual(['access', 'refresh']);
    expect(sessionIdOf(res.body.access)).toBe(sessionIdOf(session.access));
    expect(sessionIdOf(res.body.refresh)).toBe(sessionIdOf(session.access));

    const renewed: Session = {
      ...session,
      access: res.body.access,
      refresh: res.body.refresh,
      bearer: `Bearer ${res.body.access}`,
    };
    await t.http().get('/api/users/me/').set('Authorization', renewed.bearer).expect(200);
    expect(await list(renewed)).toEqual([
      expect.objectContaining({ id: sessionIdOf(session.access), user_agent: CHROME, current: true }),
    ]);
    await refresh(session.refresh).expect(401, withDetail(REFUSED.invalidToken));

    await t.http().post('/api/token/').send({ email: user.email, password: TEST_PASSWORD }).expect(401);
    await signIn(user, undefined, NEW_PASSWORD);
  });

  it("ends every other session of the account, its sockets too, and keeps the caller's", async () => {
    const user = await createUser(t);
    const caller = await signIn(user, CHROME);
    const other = await signIn(user, FIREFOX);
    const callerSocket = await socketOf(caller);
    const otherSocket = await socketOf(other);
    const stranger = await login(t, await createUser(t));

    const res = await changePassword(caller, {
      old_password: TEST_PASSWORD,
      new_password: NEW_PASSWORD,
    }).expect(200);
    expect(await otherSocket.disconnected()).toBe('io server disconnect');
    expect(callerSocket.socket.connected).toBe(true);
    await expectEnded(other);
    await refresh(res.body.refresh).expect(200);
    await t.http().get('/api/users/me/').set('Authorization', stranger.bearer).expect(200);
  });

  it('refuses a wrong current password with 400, changing nothing', async () => {
    const user = await createUser(t);
    const caller = await signIn(user);
    const other = await signIn(user);
    await changePassword(caller, { old_password: 'not-my-password', new_password: NEW_PASSWORD }).expect(
      400,
      wrongPassword,
    );
    await t.http().get('/api/users/me/').set('Authorization', other.bearer).expect(200);
    await refresh(caller.refresh).expect(200);
    await signIn(user);
  });

  it('counts wrong current passwords in the sign-in attempts of the account', async () => {
    const user = await createUser(t);
    const caller = await signIn(user);
    for (let i = 0; i < AUTH_RATE_LIMITS.loginAccount.points; i += 1) {
      await changePassword(caller, { old_password: `wrong-${i}`, new_password: NEW_PASSWORD }).expect(
        400,
        wrongPassword,
      );
    }
    const refused = await changePassword(caller, {
      old_password: TEST_PASSWORD,
      new_password: NEW_PASSWORD,
    }).expect(429);
    expect(refused.body.message).toMatch(/^Too many attempts\. Try again in \d+ seconds\.$/);
    expect(refused.headers['retry-after']).toMatch(/^\d+$/);
    await t.http().post('/api/token/').send({ email: user.email, password: TEST_PASSWORD }).expect(429);
  });

  it("is refused once sign-in attempts used up the account's budget", async () => {
    const user = await createUser(t);
    const caller = await signIn(user);
    for (let i = 0; i < AUTH_RATE_LIMITS.loginAccount.points; i += 1) {
      await t
        .http()
        .post('/api/token/')
        .send({ email: user.email, password: `wrong-${i}` })
        .expect(401);
    }
    await changePassword(caller, { old_password: TEST_PASSWORD, new_password: NEW_PASSWORD }).expect(429);
  });

  it("refuses a new password that breaks registration's rules, changing nothing", async () => {
    const user = await createUser(t);
    const caller = await signIn(user);
    for (const new_password of ['short', 'has spaces in it', 'x'.repeat(200)]) {
      const res = await changePassword(caller, { old_password: TEST_PASSWORD, new_password }).expect(400);
      expect(res.body).toMatchObject({ statusCode: 400, errors: [{ field: 'new_password' }] });
    }
    await signIn(user);
  });

  it('refuses the current password as the new one, saying so', async () => {
    const user = await createUser(t);
    const caller = await signIn(user);
    const other = await signIn(user);
    const res = await changePassword(caller, {
      old_password: TEST_PASSWORD,
      new_password: TEST_PASSWORD,
    }).expect(400);
    expect(res.body).toMatchObject({
      ...refusal(400, ACCOUNT_SECURITY_MESSAGES.samePassword),
      errors: [{ field: 'new_password' }],
    });
    await t.http().get('/api/users/me/').set('Authorization', other.bearer).expect(200);
  });

  it('refuses a body without both passwords, or with other types, with 400', async () => {
    const caller = await login(t, await createUser(t));
    await changePassword(caller, { new_password: NEW_PASSWORD }).expect(400);
    await changePassword(caller, { old_password: TEST_PASSWORD }).expect(400);
    await changePassword(caller, { old_password: 12345678, new_password: NEW_PASSWORD }).expect(400);
    await changePassword(caller, {
      old_password: TEST_PASSWORD,
      new_password: ['a-brand-new-password'],
    }).expect(400);
  });
});

describe('GET /api/users/sessions/', () => {
  it('requires authentication', async () => {
    await t.http().get('/api/users/sessions/').expect(401, REFUSED.notAuthenticated);
  });

  it("lists the account's live sessions, most recently used first, with their browsers", async () => {
    const user = await createUser(t);
    const chrome = await signIn(user, CHROME);
    const firefox = await signIn(user, FIREFOX);
    const ended = await signIn(user, CHROME);
    await t.http().post('/api/users/logout/').set('Authorization', ended.bearer).send({}).expect(200);
    await signIn(await createUser(t), CHROME);

    const sessions = await list(chrome);
    expect(sessions).toEqual([
      {
        id: sessionIdOf(firefox.access),
        created_at: expect.any(String),
        last_used_at: expect.any(String),
        user_agent: FIREFOX,
        current: false,
      },
      {
        id: sessionIdOf(chrome.access),
        created_at: expect.any(String),
        last_used_at: expect.any(String),
        user_agent: CHROME,
        current: true,
      },
    ]);
    for (const session of sessions) {
      expect(Date.parse(session.last_used_at)).toBeGreaterThanOrEqual(Date.parse(session.created_at));
      expect(Math.abs(Date.parse(session.created_at) - Date.now())).toBeLessThan(60_000);
    }
    expect((await list(firefox)).map((session) => session.current)).toEqual([true, false]);
  });

  it('moves a session first when it renews its tokens, keeping its sign-in time and browser', async () => {
    const user = await createUser(t);
    const chrome = await signIn(user, CHROME);
    const firefox = await signIn(user, FIREFOX);
    const before = await list(firefox);
    expect(before.map((session) => session.user_agent)).toEqual([FIREFOX, CHROME]);

    // Renewed from another client: the session keeps the browser it signed in with.
    const renewed = await refresh(chrome.refresh).set('User-Agent', 'curl/8.5.0').expect(200);
    const after = await list(firefox);
    expect(after.map((session) => session.user_agent)).toEqual([CHROME, FIREFOX]);
    expect(after[0]).toMatchObject({
      id: sessionIdOf(renewed.body.access),
      created_at: before[1].created_at,
    });
    expect(Date.parse(after[0].last_used_at)).toBeGreaterThanOrEqual(Date.parse(before[1].last_used_at));
  });

  it('keeps a trimmed User-Agent of a sane length, and none when there is none', async () => {
    const user = await createUser(t);
    const long = await signIn(user, `  ${'Browser/1.0 '.repeat(60)}`);
    await t
      .http()
      .post('/api/token/')
      .set('User-Agent', '')
      .send({ email: user.email, password: TEST_PASSWORD });
    const agents = (await list(long)).map((session) => session.user_agent);
    expect(agents).toContainEqual(null);
    const kept = agents.find((agent) => agent !== null);
    expect(kept).toMatch(/^Browser\/1\.0 /);
    expect(kept?.length).toBeLessThanOrEqual(255);
    expect(kept).toBe(kept?.trim());
  });

  it('does not write to the database for a request that renews nothing', async () => {
    const session = await signIn(await createUser(t), CHROME);
    const rows = await tokens.findBy({ userId: session.user.id });
    for (let i = 0; i < 3; i += 1) await list(session);
    await t.http().get('/api/users/me/').set('Authorization', session.bearer).expect(200);
    expect(await tokens.findBy({ userId: session.user.id })).toEqual(rows);
  });
});

describe('DELETE /api/users/sessions/{id}/', () => {
  it('requires authentication', async () => {
    const session = await login(t, await createUser(t));
    await t
      .http()
      .delete(`/api/users/sessions/${sessionIdOf(session.access)}/`)
      .expect(401, REFUSED.notAuthenticated);
    await t.http().get('/api/users/me/').set('Authorization', session.bearer).expect(200);
  });

  it('ends that session, its tokens and sockets, and no other', async () => {
    const user = await createUser(t);
    const caller = await signIn(user, CHROME);
    const other = await signIn(user, FIREFOX);
    const callerSocket = await socketOf(caller);
    const otherSocket = await socketOf(other);
    await t
      .http()
      .delete(`/api/users/sessions/${sessionIdOf(other.access)}/`)
      .set('Authorization', caller.bearer)
      .expect(204, '');
    expect(await otherSocket.disconnected()).toBe('io server disconnect');
    expect(callerSocket.socket.connected).toBe(true);
    await expectEnded(other);
    expect((await list(caller)).map((session) => session.id)).toEqual([sessionIdOf(caller.access)]);
  });

  it("ends the caller's own session when it is the one named", async () => {
    const caller = await signIn(await createUser(t));
    await t
      .http()
      .delete(`/api/users/sessions/${sessionIdOf(caller.access)}/`)
      .set('Authorization', caller.bearer)
      .expect(204);
    await expectEnded(caller);
  });

  it("answers 404 for another account's session, which goes on", async () => {
    const caller = await signIn(await createUser(t));
    const stranger = await signIn(await createUser(t));
    await t
      .http()
      .delete(`/api/users/sessions/${sessionIdOf(stranger.access)}/`)
      .set('Authorization', caller.bearer)
      .expect(404, refusal(404, ACCOUNT_SECURITY_MESSAGES.sessionNotFound));
    await t.http().get('/api/users/me/').set('Authorization', stranger.bearer).expect(200);
    await refresh(stranger.refresh).expect(200);
  });

  it('answers 404 for an unknown, malformed or ended session', async () => {
    const user = await createUser(t);
    const caller = await signIn(user);
    const ended = await signIn(user);
    await t.http().post('/api/users/logout/').set('Authorization', ended.bearer).send({}).expect(200);
    for (const id of [
      '00000000-0000-4000-8000-000000000000',
      'not-a-session',
      '1',
      'x'.repeat(500),
      sessionIdOf(ended.access),
    ]) {
      await t
        .http()
        .delete(`/api/users/sessions/${id}/`)
        .set('Authorization', caller.bearer)
        .expect(404, refusal(404, ACCOUNT_SECURITY_MESSAGES.sessionNotFound));
    }
    await t.http().get('/api/users/me/').set('Authorization', caller.bearer).expect(200);
  });
});

describe('POST /api/users/sessions/revoke_others/', () => {
  it('requires authentication', async () => {
    await t.http().post('/api/users/sessions/revoke_others/').expect(401, REFUSED.notAuthenticated);
  });

  it("ends every session of the account but the caller's, and says how many", async () => {
    const user = await createUser(t);
    const caller = await signIn(user, CHROME);
    const others = [await signIn(user, FIREFOX), await signIn(user, CHROME)];
    const callerSocket = await socketOf(caller);
    const otherSocket = await socketOf(others[0]);
    const stranger = await signIn(await createUser(t));

    await t
      .http()
      .post('/api/users/sessions/revoke_others/')
      .set('Authorization', caller.bearer)
      .expect(200, { revoked: 2 });
    expect(await otherSocket.disconnected()).toBe('io server disconnect');
    expect(callerSocket.socket.connected).toBe(true);
    for (const other of others) await expectEnded(other);
    expect((await list(caller)).map((session) => session.id)).toEqual([sessionIdOf(caller.access)]);
    await refresh(caller.refresh).expect(200);
    await t.http().get('/api/users/me/').set('Authorization', stranger.bearer).expect(200);
  });

  it('answers 0 when the caller is signed in nowhere else', async () => {
    const caller = await signIn(await createUser(t));
    await t
      .http()
      .post('/api/users/sessions/revoke_others/')
      .set('Authorization', caller.bearer)
      .expect(200, { revoked: 0 });
  });
});
