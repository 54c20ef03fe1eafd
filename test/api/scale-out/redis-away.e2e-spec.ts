import { once } from 'node:events';
import { type AddressInfo, createConnection, createServer, type Server, type Socket } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import { JobsService } from '../../../api/src/common/jobs/jobs.service.js';
import { createTestApp, type TestApp } from '../../fixtures/app.js';
import { nextVerificationJob } from '../../fixtures/mail.js';
import { createSession, TEST_PASSWORD, uniqueEmail } from '../../fixtures/users.js';

/*
 * Redis is an accelerator, not a single point of failure (issue 18): with the app's Redis taken away, people still
 * register, sign in and ask for a new link, without waiting for Redis; the mails queued meanwhile go out once it
 * is back. The app reaches the real Redis (REDIS_URL) through a link this test cuts and restores. Collected only
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
let t: TestApp;

beforeAll(async () => {
  await link.open();
  t = await createTestApp({ env: { REDIS_URL: `redis://127.0.0.1:${link.port}` } });
});
afterAll(async () => {
  await link.cut();
  await t.close();
});

describe('the API while its Redis is away', () => {
  it('registers, signs in and resends links at once, and sends the mails when Redis is back', async () => {
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

    const mailed = nextVerificationJob(t.app.get(JobsService), email);
    await link.open();
    expect(await mailed).toMatchObject({ to: email, purpose: 'register' });
    await t.http().get('/api/health/ready').expect(200);
  });
});
