import { setTimeout as delay } from 'node:timers/promises';
import { describe, expect, it, jest } from '@jest/globals';
import { FailedJobsService } from '../../api/src/modules/admin/failed-jobs.service.js';
import { useTestApp } from '../fixtures/app.js';
import { createSession } from '../fixtures/users.js';

/*
 * Every API request is bounded (docs/decisions/035-dead-letters-and-bounded-waits.md): one that takes longer than
 * REQUEST_TIMEOUT_MS is answered 503 "Temporarily unavailable" with Retry-After at that time, not when (or if) its
 * work ends.
 */

const TIMEOUT_MS = 300;

const t = useTestApp({ env: { REQUEST_TIMEOUT_MS: String(TIMEOUT_MS) } });

describe('a request past REQUEST_TIMEOUT_MS', () => {
  it('is answered 503 with Retry-After when its bound is reached', async () => {
    const admin = await createSession(t, { superuser: true });
    const failedJobs = t.app.get(FailedJobsService);
    const slow = jest.spyOn(failedJobs, 'list').mockImplementationOnce(async () => {
      await delay(TIMEOUT_MS * 10);
      return { items: [], total: 0, page: 1, pageSize: 50 };
    });
    const started = Date.now();
    const res = await t.http().get('/api/admin/failedJobs/').set('Authorization', admin.bearer);
    const took = Date.now() - started;
    slow.mockRestore();

    expect([res.status, res.body, res.headers['retry-after']]).toEqual([
      503,
      { statusCode: 503, message: 'Temporarily unavailable' },
      '5',
    ]);
    expect(took).toBeGreaterThanOrEqual(TIMEOUT_MS - 50);
    expect(took).toBeLessThan(TIMEOUT_MS * 5);
  });

  it('leaves a request within its bound alone', async () => {
    const admin = await createSession(t, { superuser: true });
    await t.http().get('/api/admin/failedJobs/').set('Authorization', admin.bearer).expect(200);
  });
});
