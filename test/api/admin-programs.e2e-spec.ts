import { beforeAll, describe, expect, it } from '@jest/globals';
import { ADMIN_QUERY_MESSAGES, type ProgramResponse } from '@fitcoach/contracts';
import { expectSuperusersOnly } from '../fixtures/admin.js';
import { useTestApp } from '../fixtures/app.js';
import { createProgram, createTrainer } from '../fixtures/catalogue.js';
import { fieldRefusal } from '../fixtures/refusals.js';
import { createSession, type Session } from '../fixtures/users.js';

/*
 * The admin panel's moderation of programmes (docs/product.md §2.11, §4): the Programs list narrowed by status and
 * trainer.
 */

const t = useTestApp();
let admin: Session;

beforeAll(async () => {
  admin = await createSession(t, { superuser: true });
});

const get = (path: string, bearer = admin.bearer) =>
  t.http().get(`/api/fitness_programs/${path}`).set('Authorization', bearer);

/** A trainer with one programme in each status, reached through the API as superusers and trainers do. */
async function programmeInEachStatus() {
  const { trainer, session } = await createTrainer(t);
  const [draft, pending, published, blocked, blockedUnasked] = [
    await createProgram(t, trainer),
    await createProgram(t, trainer),
    await createProgram(t, trainer),
    await createProgram(t, trainer),
    await createProgram(t, trainer, { isPublished: true }),
  ];
  for (const program of [pending, published, blocked]) {
    await get(`publishRequest/${program.id}/`, session.bearer).expect(200);
  }
  for (const program of [published, blocked]) await get(`publishprogram/${program.id}/`).expect(200);
  // Blocked twice over: one asked for and published, one published without a request.
  for (const program of [blocked, blockedUnasked])
    await get(`changePublishStatus/${program.id}/`).expect(200);
  return {
    trainer,
    ids: {
      draft: [draft.id],
      pending: [pending.id],
      published: [published.id],
      blocked: [blockedUnasked.id, blocked.id],
    },
  };
}

describe('GET /api/fitness_programs/retrive_all_programs/?status=&trainer=', () => {
  it('answers superusers only', async () => {
    await expectSuperusersOnly(
      t,
      'get',
      '/api/fitness_programs/retrive_all_programs/?status=draft&trainer=1',
    );
  });

  it('narrows the list to a trainer, and to a status of theirs, newest first, each with its status', async () => {
    const { trainer, ids } = await programmeInEachStatus();
    const all = (await get(`retrive_all_programs/?trainer=${trainer.id}`).expect(200))
      .body as ProgramResponse[];
    expect(all.map((program) => [program.id, program.status])).toEqual(
      [
        ...ids.draft.map((id) => [id, 'draft']),
        ...ids.pending.map((id) => [id, 'pending']),
        ...ids.published.map((id) => [id, 'published']),
        ...ids.blocked.map((id) => [id, 'blocked']),
      ].sort(([a], [b]) => Number(b) - Number(a)),
    );
    for (const status of ['draft', 'pending', 'published', 'blocked'] as const) {
      const res = await get(`retrive_all_programs/?status=${status}&trainer=${trainer.id}`).expect(200);
      expect((res.body as ProgramResponse[]).map((program) => program.id)).toEqual(
        [...ids[status]].sort((a, b) => b - a),
      );
    }
    const other = await createTrainer(t);
    await get(`retrive_all_programs/?trainer=${other.trainer.id}`).expect(200, []);
  });

  it('keeps the filters in the Link header of a paged answer', async () => {
    const { trainer } = await programmeInEachStatus();
    const res = await get(`retrive_all_programs/?status=blocked&trainer=${trainer.id}&page_size=1`).expect(
      200,
    );
    expect(res.headers['x-total-count']).toBe('2');
    expect(res.headers.link).toContain(
      `?status=blocked&trainer=${trainer.id}&page=2&page_size=1>; rel="next"`,
    );
  });

  it.each([
    ['status', 'status=hidden', ADMIN_QUERY_MESSAGES.status],
    ['status', 'status=draft&status=pending', ADMIN_QUERY_MESSAGES.status],
    ['status', 'status[a]=draft', ADMIN_QUERY_MESSAGES.status],
    ['trainer', 'trainer=0', ADMIN_QUERY_MESSAGES.trainer],
    ['trainer', 'trainer=-3', ADMIN_QUERY_MESSAGES.trainer],
    ['trainer', 'trainer=1.5', ADMIN_QUERY_MESSAGES.trainer],
    ['trainer', 'trainer=abc', ADMIN_QUERY_MESSAGES.trainer],
    ['trainer', 'trainer=99999999999', ADMIN_QUERY_MESSAGES.trainer],
  ])('refuses a bad %s (%s) with 400', async (field, query, message) => {
    const res = await get(`retrive_all_programs/?${query}`).expect(400);
    expect(res.body).toEqual(fieldRefusal(400, field, message));
  });
});
