import { beforeAll, describe, expect, it } from '@jest/globals';
import { parse } from 'csv-parse/sync';
import { addDays, localDate } from '../../api/src/common/time/local-time.js';
import type { LessonEntity } from '../../api/src/modules/lessons/lesson.entity.js';
import type { ProgramEntity } from '../../api/src/modules/programs/program.entity.js';
import { WorkoutLogsRepository } from '../../api/src/modules/record/workout-logs.repository.js';
import { useTestApp } from '../fixtures/app.js';
import { createLesson, createProgram, createTrainer } from '../fixtures/catalogue.js';
import { REFUSED } from '../fixtures/refusals.js';
import { subscribe } from '../fixtures/subscriptions.js';
import { createSession, type Session } from '../fixtures/users.js';

const t = useTestApp();
const today = localDate(new Date(), 'UTC');

const send = (session: Session, path: string, body: object) =>
  t.http().post(path).set('Authorization', session.bearer).send(body);

async function download(session: Session, path: string) {
  const res = await t.http().get(path).set('Authorization', session.bearer).buffer(true).expect(200);
  const text = String(res.text ?? res.body);
  return { res, text, rows: parse(text, { bom: true }) as string[][] };
}

describe('record downloads (CSV)', () => {
  let member: Session;
  let program: ProgramEntity;
  let lesson: LessonEntity;

  beforeAll(async () => {
    const coach = await createTrainer(t);
    program = await createProgram(t, coach.trainer, { isPublished: true, name: 'Strong Start' });
    lesson = await createLesson(t, program);
    member = await createSession(t);
    await subscribe(t, member.user.id, program);
    const logs = `/api/lessons/${program.id}-${lesson.number}/logs/`;
    await send(member, logs, {
      performed_on: addDays(today, -2),
      effort: 7,
      note: '=HYPERLINK("http://evil.example","click")',
      exercises: [
        {
          name: 'Squat',
          sets: [
            { reps: 5, weight: 100 },
            { reps: 5, weight: 102.5 },
          ],
        },
        { name: '+1 Plank', sets: [{ duration_seconds: 60 }] },
      ],
    }).expect(201);
    await send(member, logs, { performed_on: today, note: 'Rest day walk', exercises: [] }).expect(201);
    await send(member, '/api/users/measurements/', {
      measured_on: addDays(today, -5),
      weight: 80,
      waist: 88,
    }).expect(201);
    await send(member, '/api/users/measurements/', { body_fat: 17.5 }).expect(201);
    const stranger = await createSession(t);
    await send(stranger, '/api/users/measurements/', { weight: 60 }).expect(201);
  });

  it('gives the caller’s workouts one row per set, oldest first, formulas escaped', async () => {
    const { res, text, rows } = await download(member, '/api/users/logs/csv/');
    expect(res.headers['content-type']).toBe('text/csv; charset=utf-8');
    expect(res.headers['content-disposition']).toBe(`attachment; filename="fitcoach-workouts-${today}.csv"`);
    expect(res.headers['cache-control']).toBe('no-store');
    expect(text.startsWith('\uFEFF')).toBe(true);
    expect(text.split('\r\n')).toHaveLength(6);
    const lessonNumber = `${program.id}-${lesson.number}`;
    const note = `'=HYPERLINK("http://evil.example","click")`;
    expect(rows).toEqual([
      [
        'performed_on',
        'programme',
        'lesson',
        'lesson_title',
        'exercise',
        'set',
        'reps',
        'weight_kg',
        'duration_seconds',
        'effort',
        'note',
      ],
      [
        addDays(today, -2),
        'Strong Start',
        lessonNumber,
        lesson.title,
        'Squat',
        '1',
        '5',
        '100',
        '',
        '7',
        note,
      ],
      [
        addDays(today, -2),
        'Strong Start',
        lessonNumber,
        lesson.title,
        'Squat',
        '2',
        '5',
        '102.5',
        '',
        '7',
        note,
      ],
      [
        addDays(today, -2),
        'Strong Start',
        lessonNumber,
        lesson.title,
        "'+1 Plank",
        '1',
        '',
        '',
        '60',
        '7',
        note,
      ],
      [today, 'Strong Start', lessonNumber, lesson.title, '', '', '', '', '', '', 'Rest day walk'],
    ]);
  });

  it('gives the caller’s measurements one row per day, oldest first, and no one else’s', async () => {
    const { res, rows } = await download(member, '/api/users/measurements/csv/');
    expect(res.headers['content-disposition']).toBe(
      `attachment; filename="fitcoach-measurements-${today}.csv"`,
    );
    expect(rows).toEqual([
      [
        'measured_on',
        'weight_kg',
        'body_fat_percent',
        'waist_cm',
        'hips_cm',
        'chest_cm',
        'arm_cm',
        'thigh_cm',
      ],
      [addDays(today, -5), '80', '', '88', '', '', '', ''],
      [today, '', '17.5', '', '', '', '', ''],
    ]);
  });

  it('reads a long history in batches, each log once, in date order', async () => {
    const batches = [];
    for await (const batch of t.app.get(WorkoutLogsRepository).allOf(member.user.id, 1)) batches.push(batch);
    expect(batches.map((batch) => batch.map((log) => log.performedOn))).toEqual([
      [addDays(today, -2)],
      [today],
    ]);
  });

  it('gives a member without a record the header alone, and refuses the anonymous', async () => {
    const newcomer = await createSession(t);
    expect((await download(newcomer, '/api/users/logs/csv/')).rows).toHaveLength(1);
    expect((await download(newcomer, '/api/users/measurements/csv/')).rows).toHaveLength(1);
    await t.http().get('/api/users/logs/csv/').expect(401, REFUSED.notAuthenticated);
    await t.http().get('/api/users/measurements/csv/').expect(401, REFUSED.notAuthenticated);
  });
});
