// Over 300 lines on purpose: one file per resource holds every endpoint of it with its refusals, because each
// API e2e file boots an application of its own (seconds a file); describe blocks, not files, divide it.
import { createHash } from 'node:crypto';
import { describe, expect, it, jest } from '@jest/globals';
import { JwtService } from '@nestjs/jwt';
import { DataSource } from 'typeorm';
import {
  type AccessTokenClaims,
  REFRESH_TOKEN_TTL_SECONDS,
  type RefreshTokenClaims,
} from '../../api/src/modules/auth/auth.constants.js';
import { PasswordService } from '../../api/src/modules/auth/password.service.js';
import { RefreshTokenEntity } from '../../api/src/modules/auth/refresh-token.entity.js';
import { useTestApp } from '../fixtures/app.js';
import { createProgram, createTrainer } from '../fixtures/catalogue.js';
import {
  createSession,
  createUser,
  login,
  type Session,
  TEST_PASSWORD,
  uniqueEmail,
} from '../fixtures/users.js';
import { REFUSED, withDetail } from '../fixtures/refusals.js';

const BLOCKED = 'You have been temporarly blocked by the Admin';

const t = useTestApp();
/** A refresh token the API no longer renews. */
const refreshRefused = (refresh: string) =>
  t.http().post('/api/token/refresh/').send({ refresh }).expect(401, withDetail(REFUSED.invalidToken));

/** An `Authorization` header value the API no longer accepts. */
const meRefused = (authorization: string) =>
  t.http().get('/api/users/me/').set('Authorization', authorization).expect(401, REFUSED.invalidToken);

describe('POST /api/token/', () => {
  it('refuses missing fields with 400 and a detail', async () => {
    const res = await t.http().post('/api/token/').send({}).expect(400);
    expect(res.body).toMatchObject({ statusCode: 400, detail: expect.any(String) });
    expect(res.body.errors.map((e: { field: string }) => e.field).sort()).toEqual(['email', 'password']);
  });

  it('refuses wrong types with 400', async () => {
    await t
      .http()
      .post('/api/token/')
      .send({ email: 42, password: ['x'] })
      .expect(400);
  });

  it('answers a wrong password and an unknown address alike, 401 with detail', async () => {
    const user = await createUser(t);
    const wrong = await t.http().post('/api/token/').send({ email: user.email, password: 'wrong-password' });
    const unknown = await t
      .http()
      .post('/api/token/')
      .send({ email: uniqueEmail(), password: TEST_PASSWORD });
    expect(wrong.status).toBe(401);
    expect(unknown.status).toBe(401);
    expect(wrong.body.detail).toBe('No active account found with the given credentials');
    expect(unknown.body).toEqual(wrong.body);
  });

  it('verifies a password for an unknown address as for a known one, so timing tells no account apart', async () => {
    const verify = jest.spyOn(t.app.get(PasswordService), 'verify');
    try {
      const user = await createUser(t);
      verify.mockClear();
      await t
        .http()
        .post('/api/token/')
        .send({ email: user.email, password: 'wrong-password' })
        .expect(401, withDetail(REFUSED.badCredentials));
      await t
        .http()
        .post('/api/token/')
        .send({ email: uniqueEmail(), password: 'wrong-password' })
        .expect(401, withDetail(REFUSED.badCredentials));
      expect(verify.mock.calls).toEqual([
        [user.passwordHash, 'wrong-password'],
        [undefined, 'wrong-password'],
      ]);
      // The decoy costs a real verification: its answer (false) comes from argon2, not from a shortcut.
      expect(await verify.mock.results[1]?.value).toBe(false);
    } finally {
      verify.mockRestore();
    }
  });

  it('refuses an unverified account with 401 saying so', async () => {
    const user = await createUser(t, { verified: false });
    const res = await t
      .http()
      .post('/api/token/')
      .send({ email: user.email, password: TEST_PASSWORD })
      .expect(401);
    expect(res.body.detail).toBe('Email not verified');
  });

  it('refuses a blocked account with 403, the text in both detail and message', async () => {
    const user = await createUser(t, { blocked: true });
    const res = await t
      .http()
      .post('/api/token/')
      .send({ email: user.email, password: TEST_PASSWORD })
      .expect(403);
    expect(res.body).toEqual({ statusCode: 403, message: BLOCKED, detail: BLOCKED });
  });

  it('gives an access and a refresh token, whatever the case of the address', async () => {
    const user = await createUser(t);
    const res = await t
      .http()
      .post('/api/token/')
      .send({ email: `  ${user.email.toUpperCase()} `, password: TEST_PASSWORD })
      .expect(200);
    expect(res.body).toEqual({ access: expect.any(String), refresh: expect.any(String) });
    const [, payload] = res.body.access.split('.');
    const claims = JSON.parse(Buffer.from(payload, 'base64url').toString());
    expect(claims.exp - claims.iat).toBe(15 * 60);
  });

  it('limits attempts per client address with 429', async () => {
    const user = await createUser(t);
    const client = t.http().set('X-Forwarded-For', '203.0.113.77');
    const statuses: number[] = [];
    for (let i = 0; i < 11; i += 1) {
      const res = await client.post('/api/token/').send({ email: user.email, password: 'wrong-password' });
      statuses.push(res.status);
    }
    expect(statuses.slice(0, 10).every((s) => s === 401)).toBe(true);
    expect(statuses[10]).toBe(429);
    await t.http().post('/api/token/').send({ email: user.email, password: TEST_PASSWORD }).expect(200);
  });
});

describe('POST /api/token/refresh/', () => {
  /** Moves the rotation of `refresh` into the past, as if that much time had gone by since. */
  async function rotatedSecondsAgo(refresh: string, seconds: number) {
    const { jti } = await t.app.get(JwtService).verifyAsync<RefreshTokenClaims>(refresh);
    const tokenHash = createHash('sha256').update(jti).digest('hex');
    const rotatedAt = new Date(Date.now() - seconds * 1000);
    const updated = await t.app
      .get(DataSource)
      .getRepository(RefreshTokenEntity)
      .update({ tokenHash }, { rotatedAt, revokedAt: rotatedAt });
    expect(updated.affected).toBe(1);
  }

  it('refuses a missing or forged token', async () => {
    const missing = await t.http().post('/api/token/refresh/').send({}).expect(400);
    expect(missing.body).toMatchObject({ statusCode: 400, errors: [{ field: 'refresh' }] });
    const res = await t.http().post('/api/token/refresh/').send({ refresh: 'not.a.token' }).expect(401);
    expect(res.body.detail).toBe('Token is invalid or expired');
  });

  it('refuses an access token in place of a refresh token', async () => {
    const session = await createSession(t);
    await refreshRefused(session.access);
  });

  it('refuses a refresh token whose user, session or algorithm is not the one its row was issued with', async () => {
    const session = await createSession(t);
    const other = await createSession(t);
    const jwt = t.app.get(JwtService);
    const claims = await jwt.verifyAsync<RefreshTokenClaims & { iat: number; exp: number }>(session.refresh);
    const { sid: otherSession, sub: otherUser } = await jwt.verifyAsync<RefreshTokenClaims>(other.refresh);
    for (const forged of [
      await jwt.signAsync({ ...claims, sub: otherUser }),
      await jwt.signAsync({ ...claims, sid: otherSession }),
      await jwt.signAsync(claims, { algorithm: 'HS512' }),
    ]) {
      const res = await t.http().post('/api/token/refresh/').send({ refresh: forged }).expect(401);
      expect(res.body.detail).toBe('Token is invalid or expired');
    }
    await t.http().post('/api/token/refresh/').send({ refresh: session.refresh }).expect(200);
  });

  it('issues refresh tokens that say when they were issued: a week before they expire, not in the future', async () => {
    const session = await createSession(t);
    const rotated = await t.http().post('/api/token/refresh/').send({ refresh: session.refresh }).expect(200);
    const now = Math.floor(Date.now() / 1000);
    for (const refresh of [session.refresh, rotated.body.refresh]) {
      const { iat, exp } = await t.app.get(JwtService).verifyAsync<{ iat: number; exp: number }>(refresh);
      expect(exp - iat).toBe(REFRESH_TOKEN_TTL_SECONDS);
      expect(iat).toBeLessThanOrEqual(now + 1);
      expect(iat).toBeGreaterThan(now - 60);
    }
  });

  it('rotates: a new pair, and the old refresh token dies', async () => {
    const session = await createSession(t);
    const res = await t.http().post('/api/token/refresh/').send({ refresh: session.refresh }).expect(200);
    expect(res.body).toEqual({ access: expect.any(String), refresh: expect.any(String) });
    expect(res.body.refresh).not.toBe(session.refresh);
    await t.http().get('/api/users/me/').set('Authorization', `Bearer ${res.body.access}`).expect(200);
  });

  it('revokes the whole session when a token rotated over 30 s ago is replayed', async () => {
    const session = await createSession(t);
    const rotated = await t.http().post('/api/token/refresh/').send({ refresh: session.refresh }).expect(200);
    await rotatedSecondsAgo(session.refresh, 31);
    const res = await t.http().post('/api/token/refresh/').send({ refresh: session.refresh }).expect(401);
    expect(res.body.detail).toBe('Token is invalid or expired');
    await refreshRefused(rotated.body.refresh);
    await meRefused(`Bearer ${rotated.body.access}`);
    await meRefused(session.bearer);
  });

  it('gives two refreshes at once with one token the same successor, and both stay signed in', async () => {
    const session = await createSession(t);
    const [a, b] = await Promise.all(
      [1, 2].map(() => t.http().post('/api/token/refresh/').send({ refresh: session.refresh })),
    );
    expect([a.status, b.status]).toEqual([200, 200]);
    expect(a.body.refresh).toBe(b.body.refresh);
    expect(a.body.refresh).not.toBe(session.refresh);
    for (const access of [a.body.access, b.body.access]) {
      await t.http().get('/api/users/me/').set('Authorization', `Bearer ${access}`).expect(200);
    }
    const next = await t.http().post('/api/token/refresh/').send({ refresh: a.body.refresh }).expect(200);
    await t.http().get('/api/users/me/').set('Authorization', `Bearer ${next.body.access}`).expect(200);
  });

  it('gives a tab that refreshes late, within 30 s, the successor the other tab got', async () => {
    const session = await createSession(t);
    const first = await t.http().post('/api/token/refresh/').send({ refresh: session.refresh }).expect(200);
    await rotatedSecondsAgo(session.refresh, 25);
    const late = await t.http().post('/api/token/refresh/').send({ refresh: session.refresh }).expect(200);
    expect(late.body.refresh).toBe(first.body.refresh);
    await t.http().get('/api/users/me/').set('Authorization', `Bearer ${late.body.access}`).expect(200);
  });

  it('gives no successor within the grace period once the session has ended', async () => {
    const session = await createSession(t);
    const rotated = await t.http().post('/api/token/refresh/').send({ refresh: session.refresh }).expect(200);
    await t
      .http()
      .post('/api/users/logout/')
      .set('Authorization', `Bearer ${rotated.body.access}`)
      .expect(200);
    await refreshRefused(session.refresh);
    await refreshRefused(rotated.body.refresh);
  });

  it('gives no successor within the grace period once that successor was rotated itself', async () => {
    const session = await createSession(t);
    const first = await t.http().post('/api/token/refresh/').send({ refresh: session.refresh }).expect(200);
    const second = await t
      .http()
      .post('/api/token/refresh/')
      .send({ refresh: first.body.refresh })
      .expect(200);
    await refreshRefused(session.refresh);
    await meRefused(`Bearer ${second.body.access}`);
  });

  it('refuses a blocked user with 403', async () => {
    const admin = await createSession(t, { superuser: true });
    const session = await createSession(t);
    await t.http().get(`/api/users/changeUserAccess/${session.user.id}/`).set('Authorization', admin.bearer);
    const res = await t.http().post('/api/token/refresh/').send({ refresh: session.refresh }).expect(403);
    expect(res.body).toEqual(withDetail(REFUSED.blocked));
  });

  it('keeps refusing the tokens of before a block once the user is unblocked: blocking ended those sessions', async () => {
    const admin = await createSession(t, { superuser: true });
    const session = await createSession(t);
    const access = `/api/users/changeUserAccess/${session.user.id}/`;
    await t.http().get(access).set('Authorization', admin.bearer).expect(200, { message: 'User Blocked' });
    await t.http().get(access).set('Authorization', admin.bearer).expect(200, { message: 'User Unblocked' });

    const refreshed = await t
      .http()
      .post('/api/token/refresh/')
      .send({ refresh: session.refresh })
      .expect(401);
    expect(refreshed.body).toEqual(withDetail(REFUSED.invalidToken));
    const me = await t.http().get('/api/users/me/').set('Authorization', session.bearer).expect(401);
    expect(me.body).toEqual(REFUSED.invalidToken);
    // The account itself works again: a new login is a new session.
    const fresh = await login(t, session.user);
    await t.http().get('/api/users/me/').set('Authorization', fresh.bearer).expect(200);
  });
});

describe('POST /api/token/verify/', () => {
  it('accepts a valid access token with {}', async () => {
    const session = await createSession(t);
    const res = await t.http().post('/api/token/verify/').send({ token: session.access }).expect(200);
    expect(res.body).toEqual({});
  });

  it('refuses a refresh token, a forged one and a missing one', async () => {
    const session = await createSession(t);
    await t
      .http()
      .post('/api/token/verify/')
      .send({ token: session.refresh })
      .expect(401, withDetail(REFUSED.invalidToken));
    const forged = `${session.access.slice(0, -4)}AAAA`;
    const res = await t.http().post('/api/token/verify/').send({ token: forged }).expect(401);
    expect(res.body.detail).toBe('Token is invalid or expired');
    const missing = await t.http().post('/api/token/verify/').send({}).expect(400);
    expect(missing.body).toMatchObject({ statusCode: 400, errors: [{ field: 'token' }] });
  });
});

describe('POST /api/users/logout/', () => {
  it('requires authentication', async () => {
    const res = await t.http().post('/api/users/logout/').expect(401);
    expect(res.body).toEqual({ statusCode: 401, message: 'Authentication credentials were not provided.' });
  });

  it('ends the session: its access and refresh tokens stop working', async () => {
    const session = await createSession(t);
    const res = await t.http().post('/api/users/logout/').set('Authorization', session.bearer).expect(200);
    expect(res.body).toEqual({ message: 'User logged out' });
    await meRefused(session.bearer);
    await refreshRefused(session.refresh);
  });

  it('also ends the session of the refresh token sent in the body, and its access token', async () => {
    const user = await createUser(t);
    const phone = await login(t, user);
    const laptop = await login(t, user);
    await t
      .http()
      .post('/api/users/logout/')
      .set('Authorization', phone.bearer)
      .send({ refresh: laptop.refresh })
      .expect(200, { message: 'User logged out' });
    const refreshed = await t
      .http()
      .post('/api/token/refresh/')
      .send({ refresh: laptop.refresh })
      .expect(401);
    expect(refreshed.body).toEqual(withDetail(REFUSED.invalidToken));
    const me = await t.http().get('/api/users/me/').set('Authorization', laptop.bearer).expect(401);
    expect(me.body).toEqual(REFUSED.invalidToken);
  });

  it('leaves alone the session of a refresh token of another user sent in the body', async () => {
    const caller = await createSession(t);
    const other = await createSession(t);
    await t
      .http()
      .post('/api/users/logout/')
      .set('Authorization', caller.bearer)
      .send({ refresh: other.refresh })
      .expect(200);
    await t.http().get('/api/users/me/').set('Authorization', other.bearer).expect(200);
    await t.http().post('/api/token/refresh/').send({ refresh: other.refresh }).expect(200);
  });

  it('leaves the user’s other sessions alone', async () => {
    const user = await createUser(t);
    const phone = await login(t, user);
    const laptop = await login(t, user);
    await t.http().post('/api/users/logout/').set('Authorization', phone.bearer).expect(200);
    await t.http().get('/api/users/me/').set('Authorization', laptop.bearer).expect(200);
  });
});

describe('authentication on every route', () => {
  it('accepts the access token from the web session cookie', async () => {
    const session = await createSession(t);
    await t.http().get('/api/users/me/').set('Cookie', `accessToken=${session.access}`).expect(200);
  });

  it('refuses a refresh token in place of an access token, in the header or the cookie', async () => {
    const session = await createSession(t);
    for (const route of ['/api/users/me/', '/api/fitness_programs/retrive_all/']) {
      for (const headers of [
        { Authorization: `Bearer ${session.refresh}` },
        { Cookie: `accessToken=${session.refresh}` },
      ]) {
        const res = await t.http().get(route).set(headers).expect(401);
        expect(res.body).toEqual({ statusCode: 401, message: 'Token is invalid or expired' });
      }
    }
  });

  it('refuses a forged or malformed bearer token with 401', async () => {
    // A scheme with no token is no credentials at all.
    await t.http().get('/api/users/me/').set('Authorization', 'Bearer').expect(401, REFUSED.notAuthenticated);
    await meRefused('Bearer x.y.z');
  });

  it('refuses a blocked user’s still-valid access token with 403', async () => {
    const admin = await createSession(t, { superuser: true });
    const session = await createSession(t);
    await t
      .http()
      .get(`/api/users/changeUserAccess/${session.user.id}/`)
      .set('Authorization', admin.bearer)
      .expect(200);
    const res = await t.http().get('/api/users/me/').set('Authorization', session.bearer).expect(403);
    expect(res.body).toEqual({ statusCode: 403, message: BLOCKED });
    const fresh = await t
      .http()
      .post('/api/token/')
      .send({ email: session.user.email, password: TEST_PASSWORD });
    expect(fresh.status).toBe(403);
    expect(fresh.body.detail).toBe(BLOCKED);
  });
});

describe('optional authentication (public reads that show their owner more)', () => {
  /** The session's access token, genuine and of a live session, but expired a minute ago. */
  async function expiredToken(session: Session): Promise<string> {
    const jwt = t.app.get(JwtService);
    const { sub, typ, sid } = await jwt.verifyAsync<AccessTokenClaims>(session.access);
    return jwt.signAsync({ sub, typ, sid, exp: Math.floor(Date.now() / 1000) - 60 });
  }

  async function publishedProgram() {
    const { trainer, session } = await createTrainer(t);
    const program = await createProgram(t, trainer, { isPublished: true });
    return { session, path: `/api/fitness_programs/get_programme/${program.id}/` };
  }

  /** What a protected route answers with the same credentials: the optional route must answer the same. */
  const protectedAnswer = (headers: Record<string, string>) => t.http().get('/api/users/me/').set(headers);

  it('serves a request without a token anonymously', async () => {
    const { path } = await publishedProgram();
    const res = await t.http().get(path).expect(200);
    expect(res.body).toMatchObject({ is_published: true });
    expect(res.body).not.toHaveProperty('publish_requested');
  });

  it('recognises a valid token, in the header or the session cookie', async () => {
    const { session, path } = await publishedProgram();
    const viaHeader = await t.http().get(path).set('Authorization', session.bearer).expect(200);
    expect(viaHeader.body).toHaveProperty('publish_requested', false);
    const viaCookie = await t.http().get(path).set('Cookie', `accessToken=${session.access}`).expect(200);
    expect(viaCookie.body).toHaveProperty('publish_requested', false);
  });

  it('refuses an expired or forged token with the 401 of protected routes, so the client renews it', async () => {
    const { session, path } = await publishedProgram();
    const expired = await expiredToken(session);
    const forged = `${session.access.slice(0, -4)}AAAA`;
    const credentials: Record<string, string>[] = [
      { Authorization: `Bearer ${expired}` },
      { Cookie: `accessToken=${expired}` },
      { Authorization: `Bearer ${forged}` },
      { Authorization: 'Bearer not-a-token' },
    ];
    for (const headers of credentials) {
      const res = await t.http().get(path).set(headers).expect(401);
      expect(res.body).toEqual({ statusCode: 401, message: 'Token is invalid or expired' });
      expect(res.body).toEqual((await protectedAnswer(headers).expect(401)).body);
    }
    for (const route of [
      path,
      '/api/fitness_programs/get_trainer_programme/1/',
      '/api/fitness_programs/getLessons/1/',
      '/api/fitness_programs/retrive_all/',
      '/api/trainers/retrieveTrainer/1/',
      '/api/trainers/allTrainer/',
    ]) {
      await t.http().get(route).set('Authorization', `Bearer ${expired}`).expect(401, REFUSED.invalidToken);
    }
  });

  it('refuses the token of an ended session as protected routes do', async () => {
    const { session, path } = await publishedProgram();
    await t.http().post('/api/users/logout/').set('Authorization', session.bearer).expect(200);
    const headers = { Authorization: session.bearer };
    const res = await t.http().get(path).set(headers).expect(401);
    expect(res.body).toEqual((await protectedAnswer(headers).expect(401)).body);
  });

  it('refuses a blocked account’s still-valid token with the 403 of protected routes', async () => {
    const admin = await createSession(t, { superuser: true });
    const { path } = await publishedProgram();
    const visitor = await createSession(t);
    await t
      .http()
      .get(`/api/users/changeUserAccess/${visitor.user.id}/`)
      .set('Authorization', admin.bearer)
      .expect(200);
    const headers = { Authorization: visitor.bearer };
    const res = await t.http().get(path).set(headers).expect(403);
    expect(res.body).toEqual({ statusCode: 403, message: BLOCKED });
    expect(res.body).toEqual((await protectedAnswer(headers).expect(403)).body);
  });
});
