import { beforeAll, describe, expect, it } from '@jest/globals';
import { DataSource, type Repository } from 'typeorm';
import { JobsService } from '../../api/src/common/jobs/jobs.service.js';
import { PasswordResetEntity } from '../../api/src/modules/users/password-reset.entity.js';
import { PASSWORD_RESET_MESSAGES } from '../../api/src/modules/users/password-reset.service.js';
import { UserEntity } from '../../api/src/modules/users/user.entity.js';
import { PASSWORD_RESET_LINK_TTL_MINUTES } from '@fitcoach/contracts';
import { useTestApp } from '../fixtures/app.js';
import { nextPasswordResetToken } from '../fixtures/mail.js';
import { REFUSED, withDetail } from '../fixtures/refusals.js';
import { createUser, login, TEST_PASSWORD, uniqueEmail } from '../fixtures/users.js';

const t = useTestApp();
let jobs: JobsService;
let links: Repository<PasswordResetEntity>;
let users: Repository<UserEntity>;

beforeAll(() => {
  jobs = t.app.get(JobsService);
  links = t.app.get(DataSource).getRepository(PasswordResetEntity);
  users = t.app.get(DataSource).getRepository(UserEntity);
});

const NEW_PASSWORD = 'a-brand-new-password';

const ask = (email: string) => t.http().post('/api/users/password_reset/').send({ email });
const confirm = (token: string, password = NEW_PASSWORD) =>
  t.http().post('/api/users/password_reset/confirm/').send({ token, password });
const signIn = (email: string, password: string) => t.http().post('/api/token/').send({ email, password });

/** Asks for a link for `email` and resolves with the token its mail carries. */
async function linkFor(email: string): Promise<string> {
  const token = nextPasswordResetToken(jobs, email);
  await ask(email).expect(202);
  return token;
}

const refused = (message: string) => ({ statusCode: 400, message });

describe('POST /api/users/password_reset/', () => {
  it('mails an account a single link, valid for an hour, and says the same as for an unknown address', async () => {
    const user = await createUser(t);
    const token = nextPasswordResetToken(jobs, user.email);
    const known = await ask(` ${user.email.toUpperCase()} `).expect(202);
    await expect(token).resolves.toMatch(/^[A-Za-z0-9_-]{43}$/);
    const unknown = await ask(uniqueEmail()).expect(202);
    expect(known.body).toEqual({ message: PASSWORD_RESET_MESSAGES.sent });
    expect(unknown.body).toEqual(known.body);
    const [link] = await links.findBy({ userId: user.id });
    expect(link.tokenHash).not.toBe(await token);
    const lifetime = link.expiresAt.getTime() - link.createdAt.getTime();
    expect(Math.abs(lifetime - PASSWORD_RESET_LINK_TTL_MINUTES * 60_000)).toBeLessThan(60_000);
  });

  it('sends a blocked account no link', async () => {
    const user = await createUser(t, { blocked: true });
    await ask(user.email).expect(202, { message: PASSWORD_RESET_MESSAGES.sent });
    expect(await links.countBy({ userId: user.id })).toBe(0);
  });

  it('refuses a malformed or missing address with 400', async () => {
    const res = await ask('not an address').expect(400);
    expect(res.body).toMatchObject({ statusCode: 400, errors: [{ field: 'email' }] });
    await t.http().post('/api/users/password_reset/').send({}).expect(400);
  });

  it('sends one address at most three links an hour, from any number of client addresses', async () => {
    const user = await createUser(t);
    for (let i = 0; i < 3; i += 1) await ask(user.email).expect(202);
    const res = await ask(user.email).expect(429);
    expect(res.body.message).toMatch(/^Too many attempts\. Try again in \d+ seconds\.$/);
    expect(await links.countBy({ userId: user.id })).toBe(3);
  });
});

describe('POST /api/users/password_reset/confirm/', () => {
  it('sets the new password: the old one no longer signs in, the new one does', async () => {
    const user = await createUser(t);
    await confirm(await linkFor(user.email)).expect(200, { message: PASSWORD_RESET_MESSAGES.done });
    await signIn(user.email, TEST_PASSWORD).expect(401);
    await signIn(user.email, NEW_PASSWORD).expect(200);
  });

  it('ends every session of the account: its refresh and access tokens are refused', async () => {
    const user = await createUser(t);
    const session = await login(t, user);
    await t.http().get('/api/users/me/').set('Authorization', session.bearer).expect(200);
    await confirm(await linkFor(user.email)).expect(200);
    await t
      .http()
      .post('/api/token/refresh/')
      .send({ refresh: session.refresh })
      .expect(401, withDetail(REFUSED.invalidToken));
    await t.http().get('/api/users/me/').set('Authorization', session.bearer).expect(401);
  });

  it('verifies an account that was not: the link proved the address', async () => {
    const user = await createUser(t, { verified: false });
    await confirm(await linkFor(user.email)).expect(200);
    expect(await users.findOneByOrFail({ id: user.id })).toMatchObject({ isVerified: true });
    await signIn(user.email, NEW_PASSWORD).expect(200);
  });

  it('refuses a link used once already, and the password stays the one it set', async () => {
    const user = await createUser(t);
    const token = await linkFor(user.email);
    await confirm(token).expect(200);
    await confirm(token, 'yet-another-password').expect(400, refused(PASSWORD_RESET_MESSAGES.invalid));
    await signIn(user.email, NEW_PASSWORD).expect(200);
  });

  it('refuses an older link once a newer one was sent', async () => {
    const user = await createUser(t);
    const older = await linkFor(user.email);
    const newer = await linkFor(user.email);
    await confirm(older).expect(400, refused(PASSWORD_RESET_MESSAGES.invalid));
    await signIn(user.email, TEST_PASSWORD).expect(200);
    await confirm(newer).expect(200);
  });

  it('refuses an expired link, changing nothing', async () => {
    const user = await createUser(t);
    const token = await linkFor(user.email);
    await links.update({ userId: user.id }, { expiresAt: new Date(Date.now() - 1000) });
    await confirm(token).expect(400, refused(PASSWORD_RESET_MESSAGES.expired));
    await signIn(user.email, TEST_PASSWORD).expect(200);
  });

  it('refuses an unknown token', async () => {
    await confirm('not-a-token-anyone-was-sent').expect(400, refused(PASSWORD_RESET_MESSAGES.invalid));
  });

  it("refuses a password that breaks registration's rules, and the link still works afterwards", async () => {
    const user = await createUser(t);
    const token = await linkFor(user.email);
    const short = await confirm(token, 'short').expect(400);
    expect(short.body).toMatchObject({ statusCode: 400, errors: [{ field: 'password' }] });
    const spaced = await confirm(token, 'has spaces in it').expect(400);
    expect(spaced.body).toMatchObject({ errors: [{ field: 'password' }] });
    await confirm(token).expect(200);
  });

  it('refuses a body without a token or a password with 400', async () => {
    await t.http().post('/api/users/password_reset/confirm/').send({ password: NEW_PASSWORD }).expect(400);
    await t.http().post('/api/users/password_reset/confirm/').send({ token: 'x' }).expect(400);
  });
});
