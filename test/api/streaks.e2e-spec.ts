import { beforeAll, describe, expect, it } from '@jest/globals';
import { SUBSCRIBERS_QUERY_MESSAGES, type SubscriberEntry } from '@fitcoach/contracts';
import { DataSource } from 'typeorm';
import { addDays, instantAt, localDate } from '../../api/src/common/time/local-time.js';
import type { LessonEntity } from '../../api/src/modules/lessons/lesson.entity.js';
import type { ProgramEntity } from '../../api/src/modules/programs/program.entity.js';
import { SubscriptionEntity } from '../../api/src/modules/subscriptions/subscription.entity.js';
import type { TrainerEntity } from '../../api/src/modules/trainers/trainer.entity.js';
import { UserEntity } from '../../api/src/modules/users/user.entity.js';
import { useTestApp } from '../fixtures/app.js';
import { createLesson, createProgram, createTrainer } from '../fixtures/catalogue.js';
import { REFUSED } from '../fixtures/refusals.js';
import { completeLessons, subscribe } from '../fixtures/subscriptions.js';
import { createSession, type Session } from '../fixtures/users.js';

const t = useTestApp();
const DAY_MS = 24 * 60 * 60 * 1000;
const KOLKATA = 'Asia/Kolkata';
let coach: { trainer: TrainerEntity; session: Session };
let blocked: Session;

beforeAll(async () => {
  coach = await createTrainer(t);
  blocked = await createSession(t);
  await t.app.get(DataSource).getRepository(UserEntity).update({ id: blocked.user.id }, { blocked: true });
});

function get(path: string, session: Session | null) {
  const request = t.http().get(path);
  return session ? request.set('Authorization', session.bearer) : request;
}

/**
 * One "now" per file, in whole seconds (MySQL's datetime keeps no fraction): the instants written and those expected
 * back are the same ones.
 */
const NOW = Math.floor(Date.now() / 1000) * 1000;
const daysAgo = (days: number) => new Date(NOW - days * DAY_MS);

/** A published programme of `trainer` with `count` lessons. */
async function programWithLessons(
  trainer: TrainerEntity,
  count: number,
): Promise<{ program: ProgramEntity; lessons: LessonEntity[] }> {
  const program = await createProgram(t, trainer, { isPublished: true });
  const lessons: LessonEntity[] = [];
  for (let i = 0; i < count; i += 1) lessons.push(await createLesson(t, program));
  return { program, lessons };
}

/** Subscribes the member, the subscription's days counted in `timezone`. */
async function subscribeIn(
  member: Session,
  program: ProgramEntity,
  timezone: string,
  startedAt = new Date(),
) {
  const { subscription } = await subscribe(t, member.user.id, program, { startedAt });
  await t.app.get(DataSource).getRepository(SubscriptionEntity).update({ id: subscription.id }, { timezone });
}

describe('GET /api/users/streak/', () => {
  const streak = (session: Session | null) => get('/api/users/streak/', session);

  it('refuses anonymous callers and blocked accounts', async () => {
    await streak(null).expect(401, REFUSED.notAuthenticated);
    await streak(blocked).expect(403, REFUSED.blocked);
  });

  it('is zero in UTC for a member who has done nothing', async () => {
    const member = await createSession(t);
    await streak(member).expect(200, {
      current: 0,
      longest: 0,
      last_active_on: null,
      completed_today: false,
      timezone: 'UTC',
    });
  });

  it("counts local days in the subscription's time zone, keeps yesterday's streak and finds the longest", async () => {
    const member = await createSession(t);
    const { program, lessons } = await programWithLessons(coach.trainer, 8);
    await subscribeIn(member, program, KOLKATA, daysAgo(20));
    const today = localDate(new Date(), KOLKATA);
    // Noon of 1 and 2 days ago, and a run of four from 5 to 8 days ago.
    const days = [1, 2, 5, 6, 7, 8];
    for (const [i, back] of days.entries()) {
      await completeLessons(
        t,
        member.user.id,
        [lessons[i].id],
        instantAt(addDays(today, -back), KOLKATA, '12:00'),
      );
    }
    await streak(member).expect(200, {
      current: 2,
      longest: 4,
      last_active_on: addDays(today, -1),
      completed_today: false,
      timezone: KOLKATA,
    });

    await get(
      `/api/fitness_programs/updatelessonProgress/${program.id}-${lessons[6].number}/`,
      member,
    ).expect(201);
    await streak(member).expect(200, {
      current: 3,
      longest: 4,
      last_active_on: today,
      completed_today: true,
      timezone: KOLKATA,
    });
  });

  it('takes the zone of the most recently started active subscription, UTC without one', async () => {
    const member = await createSession(t);
    const older = await programWithLessons(coach.trainer, 1);
    const newer = await programWithLessons(coach.trainer, 1);
    // 02:00 in Kolkata yesterday is 20:30 UTC the day before: a different date in each zone.
    const yesterday = addDays(localDate(new Date(), KOLKATA), -1);
    const instant = instantAt(yesterday, KOLKATA, '02:00');
    await completeLessons(t, member.user.id, [older.lessons[0].id], instant);
    const inUtc = localDate(instant, 'UTC');
    expect(inUtc).toBe(addDays(yesterday, -1));
    expect((await streak(member).expect(200)).body).toMatchObject({ last_active_on: inUtc, timezone: 'UTC' });

    await subscribeIn(member, older.program, 'America/New_York', daysAgo(10));
    await subscribeIn(member, newer.program, KOLKATA, daysAgo(5));
    expect((await streak(member).expect(200)).body).toMatchObject({
      last_active_on: yesterday,
      timezone: KOLKATA,
    });

    await get(`/api/users/unfollowProgram/${newer.program.id}/`, member).expect(200);
    expect((await streak(member).expect(200)).body).toMatchObject({
      last_active_on: localDate(instant, 'America/New_York'),
      timezone: 'America/New_York',
    });
  });

  it("never counts another member's completions", async () => {
    const busy = await createSession(t);
    const idle = await createSession(t);
    const { program, lessons } = await programWithLessons(coach.trainer, 2);
    await subscribeIn(busy, program, 'UTC');
    await subscribeIn(idle, program, 'UTC');
    await completeLessons(t, busy.user.id, [lessons[0].id, lessons[1].id]);
    expect((await streak(busy).expect(200)).body).toMatchObject({ current: 1, completed_today: true });
    await streak(idle).expect(200, {
      current: 0,
      longest: 0,
      last_active_on: null,
      completed_today: false,
      timezone: 'UTC',
    });
  });
});

describe('GET /api/trainers/get_subscribers/: last activity and the inactive filter', () => {
  const entries = (body: unknown) =>
    (body as SubscriberEntry[]).map((entry) => ({
      user: entry.user,
      last_activity: entry.last_activity,
      inactive: entry.inactive,
    }));

  let trainer: { trainer: TrainerEntity; session: Session };
  let expected: { user: number; last_activity: string; inactive: boolean }[];

  beforeAll(async () => {
    trainer = await createTrainer(t);
    const main = await programWithLessons(trainer.trainer, 2);
    const short = await programWithLessons(trainer.trainer, 1);
    const elsewhere = await programWithLessons(coach.trainer, 1);
    const member = () => createSession(t);
    const [ann, ben, cat, dan, eve, fay] = await Promise.all([1, 2, 3, 4, 5, 6].map(member));
    // Distinct starts, so that "newest first" is one order: fay started last (but 10 days ago).
    const start = (n: number) => new Date(daysAgo(10).getTime() - (7 - n) * 60_000);
    await subscribeIn(ann, main.program, 'UTC', start(1));
    await subscribeIn(ben, main.program, 'UTC', start(2));
    await subscribeIn(cat, main.program, 'UTC', start(3));
    await subscribeIn(dan, short.program, 'UTC', start(4));
    await subscribeIn(eve, main.program, 'UTC', daysAgo(1));
    await subscribeIn(fay, main.program, 'UTC', start(6));
    await subscribeIn(fay, elsewhere.program, 'UTC', start(6));
    const yesterday = daysAgo(1);
    const fiveDaysAgo = daysAgo(5);
    await completeLessons(t, ben.user.id, [main.lessons[0].id], yesterday);
    await completeLessons(t, cat.user.id, [main.lessons[0].id], fiveDaysAgo);
    // Dan finished his programme five days ago: done, not inactive.
    await completeLessons(t, dan.user.id, [short.lessons[0].id], fiveDaysAgo);
    // Fay's activity in another trainer's programme says nothing of this one.
    await completeLessons(t, fay.user.id, [elsewhere.lessons[0].id], yesterday);
    const iso = (date: Date) => date.toISOString();
    expected = [
      { user: eve.user.id, last_activity: iso(daysAgo(1)), inactive: false },
      { user: fay.user.id, last_activity: iso(start(6)), inactive: true },
      { user: dan.user.id, last_activity: iso(fiveDaysAgo), inactive: false },
      { user: cat.user.id, last_activity: iso(fiveDaysAgo), inactive: true },
      { user: ben.user.id, last_activity: iso(yesterday), inactive: false },
      { user: ann.user.id, last_activity: iso(start(1)), inactive: true },
    ];
  });

  it("gives each subscriber's last activity in the programme and flags those idle for more than 3 days", async () => {
    const res = await get('/api/trainers/get_subscribers/', trainer.session).expect(200);
    const listed = entries(res.body);
    // Eve's start is the only instant taken by the test after the fixture ran: compared apart, by the day.
    expect(listed.map(({ user, inactive }) => ({ user, inactive }))).toEqual(
      expected.map(({ user, inactive }) => ({ user, inactive })),
    );
    expect(listed.slice(1)).toEqual(expected.slice(1));
    expect(
      Math.abs(Date.parse(listed[0].last_activity) - Date.parse(expected[0].last_activity)),
    ).toBeLessThan(DAY_MS);
  });

  it('lists only the inactive ones with inactive=1, paged, the filter kept in the links', async () => {
    const inactive = expected.filter((entry) => entry.inactive);
    const res = await get('/api/trainers/get_subscribers/?inactive=1', trainer.session).expect(200);
    expect(entries(res.body)).toEqual(inactive);
    expect(res.headers['x-total-count']).toBe('3');

    const page = await get(
      '/api/trainers/get_subscribers/?inactive=1&page=2&page_size=2',
      trainer.session,
    ).expect(200);
    expect(entries(page.body)).toEqual(inactive.slice(2));
    expect(page.headers['x-total-count']).toBe('3');
    expect(page.headers.link).toContain('inactive=1');
  });

  it('refuses an inactive filter other than 1, and members, as before', async () => {
    for (const value of ['0', 'true', 'yes', '2']) {
      const res = await get(`/api/trainers/get_subscribers/?inactive=${value}`, trainer.session).expect(400);
      expect(res.body).toEqual({
        statusCode: 400,
        message: expect.any(String),
        errors: [{ field: 'inactive', message: SUBSCRIBERS_QUERY_MESSAGES.inactive }],
      });
    }
    const member = await createSession(t);
    await get('/api/trainers/get_subscribers/?inactive=1', member).expect(403, REFUSED.forbidden);
    await get('/api/trainers/get_subscribers/?inactive=1', null).expect(401, REFUSED.notAuthenticated);
  });
});
