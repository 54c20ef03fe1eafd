// Over 300 lines on purpose: one file per resource holds every endpoint of it with its refusals, because each
// API e2e file boots an application of its own (seconds a file); describe blocks, not files, divide it.
import { beforeAll, describe, expect, it } from '@jest/globals';
import { FOLLOWED_QUERY_MESSAGES, SUBSCRIPTION_MESSAGES, type LessonResponse } from '@fitcoach/contracts';
import { DataSource, type Repository } from 'typeorm';
import { PaymentEntity } from '../../api/src/modules/payments/payment.entity.js';
import { ProgramEntity } from '../../api/src/modules/programs/program.entity.js';
import { LessonCompletionEntity } from '../../api/src/modules/subscriptions/lesson-completion.entity.js';
import { SubscriptionEntity } from '../../api/src/modules/subscriptions/subscription.entity.js';
import type { TrainerEntity } from '../../api/src/modules/trainers/trainer.entity.js';
import { ProfileEntity } from '../../api/src/modules/users/profile.entity.js';
import { UserEntity } from '../../api/src/modules/users/user.entity.js';
import { useTestApp } from '../fixtures/app.js';
import { createLesson, createProgram, createTrainer } from '../fixtures/catalogue.js';
import { countQueries } from '../fixtures/queries.js';
import { REFUSED } from '../fixtures/refusals.js';
import {
  completedPaymentWithoutSubscription,
  completeLessons,
  subscribe,
} from '../fixtures/subscriptions.js';
import { createSession, createUser, type Session } from '../fixtures/users.js';

const t = useTestApp();
let subscriptions: Repository<SubscriptionEntity>;
let payments: Repository<PaymentEntity>;
let owner: { trainer: TrainerEntity; session: Session };
let otherTrainer: { trainer: TrainerEntity; session: Session };
let superuser: Session;
let blocked: Session;

beforeAll(async () => {
  const dataSource = t.app.get(DataSource);
  subscriptions = dataSource.getRepository(SubscriptionEntity);
  payments = dataSource.getRepository(PaymentEntity);
  owner = await createTrainer(t, { account: { firstName: 'Olga', lastName: 'Owner' } });
  otherTrainer = await createTrainer(t, { account: { firstName: 'Otto', lastName: 'Other' } });
  superuser = await createSession(t, { superuser: true });
  // Blocked after logging in: the token is still genuine, the account is what refuses it.
  blocked = await createSession(t);
  await dataSource.getRepository(UserEntity).update({ id: blocked.user.id }, { blocked: true });
});

const published = (trainer: TrainerEntity = owner.trainer, options: Partial<ProgramEntity> = {}) =>
  createProgram(t, trainer, { isPublished: true, ...options });

function get(path: string, session: Session | null) {
  const request = t.http().get(path);
  return session ? request.set('Authorization', session.bearer) : request;
}

const activeOf = (userId: number, programId: number) =>
  subscriptions.findBy({ userId, programId, activeFlag: 1 });

describe('GET /api/users/followProgram/{programId}/', () => {
  const follow = (programId: number | string, session: Session | null) =>
    get(`/api/users/followProgram/${programId}/`, session);

  it('requires authentication', async () => {
    const program = await published();
    await follow(program.id, null).expect(401, REFUSED.notAuthenticated);
    expect(await subscriptions.countBy({ programId: program.id })).toBe(0);
  });

  it('refuses a blocked member, even with a payment waiting', async () => {
    const program = await published();
    await completedPaymentWithoutSubscription(t, blocked.user.id, program);
    await follow(program.id, blocked).expect(403, REFUSED.blocked);
    expect(await subscriptions.countBy({ programId: program.id })).toBe(0);
  });

  it('is 402 without a completed payment (a created, failed or refunded one does not count)', async () => {
    const member = await createSession(t);
    const program = await published();
    await follow(program.id, member).expect(402, REFUSED.paymentRequired);
    for (const status of ['created', 'failed', 'refunded'] as const) {
      await completedPaymentWithoutSubscription(t, member.user.id, program, { status });
    }
    await follow(program.id, member).expect(402, REFUSED.paymentRequired);
    expect(await subscriptions.countBy({ programId: program.id })).toBe(0);
  });

  it("does not take a payment for another programme or another member's payment", async () => {
    const member = await createSession(t);
    const program = await published();
    await completedPaymentWithoutSubscription(t, member.user.id, await published());
    await completedPaymentWithoutSubscription(t, (await createUser(t)).id, program);
    await follow(program.id, member).expect(402, REFUSED.paymentRequired);
    expect(await subscriptions.countBy({ programId: program.id })).toBe(0);
  });

  it('opens the subscription a completed, unused payment paid for, then answers already subscribed', async () => {
    const member = await createSession(t);
    const program = await published();
    const payment = await completedPaymentWithoutSubscription(t, member.user.id, program);
    await follow(program.id, member).expect(200, { message: SUBSCRIPTION_MESSAGES.subscribed });
    expect(await activeOf(member.user.id, program.id)).toEqual([
      expect.objectContaining({ paymentId: payment.id, status: 'active', endedAt: null }),
    ]);
    await follow(program.id, member).expect(200, { message: SUBSCRIPTION_MESSAGES.alreadySubscribed });
    expect(await subscriptions.countBy({ programId: program.id })).toBe(1);
  });

  it('answers one follow subscribed and the other already subscribed when two use one payment at once', async () => {
    const member = await createSession(t);
    const program = await published();
    await completedPaymentWithoutSubscription(t, member.user.id, program);
    const answers = await Promise.all([follow(program.id, member), follow(program.id, member)]);
    expect(answers.map((res) => res.status)).toEqual([200, 200]);
    expect(answers.map((res) => res.body.message).sort()).toEqual(
      [SUBSCRIPTION_MESSAGES.alreadySubscribed, SUBSCRIPTION_MESSAGES.subscribed].sort(),
    );
    expect(await activeOf(member.user.id, program.id)).toHaveLength(1);
  });

  it('tells a subscriber whose programme was unpublished since that they are subscribed', async () => {
    const member = await createSession(t);
    const program = await published();
    await subscribe(t, member.user.id, program);
    await t.app
      .get(DataSource)
      .getRepository(ProgramEntity)
      .update({ id: program.id }, { isPublished: false });
    await follow(program.id, member).expect(200, { message: SUBSCRIPTION_MESSAGES.alreadySubscribed });
    expect(await subscriptions.countBy({ programId: program.id })).toBe(1);
  });

  it('after an unfollow, needs a new payment: the old one has been used', async () => {
    const member = await createSession(t);
    const program = await published();
    await subscribe(t, member.user.id, program);
    await get(`/api/users/unfollowProgram/${program.id}/`, member).expect(200);
    await follow(program.id, member).expect(402, REFUSED.paymentRequired);
    expect(await activeOf(member.user.id, program.id)).toEqual([]);
    await completedPaymentWithoutSubscription(t, member.user.id, program);
    await follow(program.id, member).expect(200, { message: SUBSCRIPTION_MESSAGES.subscribed });
    expect(await subscriptions.countBy({ userId: member.user.id, programId: program.id })).toBe(2);
  });

  it("refuses the trainer's own programme with 403", async () => {
    const program = await published();
    await completedPaymentWithoutSubscription(t, owner.session.user.id, program);
    await follow(program.id, owner.session).expect(403, REFUSED.ownProgram);
    expect(await subscriptions.countBy({ programId: program.id })).toBe(0);
  });

  it('answers 404 for an unknown, malformed, unpublished or blocked trainer’s programme', async () => {
    const member = await createSession(t);
    const draft = await createProgram(t, owner.trainer);
    const blockedTrainer = await createTrainer(t, { account: { blocked: true } });
    const hidden = await published(blockedTrainer.trainer);
    for (const program of [draft, hidden]) {
      await completedPaymentWithoutSubscription(t, member.user.id, program);
      await completedPaymentWithoutSubscription(t, superuser.user.id, program);
      await follow(program.id, member).expect(404, REFUSED.programNotFound);
      // Superusers see such programmes, but nobody can subscribe to them.
      await follow(program.id, superuser).expect(404, REFUSED.programNotFound);
      expect(await subscriptions.countBy({ programId: program.id })).toBe(0);
    }
    await follow(2_000_000_000, member).expect(404, REFUSED.programNotFound);
    await follow('abc', member).expect(404, REFUSED.malformedId);
  });

  it('is refused with the session cookie, as are unfollowing and marking a lesson (Bearer only)', async () => {
    const member = await createSession(t);
    const program = await published();
    const lesson = await createLesson(t, program);
    await completedPaymentWithoutSubscription(t, member.user.id, program);
    const withCookie = (path: string) =>
      t.http().get(path).set('Cookie', `accessToken=${member.access}`).expect(403, REFUSED.stateChangingGet);
    await withCookie(`/api/users/followProgram/${program.id}/`);
    expect(await subscriptions.countBy({ programId: program.id })).toBe(0);
    await subscribe(t, member.user.id, program);
    await withCookie(`/api/users/unfollowProgram/${program.id}/`);
    await withCookie(`/api/fitness_programs/updatelessonProgress/${program.id}-${lesson.number}/`);
    expect(await activeOf(member.user.id, program.id)).toHaveLength(1);
    expect(
      await t.app.get(DataSource).getRepository(LessonCompletionEntity).countBy({ lessonId: lesson.id }),
    ).toBe(0);
  });

  it('opens one subscription when two follows with one payment race', async () => {
    const member = await createSession(t);
    const program = await published();
    await completedPaymentWithoutSubscription(t, member.user.id, program);
    const answers = await Promise.all([follow(program.id, member), follow(program.id, member)]);
    expect(answers.map((res) => res.status)).toEqual([200, 200]);
    expect(answers.map((res) => res.body.message).sort()).toEqual(
      [SUBSCRIPTION_MESSAGES.alreadySubscribed, SUBSCRIPTION_MESSAGES.subscribed].sort(),
    );
    expect(await subscriptions.countBy({ programId: program.id })).toBe(1);
  });
});

describe('GET /api/users/unfollowProgram/{programId}/', () => {
  const unfollow = (programId: number | string, session: Session | null) =>
    get(`/api/users/unfollowProgram/${programId}/`, session);

  it('requires authentication', async () => {
    const member = await createSession(t);
    const program = await published();
    await subscribe(t, member.user.id, program);
    await unfollow(program.id, null).expect(401, REFUSED.notAuthenticated);
    expect(await activeOf(member.user.id, program.id)).toHaveLength(1);
  });

  it('refuses a blocked member', async () => {
    const program = await published();
    await subscribe(t, blocked.user.id, program);
    await unfollow(program.id, blocked).expect(403, REFUSED.blocked);
    expect(await activeOf(blocked.user.id, program.id)).toHaveLength(1);
  });

  it('ends the subscription, keeps it as history and keeps the payment completed', async () => {
    const member = await createSession(t);
    const program = await published();
    const { payment, subscription } = await subscribe(t, member.user.id, program);
    await unfollow(program.id, member).expect(200, { message: 'Successfully unsubscribed from the program' });
    expect(await subscriptions.findOneByOrFail({ id: subscription.id })).toMatchObject({
      status: 'cancelled',
      activeFlag: null,
      endedAt: expect.any(Date),
    });
    expect(await payments.findOneByOrFail({ id: payment.id })).toMatchObject({ status: 'completed' });
  });

  it('answers 404 when not subscribed: never, no longer, another member, unknown programme', async () => {
    const member = await createSession(t);
    const program = await published();
    await unfollow(program.id, member).expect(404, REFUSED.notSubscribed);
    const other = await createSession(t);
    await subscribe(t, other.user.id, program);
    await unfollow(program.id, member).expect(404, REFUSED.notSubscribed);
    expect(await activeOf(other.user.id, program.id)).toHaveLength(1);
    await subscribe(t, member.user.id, program);
    await unfollow(program.id, member).expect(200);
    await unfollow(program.id, member).expect(404, REFUSED.notSubscribed);
    await unfollow(2_000_000_000, member).expect(404, REFUSED.notSubscribed);
    await unfollow('abc', member).expect(404, REFUSED.malformedId);
  });

  it('ends the subscription once when two unfollows race', async () => {
    const member = await createSession(t);
    const program = await published();
    await subscribe(t, member.user.id, program);
    const answers = await Promise.all([unfollow(program.id, member), unfollow(program.id, member)]);
    expect(answers.map((res) => res.status).sort()).toEqual([200, 404]);
    expect(await subscriptions.countBy({ programId: program.id, status: 'cancelled' })).toBe(1);
  });
});

function requiresAuthentication(path: string) {
  it('requires authentication', async () => {
    await get(path, null).expect(401, REFUSED.notAuthenticated);
  });
}

/** The refusals of a GET for any signed-in account: no session, a blocked account. */
function refusesAnonymousAndBlocked(path: string) {
  requiresAuthentication(path);

  it('refuses a blocked member', async () => {
    await get(path, blocked).expect(403, REFUSED.blocked);
  });
}

/** The refusals of a trainers-only GET: no session, a member, a superuser, a blocked account. */
function refusesAllButTrainers(path: string) {
  requiresAuthentication(path);

  it('refuses members and superusers (trainers only) and blocked accounts', async () => {
    await get(path, await createSession(t)).expect(403, REFUSED.forbidden);
    await get(path, superuser).expect(403, REFUSED.forbidden);
    await get(path, blocked).expect(403, REFUSED.blocked);
  });
}

describe('GET /api/users/getFollowedPrograms/', () => {
  refusesAnonymousAndBlocked('/api/users/getFollowedPrograms/');

  it('is an empty list without active subscriptions (ended ones included)', async () => {
    const member = await createSession(t);
    await get('/api/users/getFollowedPrograms/', member).expect(200, []);
    const program = await published();
    await subscribe(t, member.user.id, program);
    await get(`/api/users/unfollowProgram/${program.id}/`, member).expect(200);
    await get('/api/users/getFollowedPrograms/', member).expect(200, []);
  });

  it('is one container with each active programme, its progress and start, oldest first', async () => {
    const member = await createSession(t);
    const first = await published(owner.trainer, { name: 'Followed first' });
    const second = await published(otherTrainer.trainer, { name: 'Followed second' });
    const lessons = [
      await createLesson(t, first),
      await createLesson(t, first),
      await createLesson(t, first),
    ];
    const secondLesson = await createLesson(t, second);
    const start = new Date('2026-01-02T03:04:05.000Z');
    await subscribe(t, member.user.id, first, { startedAt: start });
    await subscribe(t, member.user.id, second, { startedAt: new Date('2026-02-01T00:00:00.000Z') });
    await completeLessons(t, member.user.id, [lessons[0].id, lessons[1].id]);
    // Another member's subscription and completions are not the caller's.
    const other = await createSession(t);
    await subscribe(t, other.user.id, second);

    const res = await get('/api/users/getFollowedPrograms/', member).expect(200);
    expect(res.body).toEqual([
      {
        id: member.user.id,
        user: member.user.id,
        created_on: start.toISOString(),
        status: 'Active',
        program: [
          expect.objectContaining({
            id: first.id,
            program_name: 'Followed first',
            trainer: owner.trainer.id,
            trainer_name: 'Olga Owner',
            progress: 67,
            subscribed_on: start.toISOString(),
          }),
          expect.objectContaining({ id: second.id, trainer_name: 'Otto Other', progress: 0 }),
        ],
      },
    ]);
    // Every Program field as the catalogue gives it (dates, price, flags), plus progress, start and schedule (day 1
    // the UTC date it opened, no reminder); the caller's rights (`can_watch`, `can_edit`) are the single programme's
    // answer only.
    const schedules = [
      { start_date: '2026-01-02', today_lesson: lessons[2].number },
      { start_date: '2026-02-01', today_lesson: secondLesson.number },
    ];
    for (const [index, program] of [first, second].entries()) {
      const catalogue = await get(`/api/fitness_programs/get_programme/${program.id}/`, member).expect(200);
      const { can_watch: _canWatch, can_edit: _canEdit, ...fields } = catalogue.body;
      expect(res.body[0].program[index]).toEqual({
        ...fields,
        progress: index === 0 ? 67 : 0,
        subscribed_on: expect.any(String),
        subscription_id: expect.any(Number),
        ...schedules[index],
        reminder_time: null,
        timezone: 'UTC',
        next_unlock_at: null,
      });
    }
  });
});

describe('GET /api/users/getFollowedPrograms/?program=', () => {
  refusesAnonymousAndBlocked('/api/users/getFollowedPrograms/?program=1');

  it('keeps the one programme asked for, with the same fields and progress as in the whole list', async () => {
    const member = await createSession(t);
    const first = await published(owner.trainer, { name: 'Kept out' });
    const second = await published(otherTrainer.trainer, { name: 'Asked for' });
    const lessons = [await createLesson(t, second), await createLesson(t, second)];
    const start = new Date('2026-03-04T05:06:07.000Z');
    await subscribe(t, member.user.id, first, { startedAt: new Date('2026-01-01T00:00:00.000Z') });
    await subscribe(t, member.user.id, second, { startedAt: start });
    await completeLessons(t, member.user.id, [lessons[0].id]);

    const all = await get('/api/users/getFollowedPrograms/', member).expect(200);
    const one = await get(`/api/users/getFollowedPrograms/?program=${second.id}`, member).expect(200);
    expect(one.body).toEqual([
      { ...all.body[0], created_on: start.toISOString(), program: [all.body[0].program[1]] },
    ]);
    expect(one.body[0].program[0]).toEqual(
      expect.objectContaining({ id: second.id, program_name: 'Asked for', progress: 50 }),
    );
  });

  it('is an empty list for a programme the caller does not follow (anyone else’s, ended or unknown)', async () => {
    const member = await createSession(t);
    const followed = await published();
    await subscribe(t, member.user.id, followed);
    const others = await published();
    const other = await createSession(t);
    await subscribe(t, other.user.id, others);
    const ended = await published();
    await subscribe(t, member.user.id, ended);
    await get(`/api/users/unfollowProgram/${ended.id}/`, member).expect(200);

    for (const id of [others.id, ended.id, 2_000_000_000]) {
      await get(`/api/users/getFollowedPrograms/?program=${id}`, member).expect(200, []);
    }
  });

  it('gives each programme the calendar its schedule gives, with calendar=1 only', async () => {
    const member = await createSession(t);
    const first = await published();
    const second = await published();
    const lessons = [
      await createLesson(t, first),
      await createLesson(t, first),
      await createLesson(t, first),
    ];
    await createLesson(t, second);
    await subscribe(t, member.user.id, first, { startedAt: new Date(Date.now() - 2 * 86_400_000) });
    await subscribe(t, member.user.id, second);
    await completeLessons(t, member.user.id, [lessons[0].id]);

    const plain = await get('/api/users/getFollowedPrograms/', member).expect(200);
    expect(plain.body[0].program.map((p: { calendar?: unknown }) => p.calendar)).toEqual([
      undefined,
      undefined,
    ]);
    const res = await get('/api/users/getFollowedPrograms/?calendar=1', member).expect(200);
    expect(res.body[0].program).toHaveLength(2);
    for (const [index, program] of res.body[0].program.entries()) {
      const schedule = await get(`/api/subscriptions/${program.subscription_id}/schedule/`, member).expect(
        200,
      );
      expect(program).toEqual({ ...plain.body[0].program[index], calendar: schedule.body.calendar });
    }
    const firstDays = res.body[0].program[0].calendar as { lesson_number: number | null; state: string }[];
    expect(firstDays.find((day) => day.lesson_number === lessons[0].number)?.state).toBe('done');
    expect(firstDays.find((day) => day.lesson_number === lessons[1].number)?.state).not.toBe('done');
    const one = await get(`/api/users/getFollowedPrograms/?program=${second.id}&calendar=1`, member).expect(
      200,
    );
    expect(one.body[0].program).toEqual([res.body[0].program[1]]);
  });

  it('refuses a calendar other than 1', async () => {
    const member = await createSession(t);
    for (const value of ['0', 'true', 'yes', '2']) {
      const res = await get(`/api/users/getFollowedPrograms/?calendar=${value}`, member).expect(400);
      expect(res.body).toEqual({
        statusCode: 400,
        message: expect.any(String),
        errors: [{ field: 'calendar', message: FOLLOWED_QUERY_MESSAGES.calendar }],
      });
    }
  });

  it('refuses a programme that is not a whole number from 1', async () => {
    const member = await createSession(t);
    for (const value of ['abc', '0', '-1', '1.5', '99999999999']) {
      const res = await get(`/api/users/getFollowedPrograms/?program=${value}`, member).expect(400);
      expect(res.body).toEqual({
        statusCode: 400,
        message: expect.any(String),
        errors: [{ field: 'program', message: FOLLOWED_QUERY_MESSAGES.program }],
      });
    }
  });
});

describe('the number of queries of the member’s reads (no query per subscription or lesson)', () => {
  /** A member following `count` programmes of two lessons each, one of them completed. */
  async function memberFollowing(count: number): Promise<Session> {
    const member = await createSession(t);
    for (let i = 0; i < count; i += 1) {
      const program = await published(i % 2 === 0 ? owner.trainer : otherTrainer.trainer);
      const lesson = await createLesson(t, program);
      await createLesson(t, program);
      await subscribe(t, member.user.id, program);
      await completeLessons(t, member.user.id, [lesson.id]);
    }
    return member;
  }

  it('is the same for 5 and 50 followed programmes', async () => {
    const counts = [];
    for (const count of [5, 50]) {
      const member = await memberFollowing(count);
      await get('/api/users/me/', member).expect(200);
      counts.push(
        await countQueries(t, async () => {
          const res = await get('/api/users/getFollowedPrograms/?calendar=1', member).expect(200);
          expect(res.body[0].program).toHaveLength(count);
          expect(res.body[0].program[0].progress).toBe(50);
          expect(res.body[0].program[0].calendar).toEqual(expect.any(Array));
        }),
      );
    }
    // The session was used just before, so its account comes from memory (ADR 028): no query is the authentication's.
    // The subscriptions, and their lessons with the member's completions (percentages and schedules).
    expect(counts).toEqual([2, 2]);
  });

  it('is the same for a subscriber’s lesson list of 5 and of 50 lessons', async () => {
    const member = await createSession(t);
    const counts = [];
    for (const count of [5, 50]) {
      const program = await published();
      for (let i = 0; i < count; i += 1) await createLesson(t, program);
      await subscribe(t, member.user.id, program);
      await get('/api/users/me/', member).expect(200);
      counts.push(
        await countQueries(t, async () => {
          const res = await get(`/api/fitness_programs/getLessons/${program.id}/`, member).expect(200);
          expect(res.body).toHaveLength(count);
          expect(res.body[0].video_url).not.toBeNull();
        }),
      );
    }
    // The session was used just before, so its account comes from memory (ADR 028): no query is the authentication's.
    expect(counts).toEqual([3, 3]);
  });
});

describe('GET /api/users/getUserTrainers/', () => {
  refusesAnonymousAndBlocked('/api/users/getUserTrainers/');

  it('lists the trainers of active subscriptions once each, without blocked trainers or ended ones', async () => {
    const member = await createSession(t);
    await get('/api/users/getUserTrainers/', member).expect(200, []);
    await subscribe(t, member.user.id, await published(owner.trainer));
    await subscribe(t, member.user.id, await published(owner.trainer));
    const ended = await published(otherTrainer.trainer);
    await subscribe(t, member.user.id, ended);
    await get(`/api/users/unfollowProgram/${ended.id}/`, member).expect(200);
    const blockedTrainer = await createTrainer(t);
    await subscribe(t, member.user.id, await published(blockedTrainer.trainer));
    await t.app
      .get(DataSource)
      .getRepository(UserEntity)
      .update({ id: blockedTrainer.session.user.id }, { blocked: true });

    const res = await get('/api/users/getUserTrainers/', member).expect(200);
    expect(res.body).toEqual([
      expect.objectContaining({
        id: owner.trainer.id,
        user: owner.session.user.id,
        user_id: owner.session.user.id,
        username: 'Olga Owner',
        phone: null,
      }),
    ]);
  });
});

describe('GET /api/trainers/get_subscribers/', () => {
  refusesAllButTrainers('/api/trainers/get_subscribers/');

  it("lists the active subscriptions to the caller's programmes only, newest first, with progress", async () => {
    const trainer = await createTrainer(t);
    const yoga = await published(trainer.trainer, { name: 'Sub yoga' });
    const hiit = await published(trainer.trainer, { name: 'Sub hiit' });
    const lesson = await createLesson(t, yoga);
    await createLesson(t, yoga);
    const ann = await createSession(t, { firstName: 'Ann', lastName: 'Early' });
    const ben = await createSession(t, { firstName: 'Ben', lastName: 'Late' });
    await subscribe(t, ann.user.id, yoga, { startedAt: new Date('2026-03-01T00:00:00.000Z') });
    await subscribe(t, ben.user.id, hiit, { startedAt: new Date('2026-03-02T00:00:00.000Z') });
    await completeLessons(t, ann.user.id, [lesson.id]);
    // Not listed: another trainer's subscriber, and an ended subscription.
    await subscribe(t, ben.user.id, await published(otherTrainer.trainer));
    const gone = await createSession(t);
    await subscribe(t, gone.user.id, yoga);
    await get(`/api/users/unfollowProgram/${yoga.id}/`, gone).expect(200);

    const res = await get('/api/trainers/get_subscribers/', trainer.session).expect(200);
    expect(res.body).toEqual([
      {
        user: ben.user.id,
        username: 'Ben Late',
        created_on: '2026-03-02T00:00:00.000Z',
        status: 'active',
        progress: 0,
        program: [{ id: hiit.id, program_name: 'Sub hiit' }],
        last_activity: '2026-03-02T00:00:00.000Z',
        // Nothing is left to do in a programme without lessons.
        inactive: false,
      },
      {
        user: ann.user.id,
        username: 'Ann Early',
        created_on: '2026-03-01T00:00:00.000Z',
        status: 'active',
        progress: 50,
        program: [{ id: yoga.id, program_name: 'Sub yoga' }],
        last_activity: expect.any(String),
        inactive: false,
      },
    ]);
    expect(res.headers['x-total-count']).toBe('2');
  });

  it('is paginated and filtered by one of the caller’s programmes', async () => {
    const trainer = await createTrainer(t);
    const yoga = await published(trainer.trainer);
    const hiit = await published(trainer.trainer);
    for (let i = 0; i < 3; i += 1) await subscribe(t, (await createUser(t)).id, yoga);
    await subscribe(t, (await createUser(t)).id, hiit);

    const page = await get('/api/trainers/get_subscribers/?page=2&page_size=3', trainer.session).expect(200);
    expect(page.body).toHaveLength(1);
    expect(page.headers['x-total-count']).toBe('4');
    expect(page.headers.link).toContain('rel="prev"');

    const filtered = await get(`/api/trainers/get_subscribers/?program=${yoga.id}`, trainer.session).expect(
      200,
    );
    expect(filtered.body.map((entry: { program: { id: number }[] }) => entry.program[0].id)).toEqual([
      yoga.id,
      yoga.id,
      yoga.id,
    ]);
    expect(filtered.headers.link).toContain(`program=${yoga.id}`);
  });

  it("answers 404 for a programme filter that is not the caller's, 400 for one that is no id", async () => {
    const trainer = await createTrainer(t);
    const others = await published(otherTrainer.trainer);
    await subscribe(t, (await createUser(t)).id, others);
    await get(`/api/trainers/get_subscribers/?program=${others.id}`, trainer.session).expect(
      404,
      REFUSED.programNotFound,
    );
    await get('/api/trainers/get_subscribers/?program=2000000000', trainer.session).expect(
      404,
      REFUSED.programNotFound,
    );
    const res = await get('/api/trainers/get_subscribers/?program=abc', trainer.session).expect(400);
    expect(res.body.errors).toEqual([{ field: 'program', message: expect.any(String) }]);
  });
});

describe('GET /api/trainers/getTrainerContacts/', () => {
  refusesAllButTrainers('/api/trainers/getTrainerContacts/');

  it("lists the caller's active subscribers once each, as UserBrief", async () => {
    const trainer = await createTrainer(t);
    await get('/api/trainers/getTrainerContacts/', trainer.session).expect(200, []);
    const yoga = await published(trainer.trainer);
    const hiit = await published(trainer.trainer);
    const ann = await createSession(t, { firstName: 'Ann', lastName: 'Contact' });
    await subscribe(t, ann.user.id, yoga);
    await subscribe(t, ann.user.id, hiit);
    const gone = await createSession(t);
    await subscribe(t, gone.user.id, yoga);
    await get(`/api/users/unfollowProgram/${yoga.id}/`, gone).expect(200);
    await subscribe(t, (await createUser(t)).id, await published(otherTrainer.trainer));

    const res = await get('/api/trainers/getTrainerContacts/', trainer.session).expect(200);
    expect(res.body).toEqual([
      {
        id: ann.user.id,
        user_id: ann.user.id,
        first_name: 'Ann',
        last_name: 'Contact',
        username: 'Ann Contact',
        email: ann.user.email,
        profile_picture: null,
        blocked: false,
      },
    ]);
  });
});

describe('GET /api/fitness_programs/getPopularProgram/', () => {
  requiresAuthentication('/api/fitness_programs/getPopularProgram/');

  it('refuses everyone but superusers', async () => {
    await get('/api/fitness_programs/getPopularProgram/', await createSession(t)).expect(
      403,
      REFUSED.forbidden,
    );
    await get('/api/fitness_programs/getPopularProgram/', owner.session).expect(403, REFUSED.forbidden);
    await get('/api/fitness_programs/getPopularProgram/', blocked).expect(403, REFUSED.blocked);
  });

  it('ranks the top five by active followers, with revenue kept after unfollows and lost to refunds', async () => {
    // A jest worker's MySQL database keeps the rows of its earlier test files and runs (the admin dashboard's test
    // gives a programme 25 followers): the ranking is of active followers, so every earlier one is ended first.
    await subscriptions.update(
      { activeFlag: 1 },
      { status: 'cancelled', activeFlag: null, endedAt: new Date() },
    );
    const trainer = await createTrainer(t, { account: { firstName: 'Pop', lastName: 'Star' } });
    // Each programme's revenue is in its own currency: 1050 minor units are 10.50 USD or INR, but 1050 JPY.
    const currencies = ['USD', 'JPY', 'INR', 'EUR', 'USD', 'USD'];
    const programs = [];
    for (let i = 0; i < 6; i += 1) {
      programs.push(
        await published(trainer.trainer, { name: `Popular ${i}`, priceMinor: 1050, currency: currencies[i] }),
      );
    }
    const followers = [10, 9, 8, 7, 6, 5];
    for (const [index, program] of programs.entries()) {
      for (let n = 0; n < followers[index]; n += 1) {
        await subscribe(t, (await createUser(t)).id, program);
      }
    }
    // Popular 0: one more paid follower who unfollows (revenue stays), one refunded payment (revenue goes).
    const leaver = await createSession(t);
    await subscribe(t, leaver.user.id, programs[0]);
    await get(`/api/users/unfollowProgram/${programs[0].id}/`, leaver).expect(200);
    await completedPaymentWithoutSubscription(t, leaver.user.id, programs[0], { status: 'refunded' });

    const res = await get('/api/fitness_programs/getPopularProgram/', superuser).expect(200);
    expect(res.body).toEqual(
      [0, 1, 2, 3, 4].map((index) => ({
        name: `Popular ${index}`,
        followers: followers[index],
        trainer: 'Pop Star',
        sales: (followers[index] + (index === 0 ? 1 : 0)) * (currencies[index] === 'JPY' ? 1050 : 10.5),
        currency: currencies[index],
      })),
    );
  });
});

describe('GET /api/users/getUserById/{id}/ (the member’s trainer)', () => {
  it("shows e-mail and body stats to the trainer of the member's active subscription, and nobody else", async () => {
    const member = await createSession(t);
    await t.app
      .get(DataSource)
      .getRepository(ProfileEntity)
      .update({ userId: member.user.id }, { height: 170 });
    const program = await published(owner.trainer);
    const path = `/api/users/getUserById/${member.user.id}/`;
    const shown = {
      email: member.user.email,
      is_superuser: null,
      blocked: null,
      profile: expect.objectContaining({ height: 170 }),
    };
    await get(path, owner.session).expect(404, REFUSED.userNotFound);

    await subscribe(t, member.user.id, program);
    await get(path, owner.session)
      .expect(200)
      .then((res) => expect(res.body).toMatchObject(shown));
    await get(path, otherTrainer.session).expect(404, REFUSED.userNotFound);
    // Another member of the same programme is no contact of theirs.
    const fellow = await createSession(t);
    await subscribe(t, fellow.user.id, program);
    await get(path, fellow).expect(404, REFUSED.userNotFound);

    await get(`/api/users/unfollowProgram/${program.id}/`, member).expect(200);
    await get(path, owner.session).expect(404, REFUSED.userNotFound);
  });

  it('shows the trainer to their active subscribers by name and picture only', async () => {
    const member = await createSession(t);
    const program = await published(owner.trainer);
    const path = `/api/users/getUserById/${owner.session.user.id}/`;
    await get(path, member).expect(404, REFUSED.userNotFound);

    await subscribe(t, member.user.id, program);
    await get(path, member)
      .expect(200)
      .then((res) =>
        expect(res.body).toMatchObject({
          id: owner.session.user.id,
          first_name: owner.session.user.firstName,
          email: null,
          is_trainer: null,
          is_superuser: null,
          blocked: null,
          profile: { height: null, weight: null, body_fat: null, age: null, phone: null },
        }),
      );
  });
});

describe('GET /api/fitness_programs/getLessons/{programId}/ (content for active subscribers)', () => {
  it('gives the video and image to an active subscriber only, not after unfollowing, not to others', async () => {
    const program = await published();
    const lesson = await createLesson(t, program);
    const member = await createSession(t);
    const other = await createSession(t);
    const lessonsFor = async (session: Session) =>
      (await get(`/api/fitness_programs/getLessons/${program.id}/`, session).expect(200))
        .body as LessonResponse[];

    await subscribe(t, member.user.id, program);
    expect(await lessonsFor(member)).toEqual([
      expect.objectContaining({ id: lesson.id, video_url: lesson.videoUrl, video_id: lesson.videoId }),
    ]);
    expect(await lessonsFor(other)).toEqual([
      expect.objectContaining({ id: lesson.id, video_url: null, video_id: null, image: null }),
    ]);
    await get(`/api/users/unfollowProgram/${program.id}/`, member).expect(200);
    expect(await lessonsFor(member)).toEqual([
      expect.objectContaining({ id: lesson.id, video_url: null, video_id: null, image: null }),
    ]);
  });

  it('loses the content when the subscription is refunded', async () => {
    const program = await published();
    await createLesson(t, program);
    const member = await createSession(t);
    const { subscription } = await subscribe(t, member.user.id, program);
    await subscriptions.update({ id: subscription.id }, { status: 'refunded', activeFlag: null });
    const res = await get(`/api/fitness_programs/getLessons/${program.id}/`, member).expect(200);
    expect(res.body).toEqual([expect.objectContaining({ video_url: null })]);
  });

  it('keeps a subscriber’s content when the programme is unpublished later, which others cannot see', async () => {
    const program = await published();
    await createLesson(t, program);
    const member = await createSession(t);
    await subscribe(t, member.user.id, program);
    await t.app
      .get(DataSource)
      .getRepository(ProgramEntity)
      .update({ id: program.id }, { isPublished: false });
    const res = await get(`/api/fitness_programs/getLessons/${program.id}/`, member).expect(200);
    expect(res.body).toEqual([expect.objectContaining({ video_url: expect.any(String) })]);
    await get(`/api/fitness_programs/getLessons/${program.id}/`, await createSession(t)).expect(
      404,
      REFUSED.programNotFound,
    );
  });
});
