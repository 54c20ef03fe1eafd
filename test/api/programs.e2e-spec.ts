// Over 300 lines on purpose: one file per resource holds every endpoint of it with its refusals, because each
// API e2e file boots an application of its own (seconds a file); describe blocks, not files, divide it.
import { beforeAll, describe, expect, it } from '@jest/globals';
import { CATALOGUE_MESSAGES, PAGINATION_MESSAGES } from '@fitcoach/contracts';
import { DataSource, type Repository } from 'typeorm';
import { ProgramEntity } from '../../api/src/modules/programs/program.entity.js';
import { PublishRequestEntity } from '../../api/src/modules/programs/publish-request.entity.js';
import { uniqueWord } from '../fixtures/words.js';
import { useTestApp } from '../fixtures/app.js';
import { createProgram, createTrainer } from '../fixtures/catalogue.js';
import { plainImage } from '../fixtures/images.js';
import { fieldRefusal, notAnImage, REFUSED } from '../fixtures/refusals.js';
import { subscribe } from '../fixtures/subscriptions.js';
import { createSession, type Session } from '../fixtures/users.js';

const t = useTestApp();
let programs: Repository<ProgramEntity>;
let requests: Repository<PublishRequestEntity>;
let admin: Session;

beforeAll(async () => {
  programs = t.app.get(DataSource).getRepository(ProgramEntity);
  requests = t.app.get(DataSource).getRepository(PublishRequestEntity);
  admin = await createSession(t, { superuser: true });
});

const FORM = {
  program_name: 'Sunrise Yoga',
  description: 'Thirty mornings of gentle flows.',
  duration: '30',
  price: '49',
  category: 'Yoga',
  level: 'Intermediate',
};

function submit(method: 'post' | 'put', path: string, bearer: string | null, fields: Record<string, string>) {
  const request = t.http()[method](path);
  if (bearer) request.set('Authorization', bearer);
  for (const [name, value] of Object.entries(fields)) request.field(name, value);
  return request;
}

const create = (bearer: string | null, fields: Record<string, string> = FORM) =>
  submit('post', '/api/fitness_programs/create/', bearer, fields);

const update = (id: number | string, bearer: string | null, fields: Record<string, string>) =>
  submit('put', `/api/fitness_programs/update/${id}/`, bearer, fields);

const get = (path: string, bearer?: string) => {
  const request = t.http().get(`/api/fitness_programs/${path}`);
  return bearer ? request.set('Authorization', bearer) : request;
};

const ids = (body: { id: number }[]) => body.map((program) => program.id);

interface ListedProgram {
  id: number;
  trainer: number;
  is_published: boolean;
  publish_requested?: boolean;
}

/** Every programme waiting for publication, oldest request first, through all the pages. */
async function pendingPrograms(): Promise<ListedProgram[]> {
  const all: ListedProgram[] = [];
  for (let page = 1; ; page += 1) {
    const res = await get(`getPublishRequests/?page=${page}&page_size=100`, admin.bearer).expect(200);
    all.push(...(res.body as ListedProgram[]));
    if (all.length >= Number(res.headers['x-total-count'])) return all;
  }
}

const pendingIds = async () => ids(await pendingPrograms());

/** A word no other test uses, to find this test's programmes in the shared catalogue. */

describe('POST /api/fitness_programs/create/', () => {
  it('requires authentication', async () => {
    await create(null).expect(401, REFUSED.notAuthenticated);
  });

  it('refuses a caller who is not a trainer with 403 and stores nothing', async () => {
    const session = await createSession(t);
    const name = uniqueWord();
    await create(session.bearer, { ...FORM, program_name: name }).expect(403, REFUSED.forbidden);
    expect(await programs.countBy({ name })).toBe(0);
  });

  it('creates an unpublished programme of the caller, price in minor units', async () => {
    const { trainer, session } = await createTrainer(t, { account: { firstName: 'Maya', lastName: 'Iyer' } });
    const res = await create(session.bearer).expect(201);
    expect(res.body).toEqual({ message: 'Programme created', id: expect.any(Number) });
    expect(await programs.findOneByOrFail({ id: res.body.id })).toMatchObject({
      trainerId: trainer.id,
      durationDays: 30,
      priceMinor: 4900,
      currency: 'USD',
      isPublished: false,
      coverImage: null,
    });
    const shown = await get(`get_programme/${res.body.id}/`, session.bearer).expect(200);
    expect(shown.body).toEqual({
      id: res.body.id,
      program_name: 'Sunrise Yoga',
      description: 'Thirty mornings of gentle flows.',
      duration: 30,
      category: 'Yoga',
      level: 'Intermediate',
      price: 49,
      currency: 'USD',
      cover_image: null,
      trainer: trainer.id,
      trainer_name: 'Maya Iyer',
      is_published: false,
      unlock: 'all',
      rating: { average: null, count: 0 },
      publish_requested: false,
      status: 'draft',
      rejection_reason: null,
      subscribers: 0,
      can_watch: true,
      can_edit: true,
      created_on: expect.stringMatching(/^\d{4}-\d\d-\d\dT\d\d:\d\d:\d\d\.\d{3}Z$/),
      updated_on: expect.stringMatching(/^\d{4}-\d\d-\d\dT\d\d:\d\d:\d\d\.\d{3}Z$/),
    });
    expect(Math.abs(Date.parse(shown.body.created_on) - Date.now())).toBeLessThan(60_000);
  });

  it('ignores a smuggled trainer and is_published', async () => {
    const { trainer: victim } = await createTrainer(t);
    const { trainer, session } = await createTrainer(t);
    const res = await create(session.bearer, {
      ...FORM,
      trainer: String(victim.id),
      is_published: 'true',
    }).expect(201);
    expect(await programs.findOneByOrFail({ id: res.body.id })).toMatchObject({
      trainerId: trainer.id,
      isPublished: false,
    });
  });

  it('defaults category to Other and level to Beginner', async () => {
    const { session } = await createTrainer(t);
    const { program_name, description, duration, price } = FORM;
    const res = await create(session.bearer, { program_name, description, duration, price }).expect(201);
    expect(await programs.findOneByOrFail({ id: res.body.id })).toMatchObject({
      category: 'Other',
      level: 'Beginner',
    });
  });

  it.each([
    ['duration', '0', 'duration must be a whole number of days from 1 to 3650'],
    ['duration', '2.5', 'duration must be a whole number of days from 1 to 3650'],
    ['price', '0', 'price must be an amount from 1 to 1000000'],
    ['price', 'free', 'price must be an amount from 1 to 1000000'],
    ['category', 'Boxing', expect.stringMatching(/^category must be one of: Weight Loss, /)],
    ['level', 'Expert', 'level must be one of: Beginner, Intermediate, Advance'],
    ['program_name', '  ', 'program_name is required'],
  ])('refuses %s=%p with its field error and stores nothing', async (field, value, message) => {
    const { trainer, session } = await createTrainer(t);
    const res = await create(session.bearer, { ...FORM, [field]: value }).expect(400);
    expect(res.body.errors).toEqual([{ field, message }]);
    expect(await programs.countBy({ trainerId: trainer.id })).toBe(0);
  });

  it('stores a cover image as WebP', async () => {
    const { session } = await createTrainer(t);
    const res = await create(session.bearer)
      .attach('cover_image', await plainImage(64, 36), 'cover.png')
      .expect(201);
    const program = await programs.findOneByOrFail({ id: res.body.id });
    expect(program.coverImage).toMatch(/^\/media\/program\/[0-9a-f]{32}\.webp$/);
    const served = await t
      .http()
      .get(program.coverImage ?? '')
      .expect(200);
    expect(served.headers['content-type']).toBe('image/webp');
  });

  it('refuses a script as cover with 400 and stores nothing', async () => {
    const { trainer, session } = await createTrainer(t);
    const res = await create(session.bearer)
      .attach('cover_image', Buffer.from('<script>alert(1)</script>'), 'cover.png')
      .expect(400);
    expect(res.body).toEqual(notAnImage('cover_image'));
    expect(await programs.countBy({ trainerId: trainer.id })).toBe(0);
  });

  it('refuses a 10 MB cover with a JSON 413 and stores nothing', async () => {
    const { trainer, session } = await createTrainer(t);
    const res = await create(session.bearer)
      .attach('cover_image', Buffer.alloc(10 * 1024 * 1024), 'cover.jpg')
      .expect(413);
    expect(res.headers['content-type']).toMatch(/application\/json/);
    expect(res.body).toEqual({
      statusCode: 413,
      message: 'Image too large (max 5 MB)',
      errors: [{ field: 'cover_image', message: 'Image too large (max 5 MB)' }],
    });
    expect(await programs.countBy({ trainerId: trainer.id })).toBe(0);
  });
});

describe('PUT /api/fitness_programs/update/{id}/', () => {
  it('requires authentication', async () => {
    const { trainer } = await createTrainer(t);
    const program = await createProgram(t, trainer);
    await update(program.id, null, { program_name: 'Changed' }).expect(401, REFUSED.notAuthenticated);
  });

  it('refuses a caller who is not a trainer with 403', async () => {
    const { trainer } = await createTrainer(t);
    const program = await createProgram(t, trainer, { name: 'Kept' });
    const session = await createSession(t);
    await update(program.id, session.bearer, { program_name: 'Changed' }).expect(403, REFUSED.forbidden);
    expect(await programs.findOneByOrFail({ id: program.id })).toMatchObject({ name: 'Kept' });
  });

  it('refuses another trainer’s programme with 403 and changes nothing', async () => {
    const { trainer } = await createTrainer(t);
    const program = await createProgram(t, trainer, { name: 'Kept', priceMinor: 4900 });
    const { session: other } = await createTrainer(t);
    await update(program.id, other.bearer, { program_name: 'Hacked', price: '1' }).expect(
      403,
      REFUSED.notProgramOwner,
    );
    expect(await programs.findOneByOrFail({ id: program.id })).toMatchObject({
      name: 'Kept',
      priceMinor: 4900,
    });
  });

  it('updates the given fields only, and replaces the cover', async () => {
    const { trainer, session } = await createTrainer(t);
    const created = await create(session.bearer)
      .attach('cover_image', await plainImage(32, 32), 'old.png')
      .expect(201);
    const oldCover = (await programs.findOneByOrFail({ id: created.body.id })).coverImage ?? '';
    const res = await update(created.body.id, session.bearer, {
      program_name: 'Sunset Yoga',
      price: '59',
      level: 'Advance',
      description: 'null',
    })
      .attach('cover_image', await plainImage(48, 32), 'new.png')
      .expect(200);
    expect(res.body).toEqual({ message: 'Programme updated', back_to_review: false });
    const program = await programs.findOneByOrFail({ id: created.body.id });
    expect(program).toMatchObject({
      trainerId: trainer.id,
      name: 'Sunset Yoga',
      description: FORM.description,
      durationDays: 30,
      priceMinor: 5900,
      category: 'Yoga',
      level: 'Advance',
      isPublished: false,
    });
    expect(program.coverImage).toMatch(/^\/media\/program\/[0-9a-f]{32}\.webp$/);
    expect(program.coverImage).not.toBe(oldCover);
    await t.http().get(oldCover).expect(404);
    await t
      .http()
      .get(program.coverImage ?? '')
      .expect(200);
  });

  it('keeps the cover when other fields change', async () => {
    const { session } = await createTrainer(t);
    const created = await create(session.bearer)
      .attach('cover_image', await plainImage(32, 32), 'cover.png')
      .expect(201);
    const cover = (await programs.findOneByOrFail({ id: created.body.id })).coverImage ?? '';
    await update(created.body.id, session.bearer, { program_name: 'Renamed' }).expect(200);
    expect(await programs.findOneByOrFail({ id: created.body.id })).toMatchObject({
      name: 'Renamed',
      coverImage: cover,
    });
    await t.http().get(cover).expect(200);
  });

  it.each([
    ['duration', '0', 'duration must be a whole number of days from 1 to 3650'],
    ['price', '0', 'price must be an amount from 1 to 1000000'],
    ['category', 'Boxing', expect.stringMatching(/^category must be one of: /)],
    ['level', 'Expert', 'level must be one of: Beginner, Intermediate, Advance'],
  ])('refuses %s=%p with its field error and changes nothing', async (field, value, message) => {
    const { trainer, session } = await createTrainer(t);
    const program = await createProgram(t, trainer, { name: 'Kept' });
    const res = await update(program.id, session.bearer, { program_name: 'Changed', [field]: value }).expect(
      400,
    );
    expect(res.body.errors).toEqual([{ field, message }]);
    expect(await programs.findOneByOrFail({ id: program.id })).toMatchObject({ name: 'Kept' });
  });

  it('answers 404 for an unknown or malformed id', async () => {
    const { session } = await createTrainer(t);
    await update(999999999, session.bearer, { program_name: 'X' }).expect(404, REFUSED.programNotFound);
    await update('12abc', session.bearer, { program_name: 'X' }).expect(404, REFUSED.malformedId);
  });
});

describe('a programme in its own currency', () => {
  it.each([
    ['USD', '39.99', 3999, 39.99],
    ['EUR', '39.5', 3950, 39.5],
    ['INR', '1299.50', 129950, 1299.5],
    ['JPY', '3900', 3900, 3900],
  ])('creates a %s programme at %s, stored in its minor units', async (currency, price, minor, shown) => {
    const { session } = await createTrainer(t);
    const res = await create(session.bearer, { ...FORM, currency, price }).expect(201);
    expect(await programs.findOneByOrFail({ id: res.body.id })).toMatchObject({
      currency,
      priceMinor: minor,
    });
    const answer = await get(`get_programme/${res.body.id}/`, session.bearer).expect(200);
    expect(answer.body).toMatchObject({ currency, price: shown });
  });

  it('refuses a JPY price with decimals with 400 and stores nothing', async () => {
    const { trainer, session } = await createTrainer(t);
    await create(session.bearer, { ...FORM, currency: 'JPY', price: '3900.5' }).expect(
      400,
      fieldRefusal(400, 'price', 'A price in JPY is a whole amount, without decimals'),
    );
    expect(await programs.countBy({ trainerId: trainer.id })).toBe(0);
  });

  it('refuses a currency it does not sell in with 400 and stores nothing', async () => {
    const { trainer, session } = await createTrainer(t);
    await create(session.bearer, { ...FORM, currency: 'GBP' }).expect(
      400,
      fieldRefusal(400, 'currency', CATALOGUE_MESSAGES.currency),
    );
    expect(await programs.countBy({ trainerId: trainer.id })).toBe(0);
  });

  it('edits the price of JPY and INR programmes in their own currency, which stays', async () => {
    const { trainer, session } = await createTrainer(t);
    const yen = await createProgram(t, trainer, { currency: 'JPY', priceMinor: 3900 });
    const rupees = await createProgram(t, trainer, { currency: 'INR', priceMinor: 129900 });
    await update(yen.id, session.bearer, { price: '4500', currency: 'USD' }).expect(
      400,
      fieldRefusal(400, 'currency', CATALOGUE_MESSAGES.currencyFixed),
    );
    await update(yen.id, session.bearer, { price: '4500' }).expect(200);
    await update(rupees.id, session.bearer, { price: '1499.75' }).expect(200);
    expect(await programs.findOneByOrFail({ id: yen.id })).toMatchObject({
      currency: 'JPY',
      priceMinor: 4500,
    });
    expect(await programs.findOneByOrFail({ id: rupees.id })).toMatchObject({
      currency: 'INR',
      priceMinor: 149975,
    });
    const shown = await get(`get_programme/${yen.id}/`, session.bearer).expect(200);
    expect(shown.body).toMatchObject({ currency: 'JPY', price: 4500 });
  });

  it.each([
    ['JPY', 3900, '3900.5', 'A price in JPY is a whole amount, without decimals'],
    ['INR', 129900, '1299.999', 'A price in INR has at most 2 decimals'],
  ])(
    'refuses an edit of a %s price with too many decimals and changes nothing',
    async (currency, minor, price, message) => {
      const { trainer, session } = await createTrainer(t);
      const program = await createProgram(t, trainer, { currency, priceMinor: minor, name: 'Kept' });
      await update(program.id, session.bearer, { price, program_name: 'Changed' }).expect(
        400,
        fieldRefusal(400, 'price', message),
      );
      expect(await programs.findOneByOrFail({ id: program.id })).toMatchObject({
        priceMinor: minor,
        name: 'Kept',
      });
    },
  );
});

describe('PUT /api/fitness_programs/update/{id}/ of a published programme (ADR 012)', () => {
  /** A published programme of a new trainer, named with a word of its own, with an approved request if asked. */
  async function published(approvedRequest: boolean) {
    const word = uniqueWord();
    const { trainer, session } = await createTrainer(t);
    const program = await createProgram(t, trainer, {
      name: `${word} programme`,
      description: 'Thirty mornings.',
      priceMinor: 4900,
      isPublished: true,
    });
    if (approvedRequest) {
      await requests.insert({ programId: program.id, status: 'approved', decidedAt: new Date() });
    }
    return { word, trainer, session, program };
  }

  it.each([
    ['program_name', 'renamed', false],
    ['description', 'Something else entirely.', true],
    ['price', '99', true],
  ])(
    'sends it back to review when %s changes: unpublished, requested, out of the catalogue',
    async (field, value, approvedRequest) => {
      const { word, trainer, session, program } = await published(approvedRequest);
      const fields = { [field]: field === 'program_name' ? `${word} ${value}` : value };

      const res = await update(program.id, session.bearer, fields).expect(200);

      expect(res.body).toEqual({ message: 'Programme updated', back_to_review: true });
      expect(await programs.findOneByOrFail({ id: program.id })).toMatchObject({ isPublished: false });
      expect(await requests.findBy({ programId: program.id })).toEqual([
        expect.objectContaining({ status: 'pending', decidedAt: null }),
      ]);
      expect((await get(`retrive_all/?q=${word}`).expect(200)).body).toEqual([]);
      await get(`get_programme/${program.id}/`).expect(404, REFUSED.programNotFound);
      // The trainer's dashboard reads this list and shows "Requested".
      const own = await get(`get_trainer_programme/${trainer.id}/`, session.bearer).expect(200);
      expect(own.body).toEqual([
        expect.objectContaining({ id: program.id, is_published: false, publish_requested: true }),
      ]);
      expect(await pendingIds()).toContain(program.id);
      await get(`publishRequest/${program.id}/`, session.bearer).expect(200, {
        message: 'Request already submitted',
      });

      await get(`publishprogram/${program.id}/`, admin.bearer).expect(200);
      expect(ids((await get(`retrive_all/?q=${word}`).expect(200)).body)).toEqual([program.id]);
      expect(await pendingIds()).not.toContain(program.id);
    },
  );

  it('keeps it published when other fields change or the same texts and price are sent', async () => {
    const { word, session, program } = await published(true);
    const res = await update(program.id, session.bearer, {
      program_name: ` ${word} programme `,
      description: 'Thirty mornings.',
      price: '49',
      duration: '45',
      category: 'Cardio',
      level: 'Advance',
    })
      .attach('cover_image', await plainImage(16, 16), 'cover.png')
      .expect(200);

    expect(res.body).toEqual({ message: 'Programme updated', back_to_review: false });
    expect(await programs.findOneByOrFail({ id: program.id })).toMatchObject({
      isPublished: true,
      durationDays: 45,
      category: 'Cardio',
      level: 'Advance',
    });
    expect(await requests.findBy({ programId: program.id })).toEqual([
      expect.objectContaining({ status: 'approved' }),
    ]);
    expect(ids((await get(`retrive_all/?q=${word}`).expect(200)).body)).toEqual([program.id]);
    expect(await pendingIds()).not.toContain(program.id);
  });

  it('leaves an unpublished programme unpublished and unrequested', async () => {
    const { trainer, session } = await createTrainer(t);
    const program = await createProgram(t, trainer, { name: 'Draft' });
    const res = await update(program.id, session.bearer, { program_name: 'Draft two', price: '10' }).expect(
      200,
    );
    expect(res.body).toEqual({ message: 'Programme updated', back_to_review: false });
    expect(await programs.findOneByOrFail({ id: program.id })).toMatchObject({
      name: 'Draft two',
      isPublished: false,
    });
    expect(await requests.countBy({ programId: program.id })).toBe(0);
  });

  it('changes nothing when the edit is refused', async () => {
    const { session, program } = await published(false);
    await update(program.id, session.bearer, { program_name: 'Renamed', price: '0' }).expect(400);
    expect(await programs.findOneByOrFail({ id: program.id })).toMatchObject({
      name: program.name,
      isPublished: true,
    });
    expect(await requests.countBy({ programId: program.id })).toBe(0);
  });
});

describe('GET /api/fitness_programs/retrive_all/', () => {
  it('lists published programmes of trainers who are not blocked, newest first', async () => {
    const word = uniqueWord();
    const { trainer } = await createTrainer(t);
    const { trainer: blockedTrainer } = await createTrainer(t, { account: { blocked: true } });
    const older = await createProgram(t, trainer, { name: `${word} older`, isPublished: true });
    await createProgram(t, trainer, { name: `${word} draft` });
    await createProgram(t, blockedTrainer, { name: `${word} blocked`, isPublished: true });
    const newer = await createProgram(t, trainer, { name: `${word} newer`, isPublished: true });
    const res = await get(`retrive_all/?q=${word}`).expect(200);
    expect(ids(res.body)).toEqual([newer.id, older.id]);
    expect(res.headers['x-total-count']).toBe('2');
    expect(res.body[0]).toMatchObject({
      program_name: `${word} newer`,
      is_published: true,
      trainer: trainer.id,
    });
  });

  it('filters by category and level', async () => {
    const word = uniqueWord();
    const { trainer } = await createTrainer(t);
    const match = await createProgram(t, trainer, {
      name: word,
      category: 'HIIT',
      level: 'Advance',
      isPublished: true,
    });
    await createProgram(t, trainer, { name: word, category: 'HIIT', level: 'Beginner', isPublished: true });
    await createProgram(t, trainer, { name: word, category: 'Cardio', level: 'Advance', isPublished: true });
    const res = await get(`retrive_all/?q=${word}&category=HIIT&level=Advance`).expect(200);
    expect(ids(res.body)).toEqual([match.id]);
    const byCategory = await get(`retrive_all/?q=${word}&category=HIIT`).expect(200);
    expect(byCategory.body).toHaveLength(2);
  });

  it('searches name and description case-insensitively, taking % and _ literally', async () => {
    const word = uniqueWord();
    const { trainer } = await createTrainer(t);
    const inName = await createProgram(t, trainer, { name: `Core ${word.toUpperCase()}`, isPublished: true });
    const inDescription = await createProgram(t, trainer, {
      description: `Builds ${word} strength, ${word}-100%_sure`,
      isPublished: true,
    });
    const res = await get(`retrive_all/?q=${encodeURIComponent(` ${word} `)}`).expect(200);
    expect(ids(res.body)).toEqual([inDescription.id, inName.id]);
    const literal = await get(`retrive_all/?q=${encodeURIComponent(`${word}-100%_sure`)}`).expect(200);
    expect(ids(literal.body)).toEqual([inDescription.id]);
    await get(`retrive_all/?q=${encodeURIComponent(`${word}-100__sure`)}`).expect(200, []);
    await get(`retrive_all/?q=${encodeURIComponent(`${word}-1%sure`)}`).expect(200, []);
  });

  it('pages with X-Total-Count and Link', async () => {
    const word = uniqueWord();
    const { trainer } = await createTrainer(t);
    const made = [];
    for (let i = 0; i < 3; i += 1)
      made.push(await createProgram(t, trainer, { name: word, isPublished: true }));
    const res = await get(`retrive_all/?q=${word}&page=2&page_size=2`).expect(200);
    expect(ids(res.body)).toEqual([made[0]?.id]);
    expect(res.headers['x-total-count']).toBe('3');
    expect(res.headers.link).toContain('rel="prev"');
    expect(res.headers.link).toContain(
      `</api/fitness_programs/retrive_all/?q=${word}&page=1&page_size=2>; rel="first"`,
    );
  });

  it('refuses unknown filters and page sizes with 400', async () => {
    await get('retrive_all/?category=Boxing').expect(
      400,
      fieldRefusal(400, 'category', CATALOGUE_MESSAGES.category),
    );
    await get('retrive_all/?level=Expert').expect(400, fieldRefusal(400, 'level', CATALOGUE_MESSAGES.level));
    await get('retrive_all/?page_size=1000').expect(
      400,
      fieldRefusal(400, 'page_size', PAGINATION_MESSAGES.pageSize),
    );
    await get('retrive_all/?page=abc').expect(400, fieldRefusal(400, 'page', PAGINATION_MESSAGES.page));
  });
});

describe('GET /api/fitness_programs/get_programme/{id}/', () => {
  it('shows a published programme to anyone', async () => {
    const { trainer } = await createTrainer(t);
    const program = await createProgram(t, trainer, { isPublished: true, priceMinor: 2500 });
    const res = await get(`get_programme/${program.id}/`).expect(200);
    expect(res.body).toMatchObject({ id: program.id, price: 25, is_published: true });
  });

  it('shows an unpublished one to its owner and superusers only', async () => {
    const { trainer, session } = await createTrainer(t);
    const program = await createProgram(t, trainer);
    const user = await createSession(t);
    const { session: otherTrainer } = await createTrainer(t);
    await get(`get_programme/${program.id}/`).expect(404, REFUSED.programNotFound);
    await get(`get_programme/${program.id}/`, user.bearer).expect(404, REFUSED.programNotFound);
    await get(`get_programme/${program.id}/`, otherTrainer.bearer).expect(404, REFUSED.programNotFound);
    await get(`get_programme/${program.id}/`, session.bearer).expect(200);
    await get(`get_programme/${program.id}/`, admin.bearer).expect(200);
  });

  it('hides a blocked trainer’s programme from everyone but superusers', async () => {
    const { trainer } = await createTrainer(t, { account: { blocked: true } });
    const program = await createProgram(t, trainer, { isPublished: true });
    await get(`get_programme/${program.id}/`).expect(404, REFUSED.programNotFound);
    await get(`get_programme/${program.id}/`, admin.bearer).expect(200);
  });

  it('tells the caller whether they may watch its lessons (`can_watch`) and edit it (`can_edit`)', async () => {
    const { trainer, session: owner } = await createTrainer(t);
    const program = await createProgram(t, trainer, { isPublished: true });
    const member = await createSession(t);
    const subscriber = await createSession(t);
    await subscribe(t, subscriber.user.id, program);
    const rights = async (bearer?: string) => {
      const { body } = await get(`get_programme/${program.id}/`, bearer).expect(200);
      return { can_watch: body.can_watch, can_edit: body.can_edit };
    };
    // The anonymous answer is cached (CacheForAnonymous): asked first and last, it never takes a caller's rights.
    expect(await rights()).toEqual({ can_watch: false, can_edit: false });
    expect(await rights(member.bearer)).toEqual({ can_watch: false, can_edit: false });
    expect(await rights(subscriber.bearer)).toEqual({ can_watch: true, can_edit: false });
    expect(await rights(owner.bearer)).toEqual({ can_watch: true, can_edit: true });
    // Superusers moderate, and watch, but editing is the owner's alone.
    expect(await rights(admin.bearer)).toEqual({ can_watch: true, can_edit: false });
    expect(await rights()).toEqual({ can_watch: false, can_edit: false });
  });

  it('answers 404 for an unknown or malformed id', async () => {
    await get('get_programme/999999999/').expect(404, REFUSED.programNotFound);
    await get('get_programme/-1/').expect(404, REFUSED.malformedId);
  });
});

describe('GET /api/fitness_programs/get_trainer_programme/{trainerId}/', () => {
  it('shows the published ones to others and all to the owner and superusers, newest first', async () => {
    const { trainer, session } = await createTrainer(t);
    const published = await createProgram(t, trainer, { isPublished: true });
    const draft = await createProgram(t, trainer);
    const other = await createSession(t);
    expect(ids((await get(`get_trainer_programme/${trainer.id}/`).expect(200)).body)).toEqual([published.id]);
    expect(ids((await get(`get_trainer_programme/${trainer.id}/`, other.bearer).expect(200)).body)).toEqual([
      published.id,
    ]);
    for (const bearer of [session.bearer, admin.bearer]) {
      const res = await get(`get_trainer_programme/${trainer.id}/`, bearer).expect(200);
      expect(ids(res.body)).toEqual([draft.id, published.id]);
    }
  });

  it('answers 404 for an unknown, a malformed or a blocked trainer', async () => {
    const { trainer } = await createTrainer(t, { account: { blocked: true } });
    await createProgram(t, trainer, { isPublished: true });
    await get('get_trainer_programme/999999999/').expect(404, REFUSED.programTrainerNotFound);
    await get('get_trainer_programme/x/').expect(404, REFUSED.malformedId);
    await get(`get_trainer_programme/${trainer.id}/`).expect(404, REFUSED.programTrainerNotFound);
    await get(`get_trainer_programme/${trainer.id}/`, admin.bearer).expect(200);
  });
});

describe('GET /api/fitness_programs/retrive_all_programs/', () => {
  it('requires authentication', async () => {
    await get('retrive_all_programs/').expect(401, REFUSED.notAuthenticated);
  });

  it('refuses a trainer with 403', async () => {
    const { session } = await createTrainer(t);
    await get('retrive_all_programs/', session.bearer).expect(403, REFUSED.forbidden);
  });

  it('pages through every programme, unpublished ones included', async () => {
    const { trainer } = await createTrainer(t);
    const published = await createProgram(t, trainer, { isPublished: true });
    const draft = await createProgram(t, trainer);
    const res = await get('retrive_all_programs/?page_size=2', admin.bearer).expect(200);
    expect(ids(res.body)).toEqual([draft.id, published.id]);
    expect(Number(res.headers['x-total-count'])).toBe(await programs.count());
    expect(res.headers.link).toContain('rel="next"');
  });
});

describe('GET /api/fitness_programs/publishRequest/{id}/', () => {
  it('requires authentication', async () => {
    const { trainer } = await createTrainer(t);
    const program = await createProgram(t, trainer);
    await get(`publishRequest/${program.id}/`).expect(401, REFUSED.notAuthenticated);
  });

  it('refuses a caller who is not a trainer with 403', async () => {
    const { trainer } = await createTrainer(t);
    const program = await createProgram(t, trainer);
    const session = await createSession(t);
    await get(`publishRequest/${program.id}/`, session.bearer).expect(403, REFUSED.forbidden);
    expect(await requests.countBy({ programId: program.id })).toBe(0);
  });

  it('refuses another trainer’s programme with 403 and records nothing', async () => {
    const { trainer } = await createTrainer(t);
    const program = await createProgram(t, trainer);
    const { session: other } = await createTrainer(t);
    await get(`publishRequest/${program.id}/`, other.bearer).expect(403, REFUSED.notProgramOwner);
    expect(await requests.countBy({ programId: program.id })).toBe(0);
    expect(await programs.findOneByOrFail({ id: program.id })).toMatchObject({ isPublished: false });
  });

  it('records the request once and never publishes by itself', async () => {
    const { trainer, session } = await createTrainer(t);
    const program = await createProgram(t, trainer);
    await get(`publishRequest/${program.id}/`, session.bearer).expect(200, {
      message: 'Publish request sent',
    });
    await get(`publishRequest/${program.id}/`, session.bearer).expect(200, {
      message: 'Request already submitted',
    });
    expect(await requests.findBy({ programId: program.id })).toEqual([
      expect.objectContaining({ status: 'pending', decidedAt: null }),
    ]);
    expect(await programs.findOneByOrFail({ id: program.id })).toMatchObject({ isPublished: false });
  });

  it('says so when the programme is already published', async () => {
    const { trainer, session } = await createTrainer(t);
    const program = await createProgram(t, trainer, { isPublished: true });
    await get(`publishRequest/${program.id}/`, session.bearer).expect(200, {
      message: 'Program is already published',
    });
    expect(await requests.countBy({ programId: program.id })).toBe(0);
  });

  it('answers 404 for an unknown or malformed id', async () => {
    const { session } = await createTrainer(t);
    await get('publishRequest/999999999/', session.bearer).expect(404, REFUSED.programNotFound);
    await get('publishRequest/1.5/', session.bearer).expect(404, REFUSED.malformedId);
  });
});

describe('GET /api/fitness_programs/getPublishRequests/', () => {
  it('requires authentication', async () => {
    await get('getPublishRequests/').expect(401, REFUSED.notAuthenticated);
  });

  it('refuses a trainer with 403', async () => {
    const { session } = await createTrainer(t);
    await get('getPublishRequests/', session.bearer).expect(403, REFUSED.forbidden);
  });

  it('lists the programmes waiting for publication, oldest request first', async () => {
    const { trainer, session } = await createTrainer(t);
    const first = await createProgram(t, trainer);
    const second = await createProgram(t, trainer);
    const notRequested = await createProgram(t, trainer);
    await get(`publishRequest/${first.id}/`, session.bearer).expect(200);
    await get(`publishRequest/${second.id}/`, session.bearer).expect(200);
    const mine = (await pendingPrograms()).filter((program) =>
      [first.id, second.id, notRequested.id].includes(program.id),
    );
    expect(mine).toEqual([
      expect.objectContaining({ id: first.id, trainer: trainer.id, is_published: false }),
      expect.objectContaining({ id: second.id, trainer: trainer.id, is_published: false }),
    ]);
    const res = await get('getPublishRequests/?page_size=1', admin.bearer).expect(200);
    expect(res.body).toHaveLength(1);
    expect(res.headers.link).toContain('rel="next"');
  });
});

describe('GET /api/fitness_programs/publishprogram/{id}/', () => {
  it('requires authentication', async () => {
    await get('publishprogram/1/').expect(401, REFUSED.notAuthenticated);
  });

  it('refuses the programme’s own trainer with 403', async () => {
    const { trainer, session } = await createTrainer(t);
    const program = await createProgram(t, trainer);
    await get(`publishprogram/${program.id}/`, session.bearer).expect(403, REFUSED.forbidden);
    expect(await programs.findOneByOrFail({ id: program.id })).toMatchObject({ isPublished: false });
  });

  it('publishes and approves the pending request', async () => {
    const { trainer, session } = await createTrainer(t);
    const program = await createProgram(t, trainer);
    await get(`publishRequest/${program.id}/`, session.bearer).expect(200);
    await get(`publishprogram/${program.id}/`, admin.bearer).expect(200, { message: 'Program Published' });
    expect(await programs.findOneByOrFail({ id: program.id })).toMatchObject({ isPublished: true });
    expect(await requests.findOneByOrFail({ programId: program.id })).toMatchObject({
      status: 'approved',
      decidedAt: expect.any(Date),
    });
  });

  it('publishes a programme nobody asked to publish', async () => {
    const { trainer } = await createTrainer(t);
    const program = await createProgram(t, trainer);
    await get(`publishprogram/${program.id}/`, admin.bearer).expect(200, { message: 'Program Published' });
    expect(await programs.findOneByOrFail({ id: program.id })).toMatchObject({ isPublished: true });
  });

  it('answers 404 for an unknown or malformed id', async () => {
    await get('publishprogram/999999999/', admin.bearer).expect(404, REFUSED.programNotFound);
    await get('publishprogram/0/', admin.bearer).expect(404, REFUSED.malformedId);
  });
});

describe('GET /api/fitness_programs/changePublishStatus/{id}/', () => {
  it('requires authentication', async () => {
    await get('changePublishStatus/1/').expect(401, REFUSED.notAuthenticated);
  });

  it('refuses a trainer with 403', async () => {
    const { trainer, session } = await createTrainer(t);
    const program = await createProgram(t, trainer, { isPublished: true });
    await get(`changePublishStatus/${program.id}/`, session.bearer).expect(403, REFUSED.forbidden);
    expect(await programs.findOneByOrFail({ id: program.id })).toMatchObject({ isPublished: true });
  });

  it('toggles between published and blocked, with both keys', async () => {
    const { trainer } = await createTrainer(t);
    const program = await createProgram(t, trainer, { isPublished: true });
    await get(`changePublishStatus/${program.id}/`, admin.bearer).expect(200, {
      message: 'Program Blocked',
      messsage: 'Program Blocked',
    });
    expect(await programs.findOneByOrFail({ id: program.id })).toMatchObject({ isPublished: false });
    await get(`changePublishStatus/${program.id}/`, admin.bearer).expect(200, {
      message: 'Program Published',
      messsage: 'Program Published',
    });
    expect(await programs.findOneByOrFail({ id: program.id })).toMatchObject({ isPublished: true });
  });

  it('answers 404 for an unknown or malformed id', async () => {
    await get('changePublishStatus/999999999/', admin.bearer).expect(404, REFUSED.programNotFound);
    await get('changePublishStatus/abc/', admin.bearer).expect(404, REFUSED.malformedId);
  });
});

describe('GET /api/fitness_programs/getProgramCount/', () => {
  it('requires authentication', async () => {
    await get('getProgramCount/').expect(401, REFUSED.notAuthenticated);
  });

  it('refuses a trainer with 403', async () => {
    const { session } = await createTrainer(t);
    await get('getProgramCount/', session.bearer).expect(403, REFUSED.forbidden);
  });

  it('counts every programme, published or not, as a one-element array', async () => {
    const [before] = (await get('getProgramCount/', admin.bearer).expect(200)).body;
    const { trainer } = await createTrainer(t);
    await createProgram(t, trainer);
    await createProgram(t, trainer, { isPublished: true });
    const total = await programs.count();
    await get('getProgramCount/', admin.bearer).expect(200, [total]);
    expect(total).toBe(before + 2);
  });
});

describe('publication workflow (docs/product.md §4)', () => {
  it('takes a programme from creation to the catalogue, out again when blocked, and back on request', async () => {
    const word = uniqueWord();
    const { trainer, session } = await createTrainer(t);
    const created = await create(session.bearer, { ...FORM, program_name: `Flow ${word}` }).expect(201);
    const id: number = created.body.id;
    const catalogue = async () => ids((await get(`retrive_all/?q=${word}`).expect(200)).body);

    expect(await catalogue()).toEqual([]);
    await get(`publishRequest/${id}/`, session.bearer).expect(200, { message: 'Publish request sent' });
    expect(await pendingIds()).toContain(id);
    expect(await catalogue()).toEqual([]);

    await get(`publishprogram/${id}/`, admin.bearer).expect(200, { message: 'Program Published' });
    expect(await pendingIds()).not.toContain(id);
    expect(await catalogue()).toEqual([id]);
    await get(`get_programme/${id}/`).expect(200);
    expect(ids((await get(`get_trainer_programme/${trainer.id}/`).expect(200)).body)).toEqual([id]);

    await get(`changePublishStatus/${id}/`, admin.bearer).expect(200);
    expect(await catalogue()).toEqual([]);
    await get(`get_programme/${id}/`).expect(404, REFUSED.programNotFound);
    await get(`get_programme/${id}/`, session.bearer).expect(200);

    await get(`publishRequest/${id}/`, session.bearer).expect(200, { message: 'Publish request sent' });
    expect(await pendingIds()).toContain(id);
    await get(`changePublishStatus/${id}/`, admin.bearer).expect(200);
    expect(await pendingIds()).not.toContain(id);
    expect(await catalogue()).toEqual([id]);
  });

  it('tells the owner and superusers, and nobody else, that a request waits: publish_requested', async () => {
    const word = uniqueWord();
    const { trainer, session } = await createTrainer(t);
    const program = await createProgram(t, trainer, { name: word });
    const otherTrainer = (await createTrainer(t)).session;
    /** The programme as `bearer` sees it, alone and in the trainer's list; undefined where it is not shown. */
    const seen = async (bearer?: string) => {
      const single = await get(`get_programme/${program.id}/`, bearer);
      const list = await get(`get_trainer_programme/${trainer.id}/`, bearer).expect(200);
      // The caller's rights are the single programme's answer only; every other field is the list's.
      const { can_watch: _canWatch, can_edit: _canEdit, ...fields } = single.body as Record<string, unknown>;
      return {
        single: single.status === 200 ? (fields as unknown as ListedProgram) : undefined,
        listed: (list.body as ListedProgram[]).find((item) => item.id === program.id),
      };
    };
    const requestedFor = async (bearer: string) => {
      const { single, listed } = await seen(bearer);
      expect(listed).toEqual(single);
      expect(typeof single?.publish_requested).toBe('boolean');
      return single?.publish_requested;
    };
    const expectKeyHidden = async () => {
      for (const bearer of [undefined, otherTrainer.bearer]) {
        const { single, listed } = await seen(bearer);
        expect(single ?? {}).not.toHaveProperty('publish_requested');
        expect(listed ?? {}).not.toHaveProperty('publish_requested');
      }
    };
    const adminList = async (path: string) => {
      const res = await get(path, admin.bearer).expect(200);
      return (res.body as ListedProgram[]).find((item) => item.id === program.id);
    };

    expect(await requestedFor(session.bearer)).toBe(false);
    expect(await requestedFor(admin.bearer)).toBe(false);
    await expectKeyHidden();

    await get(`publishRequest/${program.id}/`, session.bearer).expect(200, {
      message: 'Publish request sent',
    });
    expect(await requestedFor(session.bearer)).toBe(true);
    expect(await requestedFor(admin.bearer)).toBe(true);
    expect(await adminList('retrive_all_programs/?page_size=100')).toHaveProperty('publish_requested', true);
    expect((await pendingPrograms()).find((item) => item.id === program.id)).toHaveProperty(
      'publish_requested',
      true,
    );
    await expectKeyHidden();
    await get(`publishRequest/${program.id}/`, session.bearer).expect(200, {
      message: 'Request already submitted',
    });
    expect(await requestedFor(session.bearer)).toBe(true);

    await get(`publishprogram/${program.id}/`, admin.bearer).expect(200, { message: 'Program Published' });
    const { single } = await seen(session.bearer);
    expect(single).toMatchObject({ is_published: true, publish_requested: false });
    expect(await requestedFor(admin.bearer)).toBe(false);
    expect(await adminList('retrive_all_programs/?page_size=100')).toHaveProperty('publish_requested', false);
    await expectKeyHidden();
    // The public catalogue is the same for everyone, its owner included.
    const catalogue = await get(`retrive_all/?q=${word}`, session.bearer).expect(200);
    expect(ids(catalogue.body)).toEqual([program.id]);
    expect(catalogue.body[0]).not.toHaveProperty('publish_requested');
    await get(`publishRequest/${program.id}/`, session.bearer).expect(200, {
      message: 'Program is already published',
    });

    // Blocked again, it waits for nothing until its trainer asks anew.
    await get(`changePublishStatus/${program.id}/`, admin.bearer).expect(200);
    expect(await requestedFor(session.bearer)).toBe(false);
    await get(`publishRequest/${program.id}/`, session.bearer).expect(200, {
      message: 'Publish request sent',
    });
    expect(await requestedFor(session.bearer)).toBe(true);
    await get(`publishRequest/${program.id}/`, session.bearer).expect(200, {
      message: 'Request already submitted',
    });
  });

  it('takes a trainer’s programmes out of the catalogue when the trainer is blocked', async () => {
    const word = uniqueWord();
    const { trainer, session } = await createTrainer(t);
    const program = await createProgram(t, trainer, { name: word, isPublished: true });
    expect(ids((await get(`retrive_all/?q=${word}`).expect(200)).body)).toEqual([program.id]);
    await t
      .http()
      .get(`/api/users/changeUserAccess/${session.user.id}/`)
      .set('Authorization', admin.bearer)
      .expect(200, { message: 'User Blocked' });
    await get(`retrive_all/?q=${word}`).expect(200, []);
    await t.http().get(`/api/trainers/retrieveTrainer/${trainer.id}/`).expect(404, REFUSED.trainerNotFound);
    const all = await t.http().get('/api/trainers/allTrainer/').expect(200);
    expect(ids(all.body)).not.toContain(trainer.id);
  });
});
