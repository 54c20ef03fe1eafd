import { afterEach, beforeAll, describe, expect, it, jest } from '@jest/globals';
import {
  CATALOGUE_MESSAGES,
  type FollowedProgram,
  type LessonResponse,
  SCHEDULE_MESSAGES,
} from '@fitcoach/contracts';
import { DataSource } from 'typeorm';
import { Clock } from '../../api/src/common/time/clock.js';
import { LessonEntity } from '../../api/src/modules/lessons/lesson.entity.js';
import { ProgramEntity } from '../../api/src/modules/programs/program.entity.js';
import { LessonCompletionEntity } from '../../api/src/modules/subscriptions/lesson-completion.entity.js';
import { SubscriptionEntity } from '../../api/src/modules/subscriptions/subscription.entity.js';
import type { TrainerEntity } from '../../api/src/modules/trainers/trainer.entity.js';
import { useTestApp } from '../fixtures/app.js';
import { createProgram, createTrainer } from '../fixtures/catalogue.js';
import { fieldRefusal, REFUSED, refusal } from '../fixtures/refusals.js';
import {
  completedPaymentWithoutSubscription,
  completeLessons,
  subscribe,
} from '../fixtures/subscriptions.js';
import { createSession, type Session } from '../fixtures/users.js';

const t = useTestApp();
let owner: { trainer: TrainerEntity; session: Session };
let superuser: Session;

beforeAll(async () => {
  owner = await createTrainer(t);
  superuser = await createSession(t, { superuser: true });
});

afterEach(() => {
  jest.restoreAllMocks();
});

/** The app's clock reads `iso` until the test ends. */
function setNow(iso: string): void {
  jest.spyOn(t.app.get(Clock), 'now').mockReturnValue(new Date(iso));
}

/** A published programme of `unlock` with lessons numbered 1..count. */
async function programWithLessons(
  unlock: 'all' | 'daily',
  count = 3,
): Promise<{ program: ProgramEntity; lessons: LessonEntity[] }> {
  const program = await createProgram(t, owner.trainer, { isPublished: true, unlock });
  const lessons = await t.app
    .get(DataSource)
    .getRepository(LessonEntity)
    .save(
      Array.from({ length: count }, (_, i) => ({
        programId: program.id,
        number: i + 1,
        title: `Day ${i + 1}`,
        description: null,
        videoUrl: 'https://www.youtube.com/watch?v=dQw4w9WgXcQ',
        videoId: 'dQw4w9WgXcQ',
        image: null,
      })),
    );
  return { program, lessons };
}

/** A member subscribed to a new daily programme, and the subscription's id. */
async function dailySubscriber(count = 3) {
  const { program, lessons } = await programWithLessons('daily', count);
  const member = await createSession(t);
  const { subscription } = await subscribe(t, member.user.id, program);
  return { program, lessons, member, id: subscription.id };
}

const schedulePath = (id: number | string) => `/api/subscriptions/${id}/schedule/`;
const getSchedule = (id: number | string, session: Session | null) => {
  const request = t.http().get(schedulePath(id));
  return session ? request.set('Authorization', session.bearer) : request;
};
const putSchedule = (id: number | string, session: Session | null, body: object) => {
  const request = t.http().put(schedulePath(id)).send(body);
  return session ? request.set('Authorization', session.bearer) : request;
};
const getLessons = (programId: number, session: Session | null) => {
  const request = t.http().get(`/api/fitness_programs/getLessons/${programId}/`);
  return session ? request.set('Authorization', session.bearer) : request;
};
const mark = (lesson: LessonEntity, session: Session) =>
  t
    .http()
    .get(`/api/fitness_programs/updatelessonProgress/${lesson.programId}-${lesson.number}/`)
    .set('Authorization', session.bearer);

const BERLIN = { start_date: '2027-03-27', reminder_time: '08:00', timezone: 'Europe/Berlin' };

describe('PUT /api/subscriptions/{id}/schedule/', () => {
  it("sets the member's day 1, reminder time and zone, and the next reminder instant", async () => {
    setNow('2027-03-27T10:00:00Z');
    const { member, id } = await dailySubscriber();
    const res = await putSchedule(id, member, BERLIN).expect(200);
    expect(res.body).toEqual({
      subscription_id: id,
      ...BERLIN,
      today_lesson: 1,
      next_unlock_at: '2027-03-27T23:00:00.000Z',
    });
    const row = await t.app.get(DataSource).getRepository(SubscriptionEntity).findOneByOrFail({ id });
    // 11:00 in Berlin already: tomorrow's 08:00, in summer time after the night's change.
    expect(row.nextReminderAt?.toISOString()).toBe('2027-03-28T06:00:00.000Z');
    // The same schedule again changes nothing and is still 200.
    await putSchedule(id, member, BERLIN).expect(200);
  });

  it('takes no reminder time (null): no reminder is due', async () => {
    setNow('2027-03-27T10:00:00Z');
    const { member, id } = await dailySubscriber();
    await putSchedule(id, member, BERLIN).expect(200);
    const res = await putSchedule(id, member, { ...BERLIN, reminder_time: null }).expect(200);
    expect(res.body.reminder_time).toBeNull();
    const row = await t.app.get(DataSource).getRepository(SubscriptionEntity).findOneByOrFail({ id });
    expect(row.nextReminderAt).toBeNull();
  });

  it('refuses each field that is not a date, time or zone, naming it', async () => {
    setNow('2027-03-27T10:00:00Z');
    const { member, id } = await dailySubscriber();
    const refused = (field: string, message: string) => fieldRefusal(400, field, message);
    const startDate = refused('start_date', SCHEDULE_MESSAGES.startDate);
    const reminderTime = refused('reminder_time', SCHEDULE_MESSAGES.reminderTime);
    const timezone = refused('timezone', SCHEDULE_MESSAGES.timezone);
    for (const [body, answer] of [
      [{ ...BERLIN, start_date: '2027-02-30' }, startDate],
      [{ ...BERLIN, start_date: '27-03-2027' }, startDate],
      [{ ...BERLIN, start_date: '2028-03-28' }, startDate],
      [{ ...BERLIN, start_date: '2026-03-26' }, startDate],
      [{ ...BERLIN, start_date: undefined }, startDate],
      [{ ...BERLIN, reminder_time: '24:00' }, reminderTime],
      [{ ...BERLIN, reminder_time: '8:00' }, reminderTime],
      [{ ...BERLIN, reminder_time: undefined }, reminderTime],
      [{ ...BERLIN, timezone: 'Mars/Olympus' }, timezone],
      [{ ...BERLIN, timezone: 'CEST+1' }, timezone],
      [{ ...BERLIN, timezone: 3 }, timezone],
      [{ ...BERLIN, timezone: undefined }, timezone],
    ] as const) {
      await putSchedule(id, member, body).expect(400, answer);
    }
    // A year away either way is still taken.
    await putSchedule(id, member, { ...BERLIN, start_date: '2028-03-26' }).expect(200);
    await putSchedule(id, member, { ...BERLIN, start_date: '2026-03-27' }).expect(200);
  });

  it("answers 404 for another member's or an unknown subscription, 409 for an ended one, 401 anonymously", async () => {
    setNow('2027-03-27T10:00:00Z');
    const { program, member, id } = await dailySubscriber();
    const other = await createSession(t);
    const notFound = refusal(404, SCHEDULE_MESSAGES.notFound);
    await putSchedule(id, other, BERLIN).expect(404, notFound);
    await putSchedule(id, owner.session, BERLIN).expect(404, notFound);
    await putSchedule(id, superuser, BERLIN).expect(404, notFound);
    await putSchedule(2_000_000_000, member, BERLIN).expect(404, notFound);
    await putSchedule('abc', member, BERLIN).expect(404, REFUSED.malformedId);
    await putSchedule(id, null, BERLIN).expect(401, REFUSED.notAuthenticated);
    await t
      .http()
      .get(`/api/users/unfollowProgram/${program.id}/`)
      .set('Authorization', member.bearer)
      .expect(200);
    await putSchedule(id, member, BERLIN).expect(409, refusal(409, SCHEDULE_MESSAGES.ended));
  });
});

describe('GET /api/subscriptions/{id}/schedule/', () => {
  it('answers the schedule with one calendar day per lesson day: done, today, missed, upcoming', async () => {
    setNow('2027-03-27T10:00:00Z');
    const { lessons, member, id } = await dailySubscriber(4);
    await putSchedule(id, member, { ...BERLIN, start_date: '2027-03-25' }).expect(200);
    await completeLessons(t, member.user.id, [lessons[0].id]);
    const res = await getSchedule(id, member).expect(200);
    expect(res.body).toEqual({
      subscription_id: id,
      start_date: '2027-03-25',
      reminder_time: '08:00',
      timezone: 'Europe/Berlin',
      today_lesson: 2,
      next_unlock_at: '2027-03-27T23:00:00.000Z',
      calendar: [
        { day: 1, date: '2027-03-25', lesson_number: 1, state: 'done' },
        { day: 2, date: '2027-03-26', lesson_number: 2, state: 'missed' },
        { day: 3, date: '2027-03-27', lesson_number: 3, state: 'today' },
        { day: 4, date: '2027-03-28', lesson_number: 4, state: 'upcoming' },
      ],
    });
  });

  it("is the member's own only", async () => {
    const { id } = await dailySubscriber();
    const notFound = refusal(404, SCHEDULE_MESSAGES.notFound);
    await getSchedule(id, await createSession(t)).expect(404, notFound);
    await getSchedule(id, superuser).expect(404, notFound);
    await getSchedule(2_000_000_000, superuser).expect(404, notFound);
    await getSchedule(id, null).expect(401, REFUSED.notAuthenticated);
  });
});

describe('lessons of a daily programme', () => {
  async function berlinSubscriber() {
    setNow('2027-03-27T10:00:00Z');
    const subscriber = await dailySubscriber();
    await putSchedule(subscriber.id, subscriber.member, BERLIN).expect(200);
    return subscriber;
  }

  const opening = (body: LessonResponse[]) =>
    body.map((lesson) => [lesson.number, lesson.video_id !== null, lesson.unlocks_at]);

  it('hide a lesson until local midnight of its day, then show it', async () => {
    const { program, member } = await berlinSubscriber();
    setNow('2027-03-27T22:59:59.999Z');
    const before = await getLessons(program.id, member).expect(200);
    expect(opening(before.body)).toEqual([
      [1, true, null],
      [2, false, '2027-03-27T23:00:00.000Z'],
      [3, false, '2027-03-28T22:00:00.000Z'],
    ]);
    expect(before.body[1]).toMatchObject({ title: 'Day 2', video_url: null, image: null });
    setNow('2027-03-27T23:00:00.000Z');
    const after = await getLessons(program.id, member).expect(200);
    expect(opening(after.body)).toEqual([
      [1, true, null],
      [2, true, null],
      [3, false, '2027-03-28T22:00:00.000Z'],
    ]);
  });

  it('are all open to their trainer and superusers, and locked to nobody else', async () => {
    const { program } = await berlinSubscriber();
    for (const session of [owner.session, superuser]) {
      const res = await getLessons(program.id, session).expect(200);
      expect(opening(res.body)).toEqual([
        [1, true, null],
        [2, true, null],
        [3, true, null],
      ]);
    }
    const visitor = await getLessons(program.id, null).expect(200);
    expect(opening(visitor.body)).toEqual([
      [1, false, null],
      [2, false, null],
      [3, false, null],
    ]);
  });

  it('refuse to mark a locked lesson completed, naming the local date it opens', async () => {
    const { lessons, member } = await berlinSubscriber();
    setNow('2027-03-27T22:59:59.999Z');
    await mark(lessons[1], member).expect(403, {
      statusCode: 403,
      message: 'This lesson opens on 2027-03-28',
      unlocks_at: '2027-03-27T23:00:00.000Z',
    });
    const completions = t.app.get(DataSource).getRepository(LessonCompletionEntity);
    expect(await completions.countBy({ lessonId: lessons[1].id })).toBe(0);
    setNow('2027-03-27T23:00:00.000Z');
    await mark(lessons[1], member).expect(201);
  });

  it('of a programme opening all at once are never locked', async () => {
    setNow('2027-03-27T10:00:00Z');
    const { program, lessons } = await programWithLessons('all');
    const member = await createSession(t);
    const { subscription } = await subscribe(t, member.user.id, program);
    await putSchedule(subscription.id, member, { ...BERLIN, start_date: '2027-04-20' }).expect(200);
    const res = await getLessons(program.id, member).expect(200);
    expect(opening(res.body)).toEqual([
      [1, true, null],
      [2, true, null],
      [3, true, null],
    ]);
    await mark(lessons[2], member).expect(201);
  });
});

describe('GET /api/users/getFollowedPrograms/', () => {
  it("adds each subscription's schedule: its id, day 1, reminder, zone, today's lesson and next opening", async () => {
    setNow('2027-01-09T19:00:00Z');
    const { program, lessons, member, id } = await dailySubscriber();
    const kolkata = { start_date: '2027-01-10', reminder_time: '07:00', timezone: 'Asia/Kolkata' };
    await putSchedule(id, member, kolkata).expect(200);
    await completeLessons(t, member.user.id, [lessons[0].id]);
    const { program: all } = await programWithLessons('all', 2);
    await subscribe(t, member.user.id, all);
    const res = await t
      .http()
      .get('/api/users/getFollowedPrograms/')
      .set('Authorization', member.bearer)
      .expect(200);
    const followed = res.body[0].program as FollowedProgram[];
    expect(followed.find((entry) => entry.id === program.id)).toMatchObject({
      unlock: 'daily',
      subscription_id: id,
      ...kolkata,
      // 00:30 on day 1 in Kolkata, lesson 1 done: lesson 2 opens at the next local midnight.
      today_lesson: null,
      next_unlock_at: '2027-01-10T18:30:00.000Z',
    });
    expect(followed.find((entry) => entry.id === all.id)).toMatchObject({
      unlock: 'all',
      timezone: 'UTC',
      reminder_time: null,
      today_lesson: 1,
      next_unlock_at: null,
    });
  });

  it('starts a subscription opened by following on the UTC date of today, in UTC, without reminders', async () => {
    const { program } = await programWithLessons('daily', 1);
    const member = await createSession(t);
    await completedPaymentWithoutSubscription(t, member.user.id, program);
    await t
      .http()
      .get(`/api/users/followProgram/${program.id}/`)
      .set('Authorization', member.bearer)
      .expect(200);
    const row = await t.app
      .get(DataSource)
      .getRepository(SubscriptionEntity)
      .findOneByOrFail({ userId: member.user.id, programId: program.id });
    expect(row).toMatchObject({
      startDate: new Date().toISOString().slice(0, 10),
      timezone: 'UTC',
      reminderTime: null,
      nextReminderAt: null,
    });
  });
});

describe("a programme's unlock", () => {
  const form = { program_name: 'Drip', description: 'One a day.', duration: '30', price: '49' };
  const send = (method: 'post' | 'put', path: string, fields: Record<string, string>) => {
    const request = t.http()[method](path).set('Authorization', owner.session.bearer);
    for (const [name, value] of Object.entries(fields)) request.field(name, value);
    return request;
  };
  const unlockOf = async (id: number) =>
    (
      await t
        .http()
        .get(`/api/fitness_programs/get_programme/${id}/`)
        .set('Authorization', owner.session.bearer)
    ).body.unlock as string;

  it("is 'all' unless the trainer chooses 'daily', on creation or edit", async () => {
    const created = await send('post', '/api/fitness_programs/create/', form).expect(201);
    expect(await unlockOf(created.body.id)).toBe('all');
    await send('put', `/api/fitness_programs/update/${created.body.id}/`, { unlock: 'daily' }).expect(200);
    expect(await unlockOf(created.body.id)).toBe('daily');
    const daily = await send('post', '/api/fitness_programs/create/', { ...form, unlock: 'daily' }).expect(
      201,
    );
    expect(await unlockOf(daily.body.id)).toBe('daily');
  });

  it('refuses anything else, naming the field', async () => {
    const refused = fieldRefusal(400, 'unlock', CATALOGUE_MESSAGES.unlock);
    await send('post', '/api/fitness_programs/create/', { ...form, unlock: 'weekly' }).expect(400, refused);
    const created = await send('post', '/api/fitness_programs/create/', form).expect(201);
    await send('put', `/api/fitness_programs/update/${created.body.id}/`, { unlock: 'DAILY' }).expect(
      400,
      refused,
    );
  });
});
