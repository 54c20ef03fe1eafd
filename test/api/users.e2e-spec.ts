// Over 300 lines on purpose: one file per resource holds every endpoint of it with its refusals, because each
// API e2e file boots an application of its own (seconds a file); describe blocks, not files, divide it.
import { beforeAll, describe, expect, it } from '@jest/globals';
import sharp from 'sharp';
import { DataSource } from 'typeorm';
import { JobsService } from '../../api/src/common/jobs/jobs.service.js';
import { EmailVerificationEntity } from '../../api/src/modules/users/email-verification.entity.js';
import { UserEntity } from '../../api/src/modules/users/user.entity.js';
import { VALIDATION_MESSAGES, VERIFY_EMAIL_LINK_TTL_HOURS } from '@fitcoach/contracts';
import { TOO_MANY_EMAIL_CHANGES } from '../../api/src/modules/users/users.service.js';
import { useTestApp } from '../fixtures/app.js';
import { notAnImage, REFUSED, withDetail, withErrorMessage } from '../fixtures/refusals.js';
import { nextVerificationJob, nextVerificationToken } from '../fixtures/mail.js';
import { createSession, createUser, type Session, TEST_PASSWORD, uniqueEmail } from '../fixtures/users.js';

const t = useTestApp();
let jobs: JobsService;
let users: ReturnType<DataSource['getRepository']>;

beforeAll(async () => {
  jobs = t.app.get(JobsService);
  users = t.app.get(DataSource).getRepository(UserEntity);
});

const registration = (email = uniqueEmail()) => ({
  first_name: 'Asha',
  last_name: 'Rao',
  email,
  password: 'strong-password-1',
});

async function registerAndVerify(email = uniqueEmail()) {
  const token = nextVerificationToken(jobs, email);
  await t.http().post('/api/users/register/').send(registration(email)).expect(201);
  return { email, token: await token };
}

describe('POST /api/users/register/', () => {
  it('stores the user unverified and queues the verification e-mail', async () => {
    const email = uniqueEmail();
    const token = nextVerificationToken(jobs, email);
    const res = await t
      .http()
      .post('/api/users/register/')
      .send(registration(` ${email.toUpperCase()} `));
    expect(res.status).toBe(201);
    expect(res.body).toEqual({ message: 'Verification link sent to your email' });
    await expect(token).resolves.toMatch(/^[A-Za-z0-9_-]{43}$/);
    const stored = await users.findOneByOrFail({ email });
    expect(stored).toMatchObject({ isVerified: false, isSuperuser: false, blocked: false });
    const login = await t
      .http()
      .post('/api/token/')
      .send({ email, password: 'strong-password-1' })
      .expect(401);
    expect(login.body.detail).toBe('Email not verified');
  });

  it('refuses a taken address whatever its case with 409 and error_message', async () => {
    const user = await createUser(t);
    const res = await t.http().post('/api/users/register/').send(registration(user.email.toUpperCase()));
    expect(res.status).toBe(409);
    expect(res.body.error_message).toBe('user account with this email already exists.');
    expect(await users.countBy({ email: user.email })).toBe(1);
  });

  it('stores one account when two registrations of one address race, and refuses the other with 409', async () => {
    const email = uniqueEmail('twice');
    const answers = await Promise.all([
      t.http().post('/api/users/register/').send(registration(email)),
      t.http().post('/api/users/register/').send(registration(email.toUpperCase())),
    ]);
    expect(answers.map((res) => res.status).sort()).toEqual([201, 409]);
    expect(await users.countBy({ email })).toBe(1);
  });

  it('refuses invalid fields with 400, error_message and field errors, storing nothing', async () => {
    const email = uniqueEmail();
    const res = await t
      .http()
      .post('/api/users/register/')
      .send({ first_name: 'Asha1', last_name: '', email: `${email} x`, password: 'short' })
      .expect(400);
    expect(res.body.error_message).toEqual(expect.any(String));
    expect(res.body.errors.map((e: { field: string }) => e.field).sort()).toEqual([
      'email',
      'first_name',
      'last_name',
      'password',
    ]);
    expect(await users.countBy({ email })).toBe(0);
  });

  // The rule of docs/product.md §5: letters and marks of any script, spaces, hyphens, apostrophes and periods.
  it.each([
    ['Zoe\u0308', 'Martínez', 'Zoë'],
    ["O'Brien", 'Mary Ann', "O'Brien"],
    ['Smith-Jones', 'O’Neil', 'Smith-Jones'],
    ['Αλέξανδρος', 'Παπαδόπουλος', 'Αλέξανδρος'],
    ['देवनागरी', 'शर्मा', 'देवनागरी'],
  ])('registers %s %s, stored trimmed and NFC-normalised', async (first, last, stored) => {
    const email = uniqueEmail('names');
    await t
      .http()
      .post('/api/users/register/')
      .send({ ...registration(email), first_name: ` ${first} `, last_name: last })
      .expect(201);
    expect(await users.findOneByOrFail({ email })).toMatchObject({ firstName: stored, lastName: last });
  });

  it.each([
    ['a'.repeat(51), 'more than 50 characters'],
    ['Asha2', 'a digit'],
    ['-.', 'no letter'],
    ['Asha_Rao', 'an underscore'],
  ])('refuses the name %p (%s) with the name rule, storing nothing', async (name) => {
    const email = uniqueEmail('names');
    const res = await t
      .http()
      .post('/api/users/register/')
      .send({ ...registration(email), last_name: name })
      .expect(400);
    expect(res.body.errors).toEqual([{ field: 'last_name', message: VALIDATION_MESSAGES.name }]);
    expect(await users.countBy({ email })).toBe(0);
  });

  it('refuses a body that is not an object, and wrong types', async () => {
    await t
      .http()
      .post('/api/users/register/')
      .set('Content-Type', 'application/json')
      .send('[1,2]')
      .expect(400);
    await t
      .http()
      .post('/api/users/register/')
      .send({ first_name: ['A'], last_name: 1, email: true, password: {} })
      .expect(400);
  });

  it('limits registrations per client address', async () => {
    const client = t.http().set('X-Forwarded-For', '203.0.113.90');
    const statuses: number[] = [];
    for (let i = 0; i < 6; i += 1) {
      statuses.push((await client.post('/api/users/register/').send({})).status);
    }
    expect(statuses).toEqual([400, 400, 400, 400, 400, 429]);
  });
});

describe('POST /api/users/email_verification/', () => {
  it('activates the account once; the used link then says already active', async () => {
    const { email, token } = await registerAndVerify();
    const first = await t.http().post('/api/users/email_verification/').send({ token }).expect(201);
    expect(first.body).toEqual({ Message: 'Account Activated \n Now Log in using your credentials' });
    const again = await t.http().post('/api/users/email_verification/').send({ token }).expect(200);
    expect(again.body).toEqual({ Message: 'Account already active' });
    await t.http().post('/api/token/').send({ email, password: 'strong-password-1' }).expect(200);
  });

  it('refuses a forged token with 400 and error_message', async () => {
    const res = await t
      .http()
      .post('/api/users/email_verification/')
      .send({ token: 'x'.repeat(43) })
      .expect(400);
    expect(res.body.error_message).toBe('Invalid Token');
    const missing = await t.http().post('/api/users/email_verification/').send({}).expect(400);
    expect(missing.body).toMatchObject({ statusCode: 400, errors: [{ field: 'token' }] });
  });

  it('refuses an expired link, saying so', async () => {
    const { email, token } = await registerAndVerify();
    const user = await users.findOneByOrFail({ email });
    await t.app
      .get(DataSource)
      .getRepository(EmailVerificationEntity)
      .update({ userId: user.id }, { expiresAt: new Date(Date.now() - 1000) });
    const res = await t.http().post('/api/users/email_verification/').send({ token }).expect(400);
    expect(res.body.error_message).toBe('Activation Link Expired');
    expect(await users.findOneByOrFail({ email })).toMatchObject({ isVerified: false });
  });
});

describe('POST /api/users/resend_verification/', () => {
  it('sends a new link to an unverified address, which then works', async () => {
    const { email } = await registerAndVerify();
    const token = nextVerificationToken(jobs, email);
    const res = await t.http().post('/api/users/resend_verification/').send({ email }).expect(202);
    expect(res.body.message).toEqual(expect.any(String));
    await t
      .http()
      .post('/api/users/email_verification/')
      .send({ token: await token })
      .expect(201);
  });

  it("sends a registration's link again as a registration's, not as an address change's", async () => {
    const { email } = await registerAndVerify();
    const job = nextVerificationJob(jobs, email);
    await t.http().post('/api/users/resend_verification/').send({ email }).expect(202);
    expect(await job).toMatchObject({ to: email, purpose: 'register', firstName: 'Asha' });
  });

  it('says the same thing whoever asks, and sends a verified account no new link', async () => {
    const user = await createUser(t);
    const links = t.app.get(DataSource).getRepository(EmailVerificationEntity);
    const before = await links.countBy({ userId: user.id });
    const res = await t
      .http()
      .post('/api/users/resend_verification/')
      .send({ email: user.email })
      .expect(202);
    expect(res.body).toEqual({
      message: 'If this address is waiting for verification, a new link has been sent to it.',
    });
    expect(await links.countBy({ userId: user.id })).toBe(before);
  });

  it('gives a new link a day to be used', async () => {
    const { email } = await registerAndVerify();
    const links = t.app.get(DataSource).getRepository(EmailVerificationEntity);
    const sent = Date.now();
    await t.http().post('/api/users/resend_verification/').send({ email }).expect(202);
    const [newest] = await links.find({ where: { email }, order: { id: 'DESC' }, take: 1 });
    const lifetime = newest.expiresAt.getTime() - sent;
    expect(lifetime).toBeGreaterThan((VERIFY_EMAIL_LINK_TTL_HOURS * 3600 - 60) * 1000);
    expect(lifetime).toBeLessThanOrEqual((VERIFY_EMAIL_LINK_TTL_HOURS * 3600 + 60) * 1000);
  });

  it('answers the same for an unknown address', async () => {
    const known = await t
      .http()
      .post('/api/users/resend_verification/')
      .send({ email: uniqueEmail() })
      .expect(202);
    const user = await createUser(t);
    const verified = await t
      .http()
      .post('/api/users/resend_verification/')
      .send({ email: user.email })
      .expect(202);
    expect(verified.body).toEqual(known.body);
  });

  it('refuses a malformed address with 400', async () => {
    const res = await t
      .http()
      .post('/api/users/resend_verification/')
      .send({ email: 'not an address' })
      .expect(400);
    expect(res.body).toMatchObject({ statusCode: 400, errors: [{ field: 'email' }] });
  });
});

describe('GET /api/users/me/', () => {
  it('requires authentication', async () => {
    await t.http().get('/api/users/me/').expect(401, REFUSED.notAuthenticated);
  });

  it('returns the caller with an empty profile object', async () => {
    const session = await createSession(t, { firstName: 'Ravi', lastName: 'Kumar' });
    const res = await t.http().get('/api/users/me').set('Authorization', session.bearer).expect(200);
    expect(res.body).toEqual({
      id: session.user.id,
      first_name: 'Ravi',
      last_name: 'Kumar',
      email: session.user.email,
      profile_picture: null,
      is_trainer: false,
      is_superuser: false,
      blocked: false,
      profile: { height: null, weight: null, body_fat: null, age: null, phone: null },
    });
  });
});

describe('PUT /api/users/updateUser/', () => {
  it('requires authentication', async () => {
    await t
      .http()
      .put('/api/users/updateUser/')
      .field('first_name', 'Eve')
      .expect(401, REFUSED.notAuthenticated);
  });

  it('updates the caller’s names and body stats; "null" and absent fields stay as they were', async () => {
    const session = await createSession(t);
    await t
      .http()
      .put('/api/users/updateUser/')
      .set('Authorization', session.bearer)
      .field('first_name', ' Μαρία-Θεοδώρα ')
      .field('height', '172.5')
      .field('weight', '64')
      .field('age', '29')
      .field('phone', '9876543210')
      .expect(200, { message: 'User profile updated successfully' });
    await t
      .http()
      .put('/api/users/updateUser/')
      .set('Authorization', session.bearer)
      .field('last_name', 'null')
      .field('weight', 'undefined')
      .field('body_fat', '18')
      // The spec's client sends its form whole, with this literal: no password changes here.
      .field('password', 'undefined')
      .field('profile_picture', 'null')
      .expect(200);
    const me = await t.http().get('/api/users/me/').set('Authorization', session.bearer).expect(200);
    expect(me.body).toMatchObject({
      first_name: 'Μαρία-Θεοδώρα',
      last_name: 'User',
      profile: { height: 172.5, weight: 64, body_fat: 18, age: 29, phone: '9876543210' },
    });
  });

  it('stores a real picture as WebP under /media', async () => {
    const session = await createSession(t);
    const png = await sharp({ create: { width: 40, height: 30, channels: 3, background: '#3a7' } })
      .png()
      .toBuffer();
    await t
      .http()
      .put('/api/users/updateUser/')
      .set('Authorization', session.bearer)
      .attach('profile_picture', png, 'me.png')
      .expect(200);
    const me = await t.http().get('/api/users/me/').set('Authorization', session.bearer).expect(200);
    expect(me.body.profile_picture).toMatch(/^\/media\/profile\/[0-9a-f]{32}\.webp$/);
    const served = await t.http().get(me.body.profile_picture).expect(200);
    expect(served.headers['content-type']).toBe('image/webp');
  });

  it('removes the old picture when a new one replaces it, and keeps it when other fields change', async () => {
    const session = await createSession(t);
    const picture = (background: string) =>
      sharp({ create: { width: 20, height: 20, channels: 3, background } })
        .png()
        .toBuffer();
    const upload = async (background: string) => {
      await t
        .http()
        .put('/api/users/updateUser/')
        .set('Authorization', session.bearer)
        .attach('profile_picture', await picture(background), 'me.png')
        .expect(200);
      const me = await t.http().get('/api/users/me/').set('Authorization', session.bearer).expect(200);
      return me.body.profile_picture as string;
    };
    const first = await upload('#123');
    const second = await upload('#456');
    expect(second).not.toBe(first);
    await t.http().get(first).expect(404);
    await t
      .http()
      .put('/api/users/updateUser/')
      .set('Authorization', session.bearer)
      .send({ first_name: 'Renamed' })
      .expect(200);
    await t.http().get(second).expect(200);
  });

  it('refuses a script saved as x.png with 400 and changes nothing', async () => {
    const session = await createSession(t, { firstName: 'Before' });
    const res = await t
      .http()
      .put('/api/users/updateUser/')
      .set('Authorization', session.bearer)
      .field('first_name', 'After')
      .attach('profile_picture', Buffer.from('<script>alert(1)</script>'), 'x.png')
      .expect(400);
    expect(res.body).toEqual(notAnImage('profile_picture'));
    expect(await users.findOneByOrFail({ id: session.user.id })).toMatchObject({ firstName: 'Before' });
  });

  it.each([
    ['age', '11', 'Please enter an age between 12 and 120.'],
    ['age', '30.5', 'Please enter an age between 12 and 120.'],
    ['phone', '12345', 'Please enter a valid 10-digit phone number.'],
    ['height', '250', 'Height must be between 100 and 200 cm.'],
    ['weight', 'heavy', 'Weight must be between 0 and 500 kg.'],
    ['first_name', 'Ann2', VALIDATION_MESSAGES.name],
    ['first_name', 'A'.repeat(51), VALIDATION_MESSAGES.name],
  ])('refuses %s=%p with its message and changes nothing', async (field, value, message) => {
    const session = await createSession(t, { firstName: 'Kept' });
    const res = await t
      .http()
      .put('/api/users/updateUser/')
      .set('Authorization', session.bearer)
      .field('last_name', 'Changed')
      .field(field, value)
      .expect(400);
    expect(res.body.errors).toEqual([{ field, message }]);
    expect(await users.findOneByOrFail({ id: session.user.id })).toMatchObject({
      firstName: 'Kept',
      lastName: 'User',
    });
  });

  it('refuses someone else’s id with 403 and changes nothing', async () => {
    const victim = await createUser(t, { firstName: 'Victim' });
    const attacker = await createSession(t);
    await t
      .http()
      .put('/api/users/updateUser/')
      .set('Authorization', attacker.bearer)
      .field('id', String(victim.id))
      .field('first_name', 'Hacked')
      .expect(403, REFUSED.notOwnProfile);
    expect(await users.findOneByOrFail({ id: victim.id })).toMatchObject({ firstName: 'Victim' });
    expect(await users.findOneByOrFail({ id: attacker.user.id })).toMatchObject({ firstName: 'Test' });
  });

  it('changes the e-mail only once the new address is verified', async () => {
    const session = await createSession(t);
    const newEmail = uniqueEmail('moved');
    const token = nextVerificationToken(jobs, newEmail);
    const res = await t
      .http()
      .put('/api/users/updateUser/')
      .set('Authorization', session.bearer)
      .field('email', newEmail.toUpperCase())
      .expect(200);
    expect(res.body.message).toContain(newEmail);
    expect(await users.findOneByOrFail({ id: session.user.id })).toMatchObject({ email: session.user.email });
    await t
      .http()
      .post('/api/users/email_verification/')
      .send({ token: await token })
      .expect(201);
    expect(await users.findOneByOrFail({ id: session.user.id })).toMatchObject({
      email: newEmail,
      pendingEmail: null,
    });
    await t.http().post('/api/token/').send({ email: newEmail, password: TEST_PASSWORD }).expect(200);
  });

  /** Asks for a move to `email` and resolves with the link's token once its e-mail is sent. */
  async function requestEmailChange(session: Session, email: string): Promise<string> {
    const token = nextVerificationToken(jobs, email);
    await t
      .http()
      .put('/api/users/updateUser/')
      .set('Authorization', session.bearer)
      .field('email', email)
      .expect(200);
    return token;
  }

  const confirm = (token: string) => t.http().post('/api/users/email_verification/').send({ token });

  it('confirms only the newest change: an older link is refused and changes nothing', async () => {
    const session = await createSession(t);
    const first = uniqueEmail('first');
    const second = uniqueEmail('second');
    const firstToken = await requestEmailChange(session, first);
    const secondToken = await requestEmailChange(session, second);

    const res = await confirm(firstToken).expect(400);
    expect(res.body).toMatchObject({ statusCode: 400, error_message: 'Invalid Token' });
    expect(await users.findOneByOrFail({ id: session.user.id })).toMatchObject({
      email: session.user.email,
      pendingEmail: second,
    });

    // Asking for the first address again sends a new link: the old one for that address stays dead.
    const newestToken = await requestEmailChange(session, first);
    await confirm(firstToken).expect(400, withErrorMessage(REFUSED.invalidLink));
    await confirm(secondToken).expect(400, withErrorMessage(REFUSED.invalidLink));
    expect(await users.findOneByOrFail({ id: session.user.id })).toMatchObject({
      email: session.user.email,
      pendingEmail: first,
    });

    await confirm(newestToken).expect(201);
    await confirm(secondToken).expect(400, withErrorMessage(REFUSED.invalidLink));
    expect(await users.findOneByOrFail({ id: session.user.id })).toMatchObject({
      email: first,
      pendingEmail: null,
    });
  });

  it('accepts the current address as it is: no change waits, no link is sent', async () => {
    const session = await createSession(t);
    const links = t.app.get(DataSource).getRepository(EmailVerificationEntity);
    const before = await links.countBy({ userId: session.user.id });
    await t
      .http()
      .put('/api/users/updateUser/')
      .set('Authorization', session.bearer)
      .field('email', session.user.email)
      .expect(200);
    expect(await users.findOneByOrFail({ id: session.user.id })).toMatchObject({
      email: session.user.email,
      pendingEmail: null,
    });
    expect(await links.countBy({ userId: session.user.id })).toBe(before);
  });

  it('sends a new link for a waiting change when asked again, and that link completes the change', async () => {
    const session = await createSession(t);
    const wanted = uniqueEmail('resent');
    await requestEmailChange(session, wanted);
    const job = nextVerificationJob(jobs, wanted);
    await t.http().post('/api/users/resend_verification/').send({ email: wanted }).expect(202);
    const { token, purpose } = await job;
    expect(purpose).toBe('email-change');
    await confirm(token).expect(201);
    expect(await users.findOneByOrFail({ id: session.user.id })).toMatchObject({
      email: wanted,
      pendingEmail: null,
      isVerified: true,
    });
  });

  it('never lets a used link move the address back', async () => {
    const session = await createSession(t);
    const original = session.user.email;
    const moved = uniqueEmail('moved');
    const away = await requestEmailChange(session, moved);
    await confirm(away).expect(201);
    const back = await requestEmailChange(session, original);
    await confirm(back).expect(201);

    await confirm(away).expect(400, withErrorMessage(REFUSED.invalidLink));
    expect(await users.findOneByOrFail({ id: session.user.id })).toMatchObject({
      email: original,
      pendingEmail: null,
    });
  });

  it('calls a used link invalid, not expired, once its day has passed too', async () => {
    const session = await createSession(t);
    const away = await requestEmailChange(session, uniqueEmail('moved'));
    await confirm(away).expect(201);
    const back = await requestEmailChange(session, session.user.email);
    await confirm(back).expect(201);
    const links = t.app.get(DataSource).getRepository(EmailVerificationEntity);
    await links.update({ userId: session.user.id }, { expiresAt: new Date(Date.now() - 1000) });

    await confirm(away).expect(400, withErrorMessage(REFUSED.invalidLink));
  });

  it('refuses a used link even while it is the newest and the account still waits for its address', async () => {
    const session = await createSession(t);
    const wanted = uniqueEmail('wanted');
    const token = await requestEmailChange(session, wanted);
    // Another confirmation of this link has claimed it (committed while this one ran): nothing else stops a replay.
    await t.app
      .get(DataSource)
      .getRepository(EmailVerificationEntity)
      .update({ userId: session.user.id }, { usedAt: new Date() });

    const res = await confirm(token).expect(400);
    expect(res.body).toEqual(withErrorMessage(REFUSED.invalidLink));
    expect(await users.findOneByOrFail({ id: session.user.id })).toMatchObject({
      email: session.user.email,
      pendingEmail: wanted,
    });
  });

  it('answers 409 to a link whose address another account took in the meantime, changing nothing', async () => {
    // No query before the move: the unique index on the address refuses it, and the transaction is undone.
    const session = await createSession(t);
    const wanted = uniqueEmail('wanted');
    const token = await requestEmailChange(session, wanted);
    const other = await createUser(t, { email: wanted });

    const res = await confirm(token).expect(409);
    expect(res.body).toMatchObject({
      statusCode: 409,
      error_message: 'user account with this email already exists.',
    });
    expect(await users.findOneByOrFail({ id: session.user.id })).toMatchObject({
      email: session.user.email,
      pendingEmail: wanted,
    });
    expect(await users.findOneByOrFail({ id: other.id })).toMatchObject({ email: wanted });
    const link = await t.app
      .get(DataSource)
      .getRepository(EmailVerificationEntity)
      .findOneByOrFail({ userId: session.user.id, email: wanted });
    expect(link.usedAt).toBeNull();
  });

  it('refuses an address another account has with 409', async () => {
    const other = await createUser(t);
    const session = await createSession(t);
    await t
      .http()
      .put('/api/users/updateUser/')
      .set('Authorization', session.bearer)
      .field('email', other.email)
      .expect(409, REFUSED.emailTaken);
  });

  it('counts every new address an account asks for, so that 40 parallel probes of taken ones get 5 answers and 35 refusals', async () => {
    const taken = await Promise.all(Array.from({ length: 40 }, () => createUser(t)));
    const session = await createSession(t);
    const answers = await Promise.all(
      taken.map((other) =>
        t
          .http()
          .put('/api/users/updateUser/')
          .set('Authorization', session.bearer)
          .field('email', other.email),
      ),
    );
    const statuses = answers.map((res) => res.status);
    expect(statuses.filter((status) => status === 409)).toHaveLength(5);
    expect(statuses.filter((status) => status === 429)).toHaveLength(35);
    const refused = answers.find((res) => res.status === 429);
    expect(refused?.body).toEqual({ statusCode: 429, message: TOO_MANY_EMAIL_CHANGES });
    expect(Number(refused?.headers['retry-after'])).toBeGreaterThan(0);
    // Another address is refused the same way: the budget is the account's, whatever the address.
    await t
      .http()
      .put('/api/users/updateUser/')
      .set('Authorization', session.bearer)
      .field('email', 'free.address@example.com')
      .expect(429);
    // Changes that keep the address are not counted.
    await t
      .http()
      .put('/api/users/updateUser/')
      .set('Authorization', session.bearer)
      .field('first_name', 'Still')
      .expect(200);
  });
});

describe('GET /api/users/getUserById/{id}/', () => {
  it('requires authentication', async () => {
    await t.http().get('/api/users/getUserById/1/').expect(401, REFUSED.notAuthenticated);
  });

  it('answers 404 for an account that is not a contact of the caller, as for an unknown id', async () => {
    const other = await createUser(t, { firstName: 'Other' });
    const session = await createSession(t);
    await t
      .http()
      .get(`/api/users/getUserById/${other.id}/`)
      .set('Authorization', session.bearer)
      .expect(404, REFUSED.userNotFound);
  });

  it('shows everything to the user and to superusers', async () => {
    const session = await createSession(t);
    const admin = await createSession(t, { superuser: true });
    const own = await t
      .http()
      .get(`/api/users/getUserById/${session.user.id}/`)
      .set('Authorization', session.bearer);
    const asAdmin = await t
      .http()
      .get(`/api/users/getUserById/${session.user.id}/`)
      .set('Authorization', admin.bearer);
    for (const res of [own, asAdmin]) {
      expect(res.body).toMatchObject({
        email: session.user.email,
        is_trainer: false,
        is_superuser: false,
        blocked: false,
      });
    }
  });

  it('answers 404 for an unknown or malformed id', async () => {
    const session = await createSession(t);
    await t
      .http()
      .get('/api/users/getUserById/999999999/')
      .set('Authorization', session.bearer)
      .expect(404, REFUSED.userNotFound);
    await t
      .http()
      .get('/api/users/getUserById/abc/')
      .set('Authorization', session.bearer)
      .expect(404, REFUSED.malformedId);
  });
});

describe('superuser endpoints', () => {
  const adminPaths = ['/api/users/getUserCount/', '/api/users/getLoggedInUsers/', '/api/users/getAllUsers/'];

  it.each(adminPaths)('%s requires authentication', async (path) => {
    await t.http().get(path).expect(401, REFUSED.notAuthenticated);
  });

  it.each(adminPaths)('%s refuses a non-superuser with 403', async (path) => {
    const session = await createSession(t, { trainer: true });
    await t.http().get(path).set('Authorization', session.bearer).expect(403, REFUSED.forbidden);
  });

  it('counts non-superuser accounts as a one-element array', async () => {
    const admin = await createSession(t, { superuser: true });
    const count = async () =>
      (await t.http().get('/api/users/getUserCount/').set('Authorization', admin.bearer).expect(200)).body;
    const [before] = await count();
    await createUser(t);
    await createUser(t, { superuser: true });
    const members = await users.countBy({ isSuperuser: false });
    expect(await count()).toEqual([members]);
    expect(members).toBe(before + 1);
  });

  it('reports nobody online until presence exists', async () => {
    const admin = await createSession(t, { superuser: true });
    await t.http().get('/api/users/getLoggedInUsers/').set('Authorization', admin.bearer).expect(200, []);
  });

  it('pages through members newest first, with X-Total-Count and Link', async () => {
    const admin = await createSession(t, { superuser: true });
    const newest = await createUser(t, { firstName: 'Newest' });
    await createUser(t, { trainer: true });
    const res = await t
      .http()
      .get('/api/users/getAllUsers/?page=1&page_size=2')
      .set('Authorization', admin.bearer)
      .expect(200);
    expect(res.body).toHaveLength(2);
    expect(res.body[0]).toEqual({
      id: newest.id,
      user_id: newest.id,
      first_name: 'Newest',
      last_name: 'User',
      username: 'Newest User',
      email: newest.email,
      profile_picture: null,
      blocked: false,
    });
    expect(Number(res.headers['x-total-count'])).toBeGreaterThanOrEqual(2);
    expect(res.headers.link).toContain('rel="next"');
    await t
      .http()
      .get('/api/users/getAllUsers/?page_size=1000')
      .set('Authorization', admin.bearer)
      .expect(400);
  });
});

describe('GET /api/users/changeUserAccess/{id}/', () => {
  it('requires a superuser', async () => {
    const target = await createUser(t);
    await t.http().get(`/api/users/changeUserAccess/${target.id}/`).expect(401, REFUSED.notAuthenticated);
    const session = await createSession(t);
    await t
      .http()
      .get(`/api/users/changeUserAccess/${target.id}/`)
      .set('Authorization', session.bearer)
      .expect(403, REFUSED.forbidden);
    expect(await users.findOneByOrFail({ id: target.id })).toMatchObject({ blocked: false });
  });

  it('blocks and unblocks', async () => {
    const admin = await createSession(t, { superuser: true });
    const target = await createUser(t);
    const path = `/api/users/changeUserAccess/${target.id}/`;
    await t.http().get(path).set('Authorization', admin.bearer).expect(200, { message: 'User Blocked' });
    await t
      .http()
      .post('/api/token/')
      .send({ email: target.email, password: TEST_PASSWORD })
      .expect(403, withDetail(REFUSED.blocked));
    await t.http().get(path).set('Authorization', admin.bearer).expect(200, { message: 'User Unblocked' });
    await t.http().post('/api/token/').send({ email: target.email, password: TEST_PASSWORD }).expect(200);
  });

  it('refuses to block oneself with 409, and unknown ids with 404', async () => {
    const admin = await createSession(t, { superuser: true });
    await t
      .http()
      .get(`/api/users/changeUserAccess/${admin.user.id}/`)
      .set('Authorization', admin.bearer)
      .expect(409, REFUSED.blockSelf);
    await t
      .http()
      .get('/api/users/changeUserAccess/999999999/')
      .set('Authorization', admin.bearer)
      .expect(404, REFUSED.userNotFound);
  });
});
