import { describe, expect, it } from '@jest/globals';
import type { Response } from 'supertest';
import { createTestApp, useTestApp } from '../fixtures/app.js';
import { REFUSED, withDetail } from '../fixtures/refusals.js';
import { createUser, TEST_PASSWORD, uniqueEmail } from '../fixtures/users.js';

/** Failed logins one account takes per 15 minutes, from any number of addresses. */
const LOGIN_ACCOUNT_POINTS = 20;
/** Resends one address gets per hour, from any number of addresses. */
const RESEND_ACCOUNT_POINTS = 3;

/** A 429 with its message also under the key the spec's client reads on the route, if it reads another. */
const tooMany = (res: Response, legacyKey?: 'detail' | 'error_message') => {
  expect(res.status).toBe(429);
  const message = expect.stringMatching(/^Too many attempts\. Try again in \d+ seconds\.$/);
  expect(res.body).toEqual({ statusCode: 429, message, ...(legacyKey ? { [legacyKey]: message } : {}) });
  if (legacyKey) expect(res.body[legacyKey]).toBe(res.body.message);
  expect(Number(res.headers['retry-after'])).toBeGreaterThan(0);
};

const t = useTestApp();

/** Each attempt from a new client address (t.http() gives every client its own). */
const loginFromNewAddress = (email: string, password: string) =>
  t.http().post('/api/token/').send({ email, password });

async function failLogins(email: string, times: number): Promise<number[]> {
  const statuses: number[] = [];
  for (let i = 0; i < times; i += 1)
    statuses.push((await loginFromNewAddress(email, 'wrong-password')).status);
  return statuses;
}

describe('login, per account', () => {
  it('refuses an account guessed at from rotating addresses, even with the right password', async () => {
    const user = await createUser(t);
    expect(await failLogins(user.email, LOGIN_ACCOUNT_POINTS)).toEqual(Array(LOGIN_ACCOUNT_POINTS).fill(401));
    tooMany(await loginFromNewAddress(user.email, TEST_PASSWORD), 'detail');
    // Another account is not affected.
    const other = await createUser(t);
    await loginFromNewAddress(other.email, TEST_PASSWORD).expect(200);
  });

  it('counts one account whatever the case and spacing of its address', async () => {
    const user = await createUser(t);
    const variants = [user.email, user.email.toUpperCase(), `  ${user.email} `];
    for (let i = 0; i < LOGIN_ACCOUNT_POINTS; i += 1) {
      await loginFromNewAddress(variants[i % variants.length], 'wrong-password').expect(
        401,
        withDetail(REFUSED.badCredentials),
      );
    }
    tooMany(await loginFromNewAddress(user.email, 'wrong-password'), 'detail');
  });

  it('limits an unknown address exactly like a registered one', async () => {
    const email = uniqueEmail('nobody');
    expect(await failLogins(email, LOGIN_ACCOUNT_POINTS)).toEqual(Array(LOGIN_ACCOUNT_POINTS).fill(401));
    tooMany(await loginFromNewAddress(email, TEST_PASSWORD), 'detail');
  });

  it('forgets the failed attempts once the right password is given', async () => {
    const user = await createUser(t);
    await failLogins(user.email, LOGIN_ACCOUNT_POINTS - 1);
    await loginFromNewAddress(user.email, TEST_PASSWORD).expect(200);
    expect(await failLogins(user.email, LOGIN_ACCOUNT_POINTS)).toEqual(Array(LOGIN_ACCOUNT_POINTS).fill(401));
  });
});

describe('verification resends, per address', () => {
  const resendFromNewAddress = (email: string) =>
    t.http().post('/api/users/resend_verification/').send({ email });

  it('limits an address from rotating clients, answering alike whether or not it exists', async () => {
    const known = (await createUser(t, { verified: false })).email;
    const unknown = uniqueEmail('nobody');
    const answers: Record<string, Response[]> = { [known]: [], [unknown]: [] };
    for (let i = 0; i <= RESEND_ACCOUNT_POINTS; i += 1) {
      for (const email of [known, unknown]) answers[email].push(await resendFromNewAddress(email));
    }
    for (const email of [known, unknown]) {
      const statuses = answers[email].map((res) => res.status);
      expect(statuses).toEqual([...Array(RESEND_ACCOUNT_POINTS).fill(202), 429]);
      tooMany(answers[email][RESEND_ACCOUNT_POINTS]);
    }
    expect(answers[known].map((res) => res.body)).toEqual(answers[unknown].map((res) => res.body));
    await resendFromNewAddress(uniqueEmail('other')).expect(202);
  });
});

describe("refusals the spec's client can show", () => {
  it('carries the message in detail on login and in error_message on registration', async () => {
    const login = t.http();
    let last: Response | undefined;
    for (let i = 0; i < 11; i += 1) {
      last = await login.post('/api/token/').send({ email: uniqueEmail('ip'), password: 'wrong-password' });
    }
    tooMany(last!, 'detail');
    const register = t.http();
    for (let i = 0; i < 6; i += 1) last = await register.post('/api/users/register/').send({});
    tooMany(last!, 'error_message');
  });
});

describe('client addresses behind proxies (TRUSTED_PROXIES)', () => {
  it('believes X-Forwarded-For from loopback by default, as the web layer sends it', async () => {
    const statuses: number[] = [];
    for (let i = 0; i < 11; i += 1) {
      statuses.push((await loginFromNewAddress(uniqueEmail('rotating'), 'wrong-password')).status);
    }
    expect(statuses).toEqual(Array(11).fill(401));
  });

  it('ignores X-Forwarded-For from a client that is not a configured proxy', async () => {
    const strict = await createTestApp({ env: { TRUSTED_PROXIES: '203.0.113.9' } });
    try {
      const statuses: number[] = [];
      for (let i = 0; i < 11; i += 1) {
        // strict.http() sends a new X-Forwarded-For every time; the app must see loopback, the real peer.
        const res = await strict
          .http()
          .post('/api/token/')
          .send({ email: uniqueEmail('rotating'), password: 'wrong-password' });
        statuses.push(res.status);
      }
      expect(statuses).toEqual([...Array(10).fill(401), 429]);
    } finally {
      await strict.close();
    }
  });
});
