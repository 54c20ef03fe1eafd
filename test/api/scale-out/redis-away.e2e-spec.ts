import { once } from 'node:events';
import { type AddressInfo, createConnection, createServer, type Server, type Socket } from 'node:net';
import { setTimeout as delay } from 'node:timers/promises';
import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import { JobsService } from '../../../api/src/common/jobs/jobs.service.js';
import { OutboxRelay } from '../../../api/src/common/jobs/outbox-relay.js';
import { createTestApp, type TestApp } from '../../fixtures/app.js';
import { parseMail, startSmtpServer, type TestSmtpServer } from '../../fixtures/smtp.js';
import { createSession, TEST_PASSWORD, uniqueEmail } from '../../fixtures/users.js';

/*
 * Redis is an accelerator, not a single point of failure (issue 18): with the app's Redis taken away, people still
 * register, sign in and ask for a new link, without waiting for Redis; their mails, written to the outbox, go out
 * in-process after the bounded wait, and exactly once when Redis is back. The app reaches the real Redis (REDIS_URL) through a link this test cuts and restores. Collected only
 * when DATABASE_URL and REDIS_URL are set (jest.config.js), as `.ci/run`'s second pass does.
 */

/** A TCP link to the real Redis on a port of its own, which can be cut (every connection dropped) and restored. */
class RedisLink {
  private server: Server | undefined;
  private readonly sockets = new Set<Socket>();
  port = 0;

  constructor(private readonly target: URL) {}

  async open(): Promise<void> {
    this.server = createServer((client) => {
      const upstream = createConnection(Number(this.target.port || 6379), this.target.hostname);
      for (const socket of [client, upstream]) {
        this.sockets.add(socket);
        socket.on('close', () => this.sockets.delete(socket));
        socket.on('error', () => socket.destroy());
      }
      client.pipe(upstream).pipe(client);
    });
    this.server.listen(this.port, '127.0.0.1');
    await once(this.server, 'listening');
    this.port = (this.server.address() as AddressInfo).port;
  }

  async cut(): Promise<void> {
    const closed = new Promise((resolve) => this.server?.close(resolve));
    for (const socket of this.sockets) socket.destroy();
    await closed;
  }
}

const link = new RedisLink(new URL(process.env.REDIS_URL as string));
let smtp: TestSmtpServer;
let t: TestApp;

beforeAll(async () => {
  await link.open();
  smtp = await startSmtpServer();
  t = await createTestApp({ env: { REDIS_URL: `redis://127.0.0.1:${link.port}`, SMTP_URL: smtp.url } });
});
afterAll(async () => {
  await t.close();
  await link.cut();
  await smtp.close();
});

/** Resolves once `check` holds, polling every 100 ms for at most `ms`. */
async function eventually(check: () => Promise<boolean> | boolean, ms = 20_000): Promise<void> {
  const deadline = Date.now() + ms;
  while (!(await check())) {
    if (Date.now() > deadline) throw new Error(`not within ${ms} ms`);
    await delay(100);
  }
}

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
    await eventually(async () =>
      (await jobs.depth()).every((queue) => queue.waiting + queue.delayed + queue.active === 0),
    );
    await t.app.get(OutboxRelay).idle();
    expect(mailsTo()).toHaveLength(2);
    const links = mailsTo().map((mail) => /\/verify\/([\w-]+)/.exec(parseMail(mail.raw).text)?.[1]);
    expect(new Set(links).size).toBe(2);
  });
});
