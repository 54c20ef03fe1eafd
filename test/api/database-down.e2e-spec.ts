import { describe, expect, it } from '@jest/globals';
import { DataSource } from 'typeorm';
import { useTestApp } from '../fixtures/app.js';
import { createSession, TEST_PASSWORD } from '../fixtures/users.js';

/*
 * While the database cannot be reached, every request that needs it answers 503 "Temporarily unavailable" with
 * Retry-After (not 500: nothing is wrong with the request), and the API answers again once it is back (docs/decisions/027-redis-and-database-away.md).
 */

const t = useTestApp();

const UNAVAILABLE = { statusCode: 503, message: 'Temporarily unavailable' };

describe('the API while its database is away', () => {
  it('answers reads, sign-ins and signed-in requests with 503 and Retry-After, then recovers', async () => {
    const member = await createSession(t);
    const dataSource = t.app.get(DataSource);
    await dataSource.destroy();

    const answers = [
      await t.http().get('/api/fitness_programs/retrive_all/?q=away'),
      await t.http().post('/api/token/').send({ email: member.user.email, password: TEST_PASSWORD }),
      await t.http().get('/api/users/me/').set('Authorization', member.bearer),
      await t.http().post('/api/token/refresh/').send({ refresh: member.refresh }),
    ];
    for (const answer of answers) {
      expect([answer.status, answer.body, answer.headers['retry-after']]).toEqual([503, UNAVAILABLE, '5']);
    }

    await dataSource.initialize();
    await t.http().get('/api/users/me/').set('Authorization', member.bearer).expect(200);
    await t
      .http()
      .post('/api/token/')
      .send({ email: member.user.email, password: TEST_PASSWORD })
      .expect(200);
  });

  it('still refuses a bad request as such, without asking the database', async () => {
    const dataSource = t.app.get(DataSource);
    if (dataSource.isInitialized) await dataSource.destroy();
    const res = await t.http().post('/api/token/').send({ email: 42 });
    expect(res.status).toBe(400);
    await dataSource.initialize();
  });
});
