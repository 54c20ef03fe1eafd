import { describe, expect, it } from '@jest/globals';
import { DataSource } from 'typeorm';
import { useTestApp } from '../../fixtures/app.js';

/*
 * A bounded MySQL/MariaDB pool (docs/decisions/035-dead-letters-and-bounded-waits.md): with every connection taken,
 * a request waits at most DATABASE_POOL_WAIT_MS, and past DATABASE_POOL_QUEUE_LIMIT waiting requests one is refused
 * at once; both answer 503 "Temporarily unavailable" with Retry-After, never hang, and the API answers again once a
 * connection is free. Collected only when DATABASE_URL is set (jest.config.js): SQLite has no pool.
 */

const WAIT_MS = 400;
const QUEUE_LIMIT = 3;

const t = useTestApp({
  env: {
    DATABASE_POOL_SIZE: '1',
    DATABASE_POOL_QUEUE_LIMIT: String(QUEUE_LIMIT),
    DATABASE_POOL_WAIT_MS: String(WAIT_MS),
  },
});

const UNAVAILABLE = { statusCode: 503, message: 'Temporarily unavailable' };

/** A public read the response cache cannot answer (a search of its own), so it needs a connection. */
const read = (word: string) => t.http().get(`/api/fitness_programs/retrive_all/?q=${word}-${Date.now()}`);

async function timed(
  request: PromiseLike<{ status: number; body: unknown; headers: Record<string, string> }>,
) {
  const started = Date.now();
  const res = await request;
  return { answer: [res.status, res.body, res.headers['retry-after']], took: Date.now() - started };
}

describe('the API with its database pool exhausted', () => {
  it('answers 503 with Retry-After, at once past the queue and after the wait in it, then recovers', async () => {
    const holder = t.app.get(DataSource).createQueryRunner();
    await holder.connect();
    let answers: Awaited<ReturnType<typeof timed>>[];
    try {
      answers = await Promise.all(
        Array.from({ length: 2 * QUEUE_LIMIT }, (_, i) => timed(read(`exhausted${i}`))),
      );
    } finally {
      await holder.release();
    }
    for (const { answer } of answers) expect(answer).toEqual([503, UNAVAILABLE, '5']);
    // The queue's places go to the first requests (the outbox relay may hold one): they waited, the rest did not.
    const waited = answers.filter(({ took }) => took >= WAIT_MS - 50);
    const refused = answers.filter(({ took }) => took < WAIT_MS - 50);
    expect(waited.length).toBeGreaterThanOrEqual(QUEUE_LIMIT - 1);
    expect(refused.length).toBeGreaterThanOrEqual(QUEUE_LIMIT);
    for (const { took } of answers) expect(took).toBeLessThan(WAIT_MS * 5);
    await read('after').expect(200);
  });
});
