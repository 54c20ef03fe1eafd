import { beforeAll, describe, expect, it } from '@jest/globals';
import { PAGINATION_MESSAGES } from '@fitcoach/contracts';
import { useTestApp } from '../fixtures/app.js';
import { createProgram, createTrainer } from '../fixtures/catalogue.js';
import { DataSource } from 'typeorm';
import { PublishRequestEntity } from '../../api/src/modules/programs/publish-request.entity.js';
import { createSession, createUser, type Session } from '../fixtures/users.js';

const t = useTestApp();
let admin: Session;

beforeAll(async () => {
  admin = await createSession(t, { superuser: true });
  await createUser(t);
  const { trainer } = await createTrainer(t);
  await createProgram(t, trainer, { isPublished: true });
  const waiting = await createProgram(t, trainer);
  await t.app
    .get(DataSource)
    .getRepository(PublishRequestEntity)
    .insert({ programId: waiting.id, status: 'pending', decidedAt: null });
});

/** Every list the PaginatedResponse interceptor pages (each has a row), with whether it needs a superuser. */
const LISTS = [
  { path: '/api/users/getAllUsers/', superuser: true },
  { path: '/api/trainers/allTrainer/', superuser: false },
  { path: '/api/trainers/getAllTrainers/', superuser: true },
  { path: '/api/fitness_programs/retrive_all/', superuser: false },
  { path: '/api/fitness_programs/retrive_all_programs/', superuser: true },
  { path: '/api/fitness_programs/getPublishRequests/', superuser: true },
];

function get(list: (typeof LISTS)[number], query: string) {
  const req = t.http().get(`${list.path}?${query}`);
  return list.superuser ? req.set('Authorization', admin.bearer) : req;
}

const BAD_PAGES = [
  'page=1e21',
  'page=99999999999999999999',
  'page=1000001',
  'page=0',
  'page=-1',
  'page=1.5',
  'page=NaN',
  'page=Infinity',
  'page=0x10',
  'page=1e3',
  'page=two',
  'page=1&page=2',
  'page[a]=1',
  'page[]=1',
];

const BAD_PAGE_SIZES = [
  'page_size=0',
  'page_size=101',
  'page_size=1e21',
  'page_size=-5',
  'page_size=2.5',
  'page_size=Infinity',
  'page_size=10&page_size=20',
  'page_size[a]=1',
];

describe.each(LISTS)('paging $path', (list) => {
  it.each(BAD_PAGES)('refuses ?%s with 400 naming the range', async (query) => {
    const res = await get(list, query).expect(400);
    expect(res.body).toEqual({
      statusCode: 400,
      message: PAGINATION_MESSAGES.page,
      errors: [{ field: 'page', message: PAGINATION_MESSAGES.page }],
    });
  });

  it.each(BAD_PAGE_SIZES)('refuses ?%s with 400 naming the range', async (query) => {
    const res = await get(list, query).expect(400);
    expect(res.body).toMatchObject({ statusCode: 400, message: PAGINATION_MESSAGES.pageSize });
  });

  it('repeats the paging and filters in Link, never parameters the list ignores', async () => {
    const ignored = `utm=${'x'.repeat(10_000)}&before=1`;
    const res = await get(list, `page=1&page_size=1&${ignored}`).expect(200);
    expect(res.headers.link).toContain(`${list.path}?page=1&page_size=1>; rel="first"`);
    expect(res.headers.link).not.toContain('utm=');
    expect(res.headers.link).not.toContain('before=');
  });

  it('serves the last allowed page (empty) and the largest page size', async () => {
    const last = await get(list, 'page=1000000&page_size=100').expect(200);
    expect(last.body).toEqual([]);
    expect(Number(last.headers['x-total-count'])).toBeGreaterThanOrEqual(1);
    const first = await get(list, 'page=1&page_size=100').expect(200);
    expect(first.body.length).toBeGreaterThanOrEqual(1);
  });
});

describe('GET /api/fitness_programs/retrive_all/ filters', () => {
  it.each([
    ['q[a]=1', 'q'],
    ['q=x&q=y', 'q'],
    ['q[]=x', 'q'],
    ['category[a]=Yoga', 'category'],
    ['category=Yoga&category=Cardio', 'category'],
    ['level[a]=Beginner', 'level'],
    ['level=Beginner&level=Advance', 'level'],
  ])('refuses ?%s with 400 on %s', async (query, field) => {
    const res = await t.http().get(`/api/fitness_programs/retrive_all/?${query}`).expect(400);
    expect(res.body).toMatchObject({ statusCode: 400, errors: [expect.objectContaining({ field })] });
  });
});
