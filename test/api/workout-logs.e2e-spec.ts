import { beforeAll, describe, expect, it } from '@jest/globals';
import { RECORD_MESSAGES, SUBSCRIPTION_MESSAGES, type WorkoutLogResponse } from '@fitcoach/contracts';
import { DataSource } from 'typeorm';
import { addDays, localDate } from '../../api/src/common/time/local-time.js';
import type { LessonEntity } from '../../api/src/modules/lessons/lesson.entity.js';
import { ProgramEntity } from '../../api/src/modules/programs/program.entity.js';
import { LessonCompletionEntity } from '../../api/src/modules/subscriptions/lesson-completion.entity.js';
import { SubscriptionEntity } from '../../api/src/modules/subscriptions/subscription.entity.js';
import type { TrainerEntity } from '../../api/src/modules/trainers/trainer.entity.js';
import { useTestApp } from '../fixtures/app.js';
import { createLesson, createProgram, createTrainer } from '../fixtures/catalogue.js';
import { fieldRefusal, REFUSED, refusal } from '../fixtures/refusals.js';
import { subscribe } from '../fixtures/subscriptions.js';
import { createSession, type Session } from '../fixtures/users.js';

const t = useTestApp();
let coach: { trainer: TrainerEntity; session: Session };
let program: ProgramEntity;
let lessons: LessonEntity[];
let member: Session;

beforeAll(async () => {
  coach = await createTrainer(t);
  program = await createProgram(t, coach.trainer, { isPublished: true });
  lessons = [await createLesson(t, program), await createLesson(t, program)];
  member = await createSession(t);
  await subscribe(t, member.user.id, program);
});

const numberOf = (lesson: LessonEntity) => `${lesson.programId}-${lesson.number}`;

const SQUATS = {
  unit: 'kg',
  effort: 7,
  note: '  Felt strong  ',
  exercises: [
    {
      name: '  Back squat ',
      sets: [
        { reps: 5, weight: 100 },
        { reps: 5, weight: 102.5 },
      ],
    },
    { name: 'Plank', sets: [{ duration_seconds: 60 }] },
  ],
};

function post(lessonNumber: string, body: unknown, session: Session | null = member) {
  const request = t
    .http()
    .post(`/api/lessons/${lessonNumber}/logs/`)
    .send(body as object);
  return session ? request.set('Authorization', session.bearer) : request;
}

function get(path: string, session: Session | null = member) {
  const request = t.http().get(path);
  return session ? request.set('Authorization', session.bearer) : request;
}

describe('POST /api/lessons/{lesson_number}/logs/', () => {
  it('stores the sets in kg with their totals, completes the lesson, and dates it today in the member’s zone', async () => {
    const answer = await post(numberOf(lessons[0]!), SQUATS).expect(201);
    const log = answer.body as WorkoutLogResponse;
    expect(log).toMatchObject({
      lesson_number: numberOf(lessons[0]!),
      lesson_title: lessons[0]!.title,
      program: { id: program.id, name: program.name },
      lesson_id: lessons[0]!.id,
      performed_on: localDate(new Date(), 'UTC'),
      effort: 7,
      note: 'Felt strong',
      exercises: [
        {
          name: 'Back squat',
          sets: [
            { reps: 5, weight_kg: 100, duration_seconds: null },
            { reps: 5, weight_kg: 102.5, duration_seconds: null },
          ],
        },
        { name: 'Plank', sets: [{ reps: null, weight_kg: null, duration_seconds: 60 }] },
      ],
      set_count: 3,
      volume_kg: 1012.5,
      comments: [],
    });
    const completed = await t.app
      .get(DataSource)
      .getRepository(LessonCompletionEntity)
      .existsBy({ userId: member.user.id, lessonId: lessons[0]!.id });
    expect(completed).toBe(true);
  });

  it('converts pounds to kilograms', async () => {
    const answer = await post(numberOf(lessons[1]!), {
      unit: 'lb',
      exercises: [{ name: 'Curl', sets: [{ reps: 10, weight: 45 }] }],
    }).expect(201);
    expect(answer.body.exercises[0].sets[0].weight_kg).toBe(20.41);
    expect(answer.body.volume_kg).toBe(204.1);
  });

  it('takes a date in the past and refuses one in the future or over ten years back', async () => {
    const today = localDate(new Date(), 'UTC');
    const yesterday = addDays(today, -1);
    await post(numberOf(lessons[0]!), { performed_on: yesterday, exercises: [] })
      .expect(201)
      .expect((res) => expect(res.body.performed_on).toBe(yesterday));
    const message = RECORD_MESSAGES.date('performed_on');
    for (const performed_on of [addDays(today, 2), addDays(today, -3651), '2026-02-30', 'yesterday']) {
      await post(numberOf(lessons[0]!), { performed_on, exercises: [] }).expect(
        400,
        fieldRefusal(400, 'performed_on', message),
      );
    }
  });

  it('refuses numbers out of range, sets without reps or duration, and too many exercises or sets', async () => {
    const before = await count();
    const one = (set: object) => ({ exercises: [{ name: 'Squat', sets: [set] }] });
    const cases: [object, string, string][] = [
      [one({ reps: -1 }), 'exercises.0.sets.0.reps', 'Reps must be a whole number from 0 to 1000'],
      [one({ reps: 1001 }), 'exercises.0.sets.0.reps', 'Reps must be a whole number from 0 to 1000'],
      [one({ reps: 2.5 }), 'exercises.0.sets.0.reps', 'Reps must be a whole number from 0 to 1000'],
      [one({ reps: '5' }), 'exercises.0.sets.0.reps', 'Reps must be a whole number from 0 to 1000'],
      [
        one({ duration_seconds: 0 }),
        'exercises.0.sets.0.duration_seconds',
        'Duration must be a whole number from 1 to 86400 seconds',
      ],
      [one({ reps: 1, weight: 1001 }), 'exercises.0.sets.0.weight', 'Weight must be at most 1000 kg'],
      [
        one({ reps: 1, weight: -1 }),
        'exercises.0.sets.0.weight',
        'Weight must be a number from 0 to 1000 kg (2205 lb)',
      ],
      [
        { unit: 'lb', ...one({ reps: 1, weight: 2205 }) },
        'exercises.0.sets.0.weight',
        'Weight must be at most 1000 kg',
      ],
      [one({ weight: 10 }), 'exercises.0.sets.0', 'A set needs reps or a duration'],
      [{ effort: 11, exercises: [] }, 'effort', 'Effort must be a whole number from 1 to 10'],
      [{ effort: 0, exercises: [] }, 'effort', 'Effort must be a whole number from 1 to 10'],
      [{ unit: 'stone', exercises: [] }, 'unit', 'The unit must be kg or lb'],
      [{ note: 'x'.repeat(2001), exercises: [] }, 'note', 'The note must be at most 2000 characters'],
      [{ exercises: [{ name: '  ', sets: [] }] }, 'exercises.0.name', 'Name the exercise'],
      [{ exercises: 'squats' }, 'exercises', 'exercises must be a list'],
      [{}, 'exercises', 'exercises must be a list'],
      [
        { exercises: Array.from({ length: 31 }, () => ({ name: 'Squat', sets: [] })) },
        'exercises',
        'A workout has at most 30 exercises',
      ],
      [
        { exercises: [{ name: 'Squat', sets: Array.from({ length: 21 }, () => ({ reps: 1 })) }] },
        'exercises.0.sets',
        'An exercise has at most 20 sets',
      ],
    ];
    for (const [body, field, message] of cases) {
      const answer = await post(numberOf(lessons[0]!), body).expect(400);
      expect(answer.body).toMatchObject({ message, errors: [{ field, message }] });
    }
    expect(await count()).toBe(before);
  });

  it('refuses a lesson number without its programme, an unknown lesson, and a lesson of a programme not followed', async () => {
    await post(String(lessons[0]!.number), SQUATS).expect(400, refusal(400, RECORD_MESSAGES.lessonNumber));
    await post(`${program.id}-99999`, SQUATS).expect(404, refusal(404, RECORD_MESSAGES.lessonNotFound));
    const stranger = await createSession(t);
    await post(numberOf(lessons[0]!), SQUATS, stranger).expect(403, REFUSED.lessonNotSubscribed);
    await post(numberOf(lessons[0]!), SQUATS, null).expect(401, REFUSED.notAuthenticated);
  });

  it('refuses a lesson of a daily programme before its day, with the date it opens', async () => {
    const daily = await createProgram(t, coach.trainer, { isPublished: true });
    await t.app.get(DataSource).getRepository(ProgramEntity).update({ id: daily.id }, { unlock: 'daily' });
    const first = await createLesson(t, daily);
    const second = await createLesson(t, daily);
    const learner = await createSession(t);
    await subscribe(t, learner.user.id, daily);
    expect(second.number).toBe(first.number + 1);
    // Day 1 is today: lesson n opens on day n, so the fixture's numbers (counted across the file) are far ahead.
    const answer = await post(numberOf(second), SQUATS, learner).expect(403);
    expect(answer.body.message).toMatch(/^This lesson opens on \d{4}-\d{2}-\d{2}$/);
    expect(answer.body.unlocks_at).toEqual(expect.any(String));
  });

  it('refuses once the subscription has ended', async () => {
    const leaver = await createSession(t);
    const { subscription } = await subscribe(t, leaver.user.id, program);
    await t.app
      .get(DataSource)
      .getRepository(SubscriptionEntity)
      .update({ id: subscription.id }, { activeFlag: null, status: 'cancelled', endedAt: new Date() });
    await post(numberOf(lessons[0]!), SQUATS, leaver).expect(
      403,
      refusal(403, SUBSCRIPTION_MESSAGES.notSubscribed),
    );
  });
});

async function count(): Promise<number> {
  const rows = await t.app.get(DataSource).query('SELECT COUNT(*) AS n FROM workout_log');
  return Number((rows as { n: number | string }[])[0]!.n);
}

describe('reading, changing and deleting logs', () => {
  let own: WorkoutLogResponse;
  let other: Session;

  beforeAll(async () => {
    other = await createSession(t);
    await subscribe(t, other.user.id, program);
    own = (await post(numberOf(lessons[1]!), SQUATS).expect(201)).body as WorkoutLogResponse;
    await post(numberOf(lessons[1]!), SQUATS, other).expect(201);
  });

  it('lists the caller’s own logs of a lesson, newest first', async () => {
    const mine = (await get(`/api/lessons/${numberOf(lessons[1]!)}/logs/`).expect(200))
      .body as WorkoutLogResponse[];
    expect(mine.length).toBeGreaterThanOrEqual(1);
    expect(mine[0]!.id).toBe(own.id);
    const theirs = (await get(`/api/lessons/${numberOf(lessons[1]!)}/logs/`, other).expect(200))
      .body as WorkoutLogResponse[];
    expect(theirs.map((log) => log.id)).not.toContain(own.id);
    await get(`/api/lessons/${program.id}-99999/logs/`).expect(
      404,
      refusal(404, RECORD_MESSAGES.lessonNotFound),
    );
    await get(`/api/lessons/${numberOf(lessons[1]!)}/logs/`, null).expect(401);
  });

  it('pages the caller’s logs across lessons with the total in X-Total-Count', async () => {
    const answer = await get('/api/users/logs/?page=1&page_size=2').expect(200);
    expect(answer.body).toHaveLength(2);
    expect(Number(answer.headers['x-total-count'])).toBeGreaterThanOrEqual(4);
    const dates = (answer.body as WorkoutLogResponse[]).map((log) => log.performed_on);
    expect([...dates].sort().reverse()).toEqual(dates);
    await get('/api/users/logs/?page=0').expect(400);
    await get('/api/users/logs/', null).expect(401);
  });

  it('replaces the caller’s own log and refuses another’s as unknown', async () => {
    const changed = await t
      .http()
      .put(`/api/logs/${own.id}/`)
      .set('Authorization', member.bearer)
      .send({ effort: 9, exercises: [{ name: 'Deadlift', sets: [{ reps: 3, weight: 140 }] }] })
      .expect(200);
    expect(changed.body).toMatchObject({ id: own.id, effort: 9, note: null, set_count: 1, volume_kg: 420 });
    await t
      .http()
      .put(`/api/logs/${own.id}/`)
      .set('Authorization', other.bearer)
      .send({ exercises: [] })
      .expect(404, refusal(404, RECORD_MESSAGES.logNotFound));
    await t
      .http()
      .put(`/api/logs/${own.id}/`)
      .set('Authorization', member.bearer)
      .send({ effort: 12, exercises: [] })
      .expect(400);
  });

  it('deletes the caller’s own log only; the lesson stays completed', async () => {
    await t
      .http()
      .delete(`/api/logs/${own.id}/`)
      .set('Authorization', other.bearer)
      .expect(404, refusal(404, RECORD_MESSAGES.logNotFound));
    await t.http().delete(`/api/logs/${own.id}/`).set('Authorization', member.bearer).expect(204);
    await t.http().delete(`/api/logs/${own.id}/`).set('Authorization', member.bearer).expect(404);
    const completed = await t.app
      .get(DataSource)
      .getRepository(LessonCompletionEntity)
      .existsBy({ userId: member.user.id, lessonId: lessons[1]!.id });
    expect(completed).toBe(true);
  });
});
