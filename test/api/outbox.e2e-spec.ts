import { setTimeout as delay } from 'node:timers/promises';
import { afterAll, beforeAll, describe, expect, it, jest } from '@jest/globals';
import { DataSource, type Repository } from 'typeorm';
import { OutboxRelay } from '../../api/src/common/jobs/outbox-relay.js';
import { OutboxEntity } from '../../api/src/common/jobs/outbox.entity.js';
import { EmailVerificationEntity } from '../../api/src/modules/users/email-verification.entity.js';
import { UserEntity } from '../../api/src/modules/users/user.entity.js';
import { VerificationService } from '../../api/src/modules/users/verification.service.js';
import { createTestApp, type TestApp } from '../fixtures/app.js';
import { parseMail, startSmtpServer, type TestSmtpServer } from '../fixtures/smtp.js';
import { TEST_PASSWORD, uniqueEmail } from '../fixtures/users.js';

/*
 * The jobs outbox (docs/decisions/031-jobs-outbox.md) seen from a registration: the verification mail's job is
 * written in the registration's transaction, so it exists, and the mail goes out, if and only if the account does.
 */

let smtp: TestSmtpServer;
let t: TestApp;
let outbox: Repository<OutboxEntity>;

beforeAll(async () => {
  smtp = await startSmtpServer();
  t = await createTestApp({ env: { SMTP_URL: smtp.url } });
  outbox = t.app.get(DataSource).getRepository(OutboxEntity);
});
afterAll(async () => {
  await t.close();
  await smtp.close();
});

const register = (email: string) =>
  t
    .http()
    .post('/api/users/register/')
    .send({ first_name: 'Olive', last_name: 'Box', email, password: TEST_PASSWORD });

const mailsTo = (email: string) => smtp.received.filter((mail) => mail.to.includes(email));

async function eventually(check: () => boolean, ms = 10_000): Promise<void> {
  const deadline = Date.now() + ms;
  while (!check()) {
    if (Date.now() > deadline) throw new Error(`not within ${ms} ms`);
    await delay(50);
  }
}

describe('POST /api/users/register/ and the outbox', () => {
  it("commits the mail's job with the account, and the mail arrives once", async () => {
    const email = uniqueEmail('outbox');
    await register(email).expect(201);

    const user = await t.app.get(DataSource).getRepository(UserEntity).findOneByOrFail({ email });
    const link = await t.app
      .get(DataSource)
      .getRepository(EmailVerificationEntity)
      .findOneByOrFail({ userId: user.id });
    const row = await outbox.findOneByOrFail({ dedupeKey: `verify-email-${link.id}` });
    expect(row).toMatchObject({ queue: 'mail', jobName: 'mail.verify-email' });
    await eventually(() => mailsTo(email).length === 1);
    expect(parseMail(mailsTo(email)[0]!.raw).text).toContain('/verify/');
    await t.app.get(OutboxRelay).idle();
    expect(await outbox.findOneByOrFail({ id: row.id })).toMatchObject({
      dispatchedAt: expect.any(Date),
      payload: '{}',
      attempts: 1,
    });
    expect(mailsTo(email)).toHaveLength(1);
  });

  it('leaves no job and sends no mail when the registration rolls back after writing it', async () => {
    const verification = t.app.get(VerificationService);
    const relay = t.app.get(OutboxRelay);
    const create = verification.create.bind(verification);
    const failing = jest.spyOn(verification, 'create').mockImplementationOnce(async (...args) => {
      await create(...args);
      // A relay looking now must not see the row the transaction has not committed (on SQLite, one connection).
      relay.wake();
      await delay(200);
      throw new Error('the disk is full');
    });
    const email = uniqueEmail('outbox-rolled-back');
    const before = await outbox.count();
    try {
      await register(email).expect(500);
    } finally {
      failing.mockRestore();
    }

    relay.wake();
    await relay.idle();
    expect(await outbox.count()).toBe(before);
    expect(await t.app.get(DataSource).getRepository(UserEntity).countBy({ email })).toBe(0);
    // A mail sent anyway would have arrived by now: the committed registration's mail above took milliseconds.
    await delay(300);
    expect(mailsTo(email)).toEqual([]);
  });
});
