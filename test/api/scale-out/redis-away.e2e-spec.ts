import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import { JobsService } from '../../../api/src/common/jobs/jobs.service.js';
import { OutboxRelay } from '../../../api/src/common/jobs/outbox-relay.js';
import { createTestApp, type TestApp } from '../../fixtures/app.js';
import { eventually } from '../../fixtures/eventually.js';
import { RedisLink } from '../../fixtures/redis-link.js';
import { parseMail, startSmtpServer, type TestSmtpServer } from '../../fixtures/smtp.js';
import { createSession, TEST_PASSWORD, uniqueEmail } from '../../fixtures/users.js';

/*
 * Redis is an accelerator, not a single point of failure (docs/decisions/027-redis-and-database-away.md): with the app's Redis taken away, people still
 * register, sign in and ask for a new link, without waiting for Redis; their mails, written to the outbox, go out
 * in-process after the bounded wait, and exactly once when Redis is back. The app reaches the real Redis (REDIS_URL) through a link this test cuts and restores. Collected only
 * when DATABASE_URL and REDIS_URL are set (jest.config.js), as `.ci/run`'s second pass does.
 */

const link = new RedisLink(new URL(process.env.REDIS_URL as string));
let smtp: TestSmtpServer;
let t: TestApp;

beforeAll(async () => {
  await link.open();
  smtp = await startSmtpServer();
  t = await createTestApp({ env: { REDIS_URL: link.url, SMTP_URL: smtp.url } });
});
afterAll(async () => {
  await t.close();
  await link.cut();
  await smtp.close();
});

describe('the API while its Redis is away', () => {
  it('registers, signs in and resends links at once, and sends each mail once, in-process, while Redis is away', async () => {
    const member = await createSession(t);
    await link.cut();

    const email = uniqueEmail('redis-away');
    const registered = await t.http().post('/api/users/register/').send({
      first_name: 'Rhea',
      last_name: 'Away',
      email,
      password: TEST_PASSWORD,
    });
    expect([registered.status, registered.body]).toEqual([
      201,
      { message: 'Verification link sent to your email' },
    ]);
    await t
      .http()
      .post('/api/token/')
      .send({ email: member.user.email, password: TEST_PASSWORD })
      .expect(200);
    await t.http().post('/api/users/resend_verification/').send({ email }).expect(202);
    const health = await t.http().get('/api/health/ready').expect(503);
    expect(health.body).toMatchObject({ db: 'up', queue: 'down' });

    // The outbox's relay waits ENQUEUE_WAIT_MS for Bull, then sends both mails itself (docs/decisions/031-jobs-outbox.md).
    const mailsTo = () => smtp.received.filter((mail) => mail.to.includes(email));
    await eventually(() => mailsTo().length === 2);
    expect((await t.http().get('/api/health/ready')).status).toBe(503);

    // Bull makes the additions it was asked for once Redis is back; its worker finds them run and skips them.
    await link.open();
    await eventually(async () => (await t.http().get('/api/health/ready')).status === 200);
    const jobs = t.app.get(JobsService);
    // The mail queue only: the reminders' queue always holds its next repeatable run, delayed.
    await eventually(async () =>
      (await jobs.depth())
        .filter((queue) => queue.queue === 'mail')
        .every((queue) => queue.waiting + queue.delayed + queue.active === 0),
    );
    await t.app.get(OutboxRelay).idle();
    expect(mailsTo()).toHaveLength(2);
    const links = mailsTo().map((mail) => /\/verify\/([\w-]+)/.exec(parseMail(mail.raw).text)?.[1]);
    expect(new Set(links).size).toBe(2);
  });
});
