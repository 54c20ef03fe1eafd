import { join } from 'node:path';
import { beforeAll, describe, expect, it } from '@jest/globals';
import {
  ADMIN_FORM_MESSAGES,
  ADMIN_QUERY_MESSAGES,
  type ProgramResponse,
  REJECTION_REASON_MAX_LENGTH,
} from '@fitcoach/contracts';
import { JobsService } from '../../api/src/common/jobs/jobs.service.js';
import { PROGRAM_MESSAGES } from '../../api/src/modules/programs/programs.messages.js';
import { expectCrossSiteRefused, expectSuperusersOnly } from '../fixtures/admin.js';
import { useTestApp } from '../fixtures/app.js';
import { createProgram, createTrainer } from '../fixtures/catalogue.js';
import { nextMailTo } from '../fixtures/mail.js';
import { fieldRefusal, refusal, REFUSED } from '../fixtures/refusals.js';
import { createSession, type Session } from '../fixtures/users.js';

/*
 * The admin panel's moderation of programmes (docs/product.md §2.11, §4): the Programs list narrowed by status and
 * trainer, and a programme waiting for approval rejected with a reason.
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

describe('POST /api/fitness_programs/reject/{id}/', () => {
  const reject = (id: number | string, body: object, bearer = admin.bearer) =>
    t.http().post(`/api/fitness_programs/reject/${id}/`).set('Authorization', bearer).send(body);

  /** A programme of a new trainer, submitted for publication. */
  async function waiting(name = 'Core Basics') {
    const owner = await createTrainer(t, { account: { firstName: 'Rita', lastName: 'Rejected' } });
    const program = await createProgram(t, owner.trainer, { name });
    await get(`publishRequest/${program.id}/`, owner.session.bearer).expect(200);
    return { ...owner, program };
  }

  const ownView = async (id: number, bearer: string) =>
    (await get(`get_programme/${id}/`, bearer).expect(200)).body as ProgramResponse;

  /** Whether the programme waits in Pending Approvals (among its trainer's: the whole queue may be long). */
  const isPending = async ({ id, trainerId }: { id: number; trainerId: number }) => {
    const res = await get(`retrive_all_programs/?status=pending&trainer=${trainerId}`).expect(200);
    return (res.body as ProgramResponse[]).some((program) => program.id === id);
  };

  it('answers superusers only, and a cross-site request with their cookie changes nothing', async () => {
    const { program } = await waiting();
    const path = `/api/fitness_programs/reject/${program.id}/`;
    await expectSuperusersOnly(t, 'post', path, { reason: 'No videos' });
    await expectCrossSiteRefused(t, 'post', path, admin, { reason: 'No videos' });
    expect(await isPending(program)).toBe(true);
  });

  it.each([
    ['no reason', {}],
    ['an empty reason', { reason: '' }],
    ['a blank reason', { reason: '  \n ' }],
    ['a reason that is not text', { reason: 42 }],
    ['a reason over the limit', { reason: 'x'.repeat(REJECTION_REASON_MAX_LENGTH + 1) }],
  ])('refuses %s with 400, and the programme waits on', async (_name, body) => {
    const { program } = await waiting();
    const res = await reject(program.id, body).expect(400);
    expect(res.body).toEqual(fieldRefusal(400, 'reason', ADMIN_FORM_MESSAGES.reason));
    expect(await isPending(program)).toBe(true);
  });

  it('answers 404 for an unknown or malformed id', async () => {
    await reject(999999999, { reason: 'No' }).expect(404, REFUSED.programNotFound);
    await reject('abc', { reason: 'No' }).expect(404, REFUSED.malformedId);
  });

  it('refuses with 409 a programme that is not waiting: a draft, a published one, one rejected already', async () => {
    const { trainer } = await createTrainer(t);
    const draft = await createProgram(t, trainer);
    const published = await createProgram(t, trainer, { isPublished: true });
    const { program: rejected } = await waiting();
    await reject(rejected.id, { reason: 'First' }).expect(200);
    for (const program of [draft, published, rejected]) {
      await reject(program.id, { reason: 'Again' }).expect(409, refusal(409, PROGRAM_MESSAGES.notPending));
    }
    expect((await ownView(rejected.id, admin.bearer)).rejection_reason).toBe('First');
  });

  it('sends the programme back to its trainer with the reason, who may submit it again', async () => {
    const { program, session, trainer } = await waiting('Core Basics');
    const mail = nextMailTo(
      t.app.get(JobsService),
      'mail.program-rejected',
      session.user.email,
      join(t.config.dataDir, 'outbox'),
    );
    await reject(program.id, { reason: '  Add a video to every lesson.  ' }).expect(200, {
      message: PROGRAM_MESSAGES.rejected,
    });

    expect(await isPending(program)).toBe(false);
    expect(await ownView(program.id, session.bearer)).toMatchObject({
      is_published: false,
      publish_requested: false,
      status: 'draft',
      rejection_reason: 'Add a video to every lesson.',
    });
    const drafts = await get(`retrive_all_programs/?status=draft&trainer=${trainer.id}`).expect(200);
    expect((drafts.body as ProgramResponse[]).map((p) => [p.id, p.rejection_reason])).toEqual([
      [program.id, 'Add a video to every lesson.'],
    ]);
    const news = await t
      .http()
      .get('/api/chat/getNotifications')
      .set('Authorization', session.bearer)
      .expect(200);
    expect(news.body).toEqual([
      expect.objectContaining({
        category: 'program',
        sender: 'FitCoach',
        message: 'Your programme Core Basics was not approved: Add a video to every lesson.',
      }),
    ]);
    const text = await mail;
    expect(text).toContain('Subject: Your FitCoach programme was not approved: Core Basics');
    expect(text).toContain('Add a video to every lesson.');
    expect(text).toContain(`${t.config.publicUrl}/trainerDashboard`);

    await get(`publishRequest/${program.id}/`, session.bearer).expect(200, {
      message: 'Publish request sent',
    });
    expect(await isPending(program)).toBe(true);
    expect(await ownView(program.id, session.bearer)).toMatchObject({
      status: 'pending',
      publish_requested: true,
      rejection_reason: null,
    });
  });

  it('keeps a long reason whole on the programme and clips the notification to its column', async () => {
    const { program, session } = await waiting('Long');
    const reason = `${'word '.repeat(REJECTION_REASON_MAX_LENGTH / 5 - 1)}end.`;
    await reject(program.id, { reason }).expect(200);
    expect((await ownView(program.id, session.bearer)).rejection_reason).toBe(reason);
    const [news] = (await t.http().get('/api/chat/getNotifications').set('Authorization', session.bearer))
      .body as { message: string }[];
    expect(news.message).toHaveLength(255);
    expect(news.message.endsWith('…')).toBe(true);
  });
});

describe('deciding many programmes at once', () => {
  it('publishes, blocks and re-asks for programmes without a request, concurrently, without an error', async () => {
    const { trainer, session } = await createTrainer(t);
    const programs = [];
    for (let n = 0; n < 8; n += 1) programs.push(await createProgram(t, trainer));
    // Each decision of a programme that never asked writes its request row: all at once, as superusers may.
    const published = await Promise.all(programs.map((program) => get(`publishprogram/${program.id}/`)));
    expect(published.map((res) => res.status)).toEqual(programs.map(() => 200));
    const blocked = await Promise.all(programs.map((program) => get(`changePublishStatus/${program.id}/`)));
    expect(blocked.map((res) => res.status)).toEqual(programs.map(() => 200));
    const asked = await Promise.all(
      programs.map((program) => get(`publishRequest/${program.id}/`, session.bearer)),
    );
    expect(asked.map((res) => res.status)).toEqual(programs.map(() => 200));
  });
});
