import { setTimeout as delay } from 'node:timers/promises';
import { describe, expect, it, jest } from '@jest/globals';
import { MediaService } from '../../api/src/common/media/media.service.js';
import { FailedJobsService } from '../../api/src/modules/admin/failed-jobs.service.js';
import { PaymentsService } from '../../api/src/modules/payments/payments.service.js';
import { useTestApp } from '../fixtures/app.js';
import { createProgram, createTrainer } from '../fixtures/catalogue.js';
import { plainImage } from '../fixtures/images.js';
import { createSession } from '../fixtures/users.js';

/*
 * Every API request is bounded (docs/decisions/035-dead-letters-and-bounded-waits.md), each kind of route by its
 * own bound (docs/decisions/037-per-route-timeouts.md): one that takes longer is answered 503 "Temporarily
 * unavailable" with Retry-After at that time, not when (or if) its work ends.
 */

const API_MS = 300;
const UPLOAD_MS = 1500;
const PAYMENT_MS = 1500;
/** Longer than REQUEST_TIMEOUT_MS, well within the upload and payment bounds. */
const SLOW_MS = 700;

const t = useTestApp({
  env: {
    REQUEST_TIMEOUT_MS: String(API_MS),
    UPLOAD_TIMEOUT_MS: String(UPLOAD_MS),
    PAYMENT_TIMEOUT_MS: String(PAYMENT_MS),
  },
});

const UNAVAILABLE = { statusCode: 503, message: 'Temporarily unavailable' };

/** Makes the next call of `object[method]` wait `ms` before doing its work. */
function slowDown<T extends object>(object: T, method: keyof T & string, ms: number) {
  const original = (object[method] as (...args: unknown[]) => Promise<unknown>).bind(object);
  return jest
    .spyOn(object as Record<string, (...args: unknown[]) => Promise<unknown>>, method)
    .mockImplementationOnce(async (...args: unknown[]) => {
      await delay(ms);
      return original(...args);
    });
}

/** The request's answer and how long it took. */
async function timed<R>(request: () => Promise<R>): Promise<[R, number]> {
  const started = Date.now();
  const res = await request();
  return [res, Date.now() - started];
}

async function updatePicture(bearer: string) {
  const image = await plainImage(32, 32);
  return t
    .http()
    .put('/api/users/updateUser/')
    .set('Authorization', bearer)
    .attach('profile_picture', image, { filename: 'me.png', contentType: 'image/png' });
}

describe('a request past REQUEST_TIMEOUT_MS', () => {
  it('is answered 503 with Retry-After when its bound is reached', async () => {
    const admin = await createSession(t, { superuser: true });
    const slow = jest.spyOn(t.app.get(FailedJobsService), 'list').mockImplementationOnce(async () => {
      await delay(API_MS * 10);
      return { items: [], total: 0, page: 1, pageSize: 50 };
    });
    const [res, took] = await timed(() =>
      t.http().get('/api/admin/failedJobs/').set('Authorization', admin.bearer),
    );
    slow.mockRestore();

    expect([res.status, res.body, res.headers['retry-after']]).toEqual([503, UNAVAILABLE, '5']);
    expect(took).toBeGreaterThanOrEqual(API_MS - 50);
    expect(took).toBeLessThan(API_MS * 5);
  });

  it('leaves a request within its bound alone', async () => {
    const admin = await createSession(t, { superuser: true });
    await t.http().get('/api/admin/failedJobs/').set('Authorization', admin.bearer).expect(200);
  });
});

describe('an upload route', () => {
  it('has UPLOAD_TIMEOUT_MS: an image stored slower than REQUEST_TIMEOUT_MS is saved', async () => {
    const member = await createSession(t);
    const slow = slowDown(t.app.get(MediaService), 'storeImage', SLOW_MS);
    const [res] = await timed(() => updatePicture(member.bearer));
    slow.mockRestore();

    expect([res.status, res.body]).toEqual([200, { message: 'User profile updated successfully' }]);
    const me = await t.http().get('/api/users/me/').set('Authorization', member.bearer).expect(200);
    expect(me.body.profile_picture).toMatch(/^\/media\//);
  });

  it('is answered 503 past UPLOAD_TIMEOUT_MS', async () => {
    const member = await createSession(t);
    const slow = slowDown(t.app.get(MediaService), 'storeImage', UPLOAD_MS * 2);
    const [res, took] = await timed(() => updatePicture(member.bearer));
    slow.mockRestore();

    expect([res.status, res.body]).toEqual([503, UNAVAILABLE]);
    expect(took).toBeGreaterThanOrEqual(UPLOAD_MS - 50);
    expect(took).toBeLessThan(UPLOAD_MS * 3);
  });
});

describe('a payment route', () => {
  it('has PAYMENT_TIMEOUT_MS: an order slower than REQUEST_TIMEOUT_MS is created', async () => {
    const { trainer } = await createTrainer(t);
    const program = await createProgram(t, trainer, { isPublished: true });
    const member = await createSession(t);
    const slow = slowDown(t.app.get(PaymentsService), 'createOrder', SLOW_MS);
    const [res, took] = await timed(() =>
      t
        .http()
        .post('/api/payments/paypal/orders/')
        .set('Authorization', member.bearer)
        .send({ program_id: program.id }),
    );
    slow.mockRestore();

    expect(res.status).toBe(201);
    expect(took).toBeGreaterThanOrEqual(SLOW_MS);
  });
});
