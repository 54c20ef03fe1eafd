// Over 300 lines on purpose: one file per resource holds every endpoint of it with its refusals, because each
// API e2e file boots an application of its own (seconds a file); describe blocks, not files, divide it.
import { readdirSync } from 'node:fs';
import { join } from 'node:path';
import { beforeAll, describe, expect, it } from '@jest/globals';
import { PAGINATION_MESSAGES } from '@fitcoach/contracts';
import { DataSource, type Repository } from 'typeorm';
import { TrainerEntity } from '../../api/src/modules/trainers/trainer.entity.js';
import { UserEntity } from '../../api/src/modules/users/user.entity.js';
import { useTestApp } from '../fixtures/app.js';
import { createProgram, createTrainer, type TrainerFactoryOptions } from '../fixtures/catalogue.js';
import { plainImage } from '../fixtures/images.js';
import { fieldRefusal, imageTooLarge, notAnImage, REFUSED } from '../fixtures/refusals.js';
import { createSession, createUser, login } from '../fixtures/users.js';

const t = useTestApp();
let users: Repository<UserEntity>;
let trainers: Repository<TrainerEntity>;

beforeAll(async () => {
  users = t.app.get(DataSource).getRepository(UserEntity);
  trainers = t.app.get(DataSource).getRepository(TrainerEntity);
});

const REGISTRATION = {
  specalized: 'Yoga',
  phone: '9876543210',
  certifications: 'RYT-500',
  experience_years: '7',
  country: 'India',
  about: 'Morning flows.',
};

function register(bearer: string, fields: Record<string, string> = REGISTRATION) {
  const request = t.http().post('/api/trainers/TrainerProfileCreation/').set('Authorization', bearer);
  for (const [name, value] of Object.entries(fields)) request.field(name, value);
  return request;
}

const storedTrainerPictures = () => {
  try {
    return readdirSync(join(t.config.dataDir, 'media', 'trainer')).filter((name) => !name.startsWith('.'));
  } catch {
    return [];
  }
};

describe('POST /api/trainers/TrainerProfileCreation/', () => {
  it('requires authentication', async () => {
    await t
      .http()
      .post('/api/trainers/TrainerProfileCreation/')
      .field('phone', '9876543210')
      .expect(401, REFUSED.notAuthenticated);
  });

  it('makes the caller a trainer with the picture stored as WebP', async () => {
    const session = await createSession(t, { firstName: 'Maya', lastName: 'Iyer' });
    const res = await register(session.bearer)
      .attach('profile_picture', await plainImage(40, 30), 'me.png')
      .expect(201);
    expect(res.body).toEqual({ message: 'Trainer profile created' });
    expect(await users.findOneByOrFail({ id: session.user.id })).toMatchObject({ isTrainer: true });
    const me = await t
      .http()
      .get('/api/trainers/getTrainer/')
      .set('Authorization', session.bearer)
      .expect(200);
    expect(me.body.data).toEqual({
      id: expect.any(Number),
      user: session.user.id,
      user_id: session.user.id,
      username: 'Maya Iyer',
      specalized: 'Yoga',
      about: 'Morning flows.',
      certifications: 'RYT-500',
      experience_years: 7,
      rating: null,
      review_count: 0,
      country: 'India',
      phone: '9876543210',
      profile_picture: expect.stringMatching(/^\/media\/trainer\/[0-9a-f]{32}\.webp$/),
      verified: false,
    });
    const served = await t.http().get(me.body.data.profile_picture).expect(200);
    expect(served.headers['content-type']).toBe('image/webp');
  });

  it('shows the account’s picture when none is sent, and absent texts as ""', async () => {
    const user = await createUser(t);
    await users.update({ id: user.id }, { profilePicture: '/media/profile/account.webp' });
    const session = await login(t, user);
    const { specalized, phone, experience_years, country } = REGISTRATION;
    await register(session.bearer, { specalized, phone, experience_years, country }).expect(201);
    const trainer = await trainers.findOneByOrFail({ userId: user.id });
    // Without a published programme the page is the trainer's own to see.
    const res = await t
      .http()
      .get(`/api/trainers/retrieveTrainer/${trainer.id}/`)
      .set('Authorization', session.bearer)
      .expect(200);
    expect(res.body).toMatchObject({
      profile_picture: '/media/profile/account.webp',
      about: '',
      certifications: '',
    });
  });

  it('refuses a superuser with 403, storing no trainer, flag or picture', async () => {
    const session = await createSession(t, { superuser: true });
    const picturesBefore = storedTrainerPictures();
    await register(session.bearer)
      .attach('profile_picture', await plainImage(40, 30), 'me.png')
      .expect(403, REFUSED.superuserTrainer);
    expect(await trainers.countBy({ userId: session.user.id })).toBe(0);
    expect(await users.findOneByOrFail({ id: session.user.id })).toMatchObject({ isTrainer: false });
    expect(storedTrainerPictures()).toEqual(picturesBefore);
  });

  it('refuses a second registration with 409, keeping no picture it sent', async () => {
    const { session } = await createTrainer(t);
    const picturesBefore = storedTrainerPictures();
    await register(session.bearer)
      .attach('profile_picture', await plainImage(40, 30), 'me.png')
      .expect(409, REFUSED.alreadyTrainer);
    expect(await trainers.countBy({ userId: session.user.id })).toBe(1);
    expect(storedTrainerPictures()).toEqual(picturesBefore);
  });

  it('makes one trainer of two registrations at once, and refuses the other with 409', async () => {
    const session = await createSession(t);
    const answers = await Promise.all([register(session.bearer), register(session.bearer)]);
    expect(answers.map((res) => res.status).sort()).toEqual([201, 409]);
    expect(await trainers.countBy({ userId: session.user.id })).toBe(1);
  });

  it.each([
    ['phone', '12345', 'Please enter a valid phone number.'],
    ['phone', '98765432101', 'Please enter a valid phone number.'],
    ['experience_years', '-1', 'experience_years must be a whole number from 0 to 80'],
    ['country', 'Atlantis', 'country must be a country from the list'],
    ['specalized', '--none--', expect.stringMatching(/^specalized must be one of: General_fitness, /)],
  ])('refuses %s=%p with its field error and stores nothing', async (field, value, message) => {
    const session = await createSession(t);
    const res = await register(session.bearer, { ...REGISTRATION, [field]: value }).expect(400);
    expect(res.body.errors).toEqual([{ field, message }]);
    expect(await trainers.countBy({ userId: session.user.id })).toBe(0);
    expect(await users.findOneByOrFail({ id: session.user.id })).toMatchObject({ isTrainer: false });
  });

  it('refuses a script as picture with 400 and stores nothing', async () => {
    const session = await createSession(t);
    const res = await register(session.bearer)
      .attach('profile_picture', Buffer.from('<script>alert(1)</script>'), 'x.png')
      .expect(400);
    expect(res.body).toEqual(notAnImage('profile_picture'));
    expect(await trainers.countBy({ userId: session.user.id })).toBe(0);
  });

  it('refuses a 10 MB picture with a JSON 413', async () => {
    const session = await createSession(t);
    const res = await register(session.bearer)
      .attach('profile_picture', Buffer.alloc(10 * 1024 * 1024), 'huge.jpg')
      .expect(413);
    expect(res.body).toEqual(imageTooLarge('profile_picture'));
  });

  it('answers two concurrent registrations with one 201 and one 409, keeping one picture', async () => {
    const session = await createSession(t);
    const before = storedTrainerPictures().length;
    const picture = await plainImage(20, 20);
    const responses = await Promise.all([
      register(session.bearer).attach('profile_picture', picture, 'a.png'),
      register(session.bearer).attach('profile_picture', picture, 'b.png'),
    ]);
    expect(responses.map((res) => res.status).sort()).toEqual([201, 409]);
    expect(await trainers.countBy({ userId: session.user.id })).toBe(1);
    expect(await users.findOneByOrFail({ id: session.user.id })).toMatchObject({ isTrainer: true });
    expect(storedTrainerPictures()).toHaveLength(before + 1);
  });
});

describe('GET /api/trainers/getTrainer/', () => {
  it('requires authentication', async () => {
    await t.http().get('/api/trainers/getTrainer/').expect(401, REFUSED.notAuthenticated);
  });

  it('refuses a caller who is not a trainer with 403', async () => {
    const session = await createSession(t);
    await t
      .http()
      .get('/api/trainers/getTrainer/')
      .set('Authorization', session.bearer)
      .expect(403, REFUSED.forbidden);
  });

  it('returns the caller’s trainer record under data, phone included', async () => {
    const { trainer, session } = await createTrainer(t, { phone: '9000000001' });
    const res = await t
      .http()
      .get('/api/trainers/getTrainer/')
      .set('Authorization', session.bearer)
      .expect(200);
    expect(res.body.data).toMatchObject({ id: trainer.id, user: session.user.id, phone: '9000000001' });
  });
});

describe('GET /api/trainers/retrieveTrainer/{id}/', () => {
  it('shows a trainer to anyone, without the phone number', async () => {
    const { trainer, session } = await createTrainer(t, {
      account: { firstName: 'Ravi', lastName: 'Shankar' },
      specialisation: 'Meditation',
      experienceYears: 12,
    });
    await createProgram(t, trainer, { isPublished: true });
    const res = await t.http().get(`/api/trainers/retrieveTrainer/${trainer.id}/`).expect(200);
    expect(res.body).toEqual({
      id: trainer.id,
      user: session.user.id,
      user_id: session.user.id,
      username: 'Ravi Shankar',
      specalized: 'Meditation',
      about: 'Ten years of teaching.',
      certifications: 'RYT-200',
      experience_years: 12,
      rating: null,
      review_count: 0,
      country: 'India',
      phone: null,
      profile_picture: null,
      verified: false,
    });
    const other = await createSession(t);
    const signedIn = await t
      .http()
      .get(`/api/trainers/retrieveTrainer/${trainer.id}/`)
      .set('Authorization', other.bearer)
      .expect(200);
    expect(signedIn.body.phone).toBeNull();
  });

  it('shows the phone number to the trainer and to superusers', async () => {
    const { trainer, session } = await createTrainer(t, { phone: '9000000002' });
    const admin = await createSession(t, { superuser: true });
    for (const bearer of [session.bearer, admin.bearer]) {
      const res = await t
        .http()
        .get(`/api/trainers/retrieveTrainer/${trainer.id}/`)
        .set('Authorization', bearer)
        .expect(200);
      expect(res.body.phone).toBe('9000000002');
    }
  });

  it('refuses a bad token with 401 rather than taking it for an anonymous visit', async () => {
    const { trainer } = await createTrainer(t);
    const res = await t
      .http()
      .get(`/api/trainers/retrieveTrainer/${trainer.id}/`)
      .set('Authorization', 'Bearer forged')
      .expect(401);
    expect(res.body).toEqual({ statusCode: 401, message: 'Token is invalid or expired' });
  });

  it('answers 404 for an unknown, a malformed id and a blocked trainer', async () => {
    const { trainer } = await createTrainer(t, { account: { blocked: true } });
    const admin = await createSession(t, { superuser: true });
    await t.http().get('/api/trainers/retrieveTrainer/999999999/').expect(404, REFUSED.trainerNotFound);
    await t.http().get('/api/trainers/retrieveTrainer/abc/').expect(404, REFUSED.malformedId);
    await t.http().get(`/api/trainers/retrieveTrainer/${trainer.id}/`).expect(404, REFUSED.trainerNotFound);
    await t
      .http()
      .get(`/api/trainers/retrieveTrainer/${trainer.id}/`)
      .set('Authorization', admin.bearer)
      .expect(404, REFUSED.trainerNotFound);
  });
});

/** A trainer with a published programme: only those are listed. */
async function listedTrainer(options: TrainerFactoryOptions = {}) {
  const made = await createTrainer(t, options);
  await createProgram(t, made.trainer, { isPublished: true });
  return made;
}

describe('GET /api/trainers/allTrainer/', () => {
  it('lists trainers who are not blocked, newest first, without phone numbers', async () => {
    const { trainer: older } = await listedTrainer();
    const { trainer: blocked } = await listedTrainer({ account: { blocked: true } });
    const { trainer: newest } = await listedTrainer();
    const res = await t.http().get('/api/trainers/allTrainer/').expect(200);
    const ids = res.body.map((trainer: { id: number }) => trainer.id);
    // Other files' verified trainers come first, where the database is shared.
    expect(ids.filter((id: number) => id === newest.id || id === older.id)).toEqual([newest.id, older.id]);
    expect(ids).not.toContain(blocked.id);
    expect(res.body.every((trainer: { phone: string | null }) => trainer.phone === null)).toBe(true);
    expect(res.body.length).toBeLessThanOrEqual(100);
    expect(Number(res.headers['x-total-count'])).toBeGreaterThanOrEqual(res.body.length);
  });

  it('shows the caller’s own phone number only', async () => {
    const { trainer, session } = await listedTrainer({ phone: '9000000003' });
    await listedTrainer();
    const res = await t
      .http()
      .get('/api/trainers/allTrainer/')
      .set('Authorization', session.bearer)
      .expect(200);
    const phones = res.body
      .filter((entry: { phone: string | null }) => entry.phone !== null)
      .map((entry: { id: number; phone: string }) => [entry.id, entry.phone]);
    expect(phones).toEqual([[trainer.id, '9000000003']]);
  });

  it('pages on request, with X-Total-Count and Link', async () => {
    await listedTrainer();
    await listedTrainer();
    const res = await t.http().get('/api/trainers/allTrainer/?page=1&page_size=1').expect(200);
    expect(res.body).toHaveLength(1);
    expect(Number(res.headers['x-total-count'])).toBeGreaterThanOrEqual(2);
    expect(res.headers.link).toContain('rel="next"');
    await t
      .http()
      .get('/api/trainers/allTrainer/?page_size=1000')
      .expect(400, fieldRefusal(400, 'page_size', PAGINATION_MESSAGES.pageSize));
    await t
      .http()
      .get('/api/trainers/allTrainer/?page=0')
      .expect(400, fieldRefusal(400, 'page', PAGINATION_MESSAGES.page));
  });
});

describe('superuser endpoints', () => {
  const adminPaths = [
    '/api/trainers/getTrainerCount/',
    '/api/trainers/getLoggedInTrainers/',
    '/api/trainers/getAllTrainers/',
  ];

  it.each(adminPaths)('%s requires authentication', async (path) => {
    await t.http().get(path).expect(401, REFUSED.notAuthenticated);
  });

  it.each(adminPaths)('%s refuses a trainer with 403', async (path) => {
    const { session } = await createTrainer(t);
    await t.http().get(path).set('Authorization', session.bearer).expect(403, REFUSED.forbidden);
  });

  it('counts trainers as a one-element array', async () => {
    const admin = await createSession(t, { superuser: true });
    const count = async () =>
      (await t.http().get('/api/trainers/getTrainerCount/').set('Authorization', admin.bearer).expect(200))
        .body;
    const [before] = await count();
    await createTrainer(t);
    const total = await trainers.count();
    expect(await count()).toEqual([total]);
    expect(total).toBe(before + 1);
  });

  it('reports nobody online until presence exists', async () => {
    const admin = await createSession(t, { superuser: true });
    await t
      .http()
      .get('/api/trainers/getLoggedInTrainers/')
      .set('Authorization', admin.bearer)
      .expect(200, []);
  });

  it('pages through trainers’ accounts newest first, blocked ones included', async () => {
    const admin = await createSession(t, { superuser: true });
    await createTrainer(t);
    const { trainer, session: blocked } = await createTrainer(t, {
      account: { firstName: 'Blocked', lastName: 'Coach', blocked: true },
    });
    const res = await t
      .http()
      .get('/api/trainers/getAllTrainers/?page=1&page_size=1')
      .set('Authorization', admin.bearer)
      .expect(200);
    expect(res.body).toEqual([
      {
        id: blocked.user.id,
        user_id: blocked.user.id,
        first_name: 'Blocked',
        last_name: 'Coach',
        username: 'Blocked Coach',
        email: blocked.user.email,
        profile_picture: null,
        blocked: true,
        trainer_id: trainer.id,
        verified: false,
      },
    ]);
    expect(Number(res.headers['x-total-count'])).toBeGreaterThanOrEqual(2);
    expect(res.headers.link).toContain('rel="next"');
  });
});
