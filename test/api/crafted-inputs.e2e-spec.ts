import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import type { Test } from 'supertest';
import { BODY_MAX_KEYS, EMAIL_MAX_LENGTH } from '@fitcoach/contracts';
import { createTestApp, type TestApp } from '../fixtures/app.js';
import { discoverRoutes } from '../fixtures/routes.js';
import { createSession, type Session } from '../fixtures/users.js';

/*
 * Inputs crafted to make the server compute for seconds must be refused at once, and the server must keep
 * answering others meanwhile: an e-mail address that made the former pattern backtrack (45 s for this one), and
 * bodies of many keys, which class-transformer handles in time quadratic in their number (2 s for 60,000).
 */

const t: TestApp = await createTestApp();
const routes = discoverRoutes(t.app);

afterAll(() => t.close());

const CRAFTED_EMAIL = 'a@' + '.'.repeat(200_000) + '@';
const BOUND_MS = 1000;

const manyKeys = (count: number) => Object.fromEntries(Array.from({ length: count }, (_, i) => [`k${i}`, 0]));

interface Answer {
  status: number;
  body: Record<string, unknown>;
  ms: number;
}

async function timed(req: Test): Promise<Answer> {
  const started = performance.now();
  const res = await req.ok(() => true);
  return { status: res.status, body: res.body as Record<string, unknown>, ms: performance.now() - started };
}

/** The answer to `req`, and to a health check sent once the server has begun on `req`. */
async function besideHealthCheck(req: Test): Promise<{ answer: Answer; health: Answer }> {
  const server = t.app.getHttpServer();
  const arrived = new Promise<void>((resolve) => server.once('request', () => resolve()));
  const answer = timed(req);
  await arrived;
  const health = timed(t.http().get('/api/health'));
  return { answer: await answer, health: await health };
}

function expectRefusedInTime({ answer, health }: { answer: Answer; health: Answer }): void {
  expect(answer.status).toBeGreaterThanOrEqual(400);
  expect(answer.status).toBeLessThan(500);
  expect(answer.body).toMatchObject({ statusCode: answer.status, message: expect.any(String) });
  expect(answer.ms).toBeLessThan(BOUND_MS);
  expect(health.status).toBe(200);
  expect(health.ms).toBeLessThan(BOUND_MS);
}

describe('an e-mail address crafted to backtrack', () => {
  let superuser: Session;

  beforeAll(async () => {
    superuser = await createSession(t, { superuser: true });
  });

  // Every route whose body DTO has an `email` field, read from the router and the DTOs' decorators.
  const emailRoutes = routes.filter((route) => route.bodyFields.includes('email'));

  it('is sent to every route that takes an e-mail address', () => {
    expect(emailRoutes.map((route) => `${route.method.toUpperCase()} ${route.path}`)).toEqual(
      expect.arrayContaining([
        'POST /api/users/register',
        'POST /api/users/resend_verification',
        'POST /api/token',
        'PUT /api/users/updateUser',
        'POST /api/admin/superusers',
      ]),
    );
  });

  describe.each(emailRoutes.map((route) => [`${route.method.toUpperCase()} ${route.path}`, route] as const))(
    '%s',
    (_name, route) => {
      const request = () => t.http()[route.method](`${route.path}/`).set('Authorization', superuser.bearer);

      it('refuses it as JSON at once, still answering others', async () => {
        const refused = await besideHealthCheck(request().send({ email: CRAFTED_EMAIL }));
        expectRefusedInTime(refused);
        expect(refused.answer.status).toBe(400);
        expect(refused.answer.body.errors).toEqual(
          expect.arrayContaining([{ field: 'email', message: expect.stringMatching(/email/i) }]),
        );
      });

      it('refuses it as a multipart field at once, still answering others', async () => {
        expectRefusedInTime(await besideHealthCheck(request().field('email', CRAFTED_EMAIL)));
      });
    },
  );

  it('is refused for its length, as any address over the limit', async () => {
    const res = await t.http().post('/api/users/register/').send({
      first_name: 'Ann',
      last_name: 'Lee',
      email: CRAFTED_EMAIL,
      password: 'long-enough',
    });
    expect(res.status).toBe(400);
    expect(res.body.errors).toEqual([
      { field: 'email', message: `email must be shorter than or equal to ${EMAIL_MAX_LENGTH} characters` },
    ]);
  });
});

describe(`a body of more than ${BODY_MAX_KEYS} keys`, () => {
  it.each(['/api/token/verify/', '/api/token/refresh/', '/api/users/email_verification/'])(
    'of 60,000 keys is refused by %s at once, still answering others',
    async (path) => {
      const refused = await besideHealthCheck(t.http().post(path).send(manyKeys(60_000)));
      expectRefusedInTime(refused);
      expect(refused.answer).toMatchObject({
        status: 400,
        body: { statusCode: 400, message: `The request body has more than ${BODY_MAX_KEYS} fields` },
      });
    },
  );

  it('is refused when the keys are inside a field, naming the field', async () => {
    const refused = await besideHealthCheck(
      t
        .http()
        .post('/api/token/verify/')
        .send({ token: manyKeys(60_000) }),
    );
    expectRefusedInTime(refused);
    const message = `token has more than ${BODY_MAX_KEYS} keys`;
    expect(refused.answer.body).toMatchObject({
      statusCode: 400,
      message,
      errors: [{ field: 'token', message }],
    });
  });
});

describe('a field the route does not take', () => {
  it('is refused by name rather than dropped', async () => {
    const res = await t.http().post('/api/users/register/').send({
      first_name: 'Ann',
      last_name: 'Lee',
      email: 'ann-unknown-field@example.com',
      password: 'long-enough',
      is_superuser: true,
    });
    expect(res.status).toBe(400);
    expect(res.body).toMatchObject({
      message: 'Unknown field "is_superuser"',
      errors: [{ field: 'is_superuser', message: 'Unknown field "is_superuser"' }],
    });
  });

  it('is refused in a multipart form too, where a text in place of the picture is taken as no new picture', async () => {
    const session = await createSession(t);
    const update = () => t.http().put('/api/users/updateUser/').set('Authorization', session.bearer);
    await update()
      .field('first_name', 'Meera')
      .field('nickname', 'mee')
      .expect(400, {
        statusCode: 400,
        message: 'Unknown field "nickname"',
        errors: [{ field: 'nickname', message: 'Unknown field "nickname"' }],
      });
    await update().field('first_name', 'Meera').field('profile_picture', 'null').expect(200);
    const me = await t.http().get('/api/users/me/').set('Authorization', session.bearer).expect(200);
    expect(me.body).toMatchObject({ first_name: 'Meera', profile_picture: null });
  });
});
