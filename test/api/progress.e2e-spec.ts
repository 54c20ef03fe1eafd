import { beforeAll, describe, expect, it } from '@jest/globals';
import { SUBSCRIPTION_MESSAGES } from '@fitcoach/contracts';
import { DataSource, type Repository } from 'typeorm';
import { LessonEntity } from '../../api/src/modules/lessons/lesson.entity.js';
import { ProgramEntity } from '../../api/src/modules/programs/program.entity.js';
import { LessonCompletionEntity } from '../../api/src/modules/subscriptions/lesson-completion.entity.js';
import type { TrainerEntity } from '../../api/src/modules/trainers/trainer.entity.js';
import { UserEntity } from '../../api/src/modules/users/user.entity.js';
import { useTestApp } from '../fixtures/app.js';
import { createLesson, createProgram, createTrainer } from '../fixtures/catalogue.js';
import { REFUSED } from '../fixtures/refusals.js';
import { completeLessons, subscribe } from '../fixtures/subscriptions.js';
import { createSession, type Session } from '../fixtures/users.js';

const t = useTestApp();
let completions: Repository<LessonCompletionEntity>;
let owner: { trainer: TrainerEntity; session: Session };
let otherTrainer: Session;
let superuser: Session;
let blocked: Session;

beforeAll(async () => {
  const dataSource = t.app.get(DataSource);
  completions = dataSource.getRepository(LessonCompletionEntity);
  owner = await createTrainer(t);
  otherTrainer = (await createTrainer(t)).session;
  superuser = await createSession(t, { superuser: true });
  blocked = await createSession(t);
  await dataSource.getRepository(UserEntity).update({ id: blocked.user.id }, { blocked: true });
});

function get(path: string, session: Session | null) {
  const request = t.http().get(path);
  return session ? request.set('Authorization', session.bearer) : request;
}

/** A published programme with `lessons` lessons. */
async function programWithLessons(
  lessons: number,
): Promise<{ program: ProgramEntity; lessons: LessonEntity[] }> {
  const program = await createProgram(t, owner.trainer, { isPublished: true });
  const rows = [];
  for (let i = 0; i < lessons; i += 1) rows.push(await createLesson(t, program));
  return { program, lessons: rows };
}

const lessonNumber = (lesson: LessonEntity) => `${lesson.programId}-${lesson.number}`;
const mark = (lesson: LessonEntity | string, session: Session | null) =>
  get(
    `/api/fitness_programs/updatelessonProgress/${typeof lesson === 'string' ? lesson : lessonNumber(lesson)}/`,
    session,
  );
const progressOf = (userId: number | string, programId: number | string, session: Session | null) =>
  get(`/api/fitness_programs/getlessonProgress/${userId}/${programId}/`, session);
const percentage = async (userId: number, programId: number) =>
  (await progressOf(userId, programId, superuser).expect(200)).body.progress_percentage as number;

describe('GET /api/fitness_programs/updatelessonProgress/{lessonNumber}/', () => {
  it('requires authentication', async () => {
    const { lessons } = await programWithLessons(1);
    await mark(lessons[0], null).expect(401, REFUSED.notAuthenticated);
    expect(await completions.countBy({ lessonId: lessons[0].id })).toBe(0);
  });

  it('refuses a blocked subscriber', async () => {
    const { program, lessons } = await programWithLessons(1);
    await subscribe(t, blocked.user.id, program);
    await mark(lessons[0], blocked).expect(403, REFUSED.blocked);
    expect(await completions.countBy({ lessonId: lessons[0].id })).toBe(0);
  });

  it('refuses a lesson of a programme not followed: never, no longer, or the trainer’s own (403)', async () => {
    const { program, lessons } = await programWithLessons(1);
    const member = await createSession(t);
    await mark(lessons[0], member).expect(403, REFUSED.lessonNotSubscribed);
    await subscribe(t, member.user.id, program);
    await get(`/api/users/unfollowProgram/${program.id}/`, member).expect(200);
    await mark(lessons[0], member).expect(403, REFUSED.lessonNotSubscribed);
    await mark(lessons[0], owner.session).expect(403, REFUSED.lessonNotSubscribed);
    await mark(lessons[0], superuser).expect(403, REFUSED.lessonNotSubscribed);
    expect(await completions.countBy({ lessonId: lessons[0].id })).toBe(0);
  });

  it('answers 404 for an unknown lesson or a number that names none', async () => {
    const { program, lessons } = await programWithLessons(1);
    const member = await createSession(t);
    await subscribe(t, member.user.id, program);
    for (const number of [
      `${program.id}-999`,
      '2000000000-1',
      String(lessons[0].number),
      'abc',
      `${program.id}-0`,
    ]) {
      await mark(number, member).expect(404, REFUSED.lessonNotFound);
    }
    expect(await completions.countBy({ userId: member.user.id })).toBe(0);
  });

  it('marks a lesson once: 201 the first time, 200 after', async () => {
    const { program, lessons } = await programWithLessons(2);
    const member = await createSession(t);
    await subscribe(t, member.user.id, program);
    await mark(lessons[0], member).expect(201, { message: SUBSCRIPTION_MESSAGES.lessonCompleted });
    await mark(lessons[0], member).expect(200, { message: SUBSCRIPTION_MESSAGES.lessonAlreadyCompleted });
    expect(await completions.findBy({ userId: member.user.id })).toEqual([
      expect.objectContaining({ lessonId: lessons[0].id, completedAt: expect.any(Date) }),
    ]);
  });

  it('makes one row when two marks of one lesson race, answering 201 and 200 (never 500)', async () => {
    const { program, lessons } = await programWithLessons(1);
    const member = await createSession(t);
    await subscribe(t, member.user.id, program);
    const answers = await Promise.all([mark(lessons[0], member), mark(lessons[0], member)]);
    expect(answers.map((res) => res.status).sort()).toEqual([200, 201]);
    expect(await completions.countBy({ userId: member.user.id, lessonId: lessons[0].id })).toBe(1);
  });
});

describe('GET /api/fitness_programs/getlessonProgress/{userId}/{programId}/', () => {
  it('requires authentication', async () => {
    const { program } = await programWithLessons(1);
    await progressOf(superuser.user.id, program.id, null).expect(401, REFUSED.notAuthenticated);
  });

  it('refuses a blocked member', async () => {
    const { program } = await programWithLessons(1);
    await progressOf(blocked.user.id, program.id, blocked).expect(403, REFUSED.blocked);
  });

  it('is for the member, the programme’s trainer and superusers only', async () => {
    const { program, lessons } = await programWithLessons(4);
    const member = await createSession(t);
    await subscribe(t, member.user.id, program);
    await completeLessons(t, member.user.id, [lessons[0].id]);
    const expected = {
      user: member.user.id,
      program: program.id,
      progress_percentage: 25,
      completed_lessons: [lessons[0].number],
      subscribed_on: expect.any(String),
    };
    for (const viewer of [member, owner.session, superuser]) {
      expect((await progressOf(member.user.id, program.id, viewer).expect(200)).body).toEqual(expected);
    }
    const fellow = await createSession(t);
    await subscribe(t, fellow.user.id, program);
    for (const viewer of [fellow, otherTrainer]) {
      await progressOf(member.user.id, program.id, viewer).expect(403, REFUSED.progressNotAllowed);
    }
  });

  it('rounds to the nearest percent: 2 of 3 lessons is 67', async () => {
    const { program, lessons } = await programWithLessons(3);
    const member = await createSession(t);
    await subscribe(t, member.user.id, program);
    await completeLessons(t, member.user.id, [lessons[0].id, lessons[1].id]);
    const { body } = await progressOf(member.user.id, program.id, member).expect(200);
    expect(body.progress_percentage).toBe(67);
  });

  it('takes the programme id plain or as "{id}-n"', async () => {
    const { program, lessons } = await programWithLessons(2);
    const member = await createSession(t);
    await subscribe(t, member.user.id, program);
    await completeLessons(t, member.user.id, [lessons[1].id]);
    for (const ref of [`${program.id}`, `${program.id}-1`, `${program.id}-7`]) {
      expect((await progressOf(member.user.id, ref, member).expect(200)).body).toEqual({
        user: member.user.id,
        program: program.id,
        progress_percentage: 50,
        completed_lessons: [lessons[1].number],
        subscribed_on: expect.any(String),
      });
    }
  });

  it('answers 404 for an unknown or malformed user or programme', async () => {
    const { program } = await programWithLessons(1);
    const member = await createSession(t);
    await progressOf(member.user.id, 2_000_000_000, member).expect(404, REFUSED.programNotFound);
    for (const ref of ['abc', '0', '2147483648', `${program.id}-`, `-${program.id}`]) {
      await progressOf(member.user.id, ref, member).expect(404, REFUSED.malformedId);
    }
    await progressOf('abc', program.id, member).expect(404, REFUSED.malformedId);
    await progressOf(999_999_999, program.id, superuser).expect(404, REFUSED.userNotFound);
    await progressOf(999_999_999, program.id, owner.session).expect(404, REFUSED.userNotFound);
    // An unpublished programme is unknown to a member who does not follow it.
    const draft = await createProgram(t, owner.trainer);
    await progressOf(member.user.id, draft.id, member).expect(404, REFUSED.programNotFound);
  });

  it('is 0 without lessons, falls when a lesson is added and stays within 0..100 when one is deleted', async () => {
    const { program: empty } = await programWithLessons(0);
    const member = await createSession(t);
    await subscribe(t, member.user.id, empty);
    expect(await percentage(member.user.id, empty.id)).toBe(0);

    const { program, lessons } = await programWithLessons(2);
    await subscribe(t, member.user.id, program);
    await mark(lessons[0], member).expect(201);
    await mark(lessons[1], member).expect(201);
    expect(await percentage(member.user.id, program.id)).toBe(100);

    const added = await createLesson(t, program);
    expect(await percentage(member.user.id, program.id)).toBe(67);
    await mark(added, member).expect(201);
    expect(await percentage(member.user.id, program.id)).toBe(100);

    await t
      .http()
      .delete(`/api/fitness_programs/DeleteLesson/${lessons[0].id}/`)
      .set('Authorization', owner.session.bearer)
      .expect(204);
    expect(await percentage(member.user.id, program.id)).toBe(100);
    await createLesson(t, program);
    expect(await percentage(member.user.id, program.id)).toBe(67);
  });

  it('lists the numbers of the lessons done, in order, without a deleted lesson or another programme', async () => {
    const { program, lessons } = await programWithLessons(3);
    const other = await programWithLessons(1);
    const member = await createSession(t);
    await subscribe(t, member.user.id, program);
    await subscribe(t, member.user.id, other.program);
    await mark(other.lessons[0], member).expect(201);
    const completedOf = async () =>
      (await progressOf(member.user.id, program.id, member).expect(200)).body.completed_lessons as number[];
    expect(await completedOf()).toEqual([]);
    await mark(lessons[2], member).expect(201);
    await mark(lessons[0], member).expect(201);
    expect(await completedOf()).toEqual([lessons[0].number, lessons[2].number]);
    await t
      .http()
      .delete(`/api/fitness_programs/DeleteLesson/${lessons[0].id}/`)
      .set('Authorization', owner.session.bearer)
      .expect(204);
    expect(await completedOf()).toEqual([lessons[2].number]);
  });

  it('gives the start of the active subscription, and null without one', async () => {
    const { program } = await programWithLessons(1);
    const member = await createSession(t);
    const subscribedOn = async () =>
      (await progressOf(member.user.id, program.id, owner.session).expect(200)).body.subscribed_on as
        string | null;
    expect(await subscribedOn()).toBeNull();
    const before = Date.now();
    await subscribe(t, member.user.id, program);
    const started = await subscribedOn();
    expect(new Date(started ?? '').getTime()).toBeGreaterThanOrEqual(before - 1000);
    await get(`/api/users/unfollowProgram/${program.id}/`, member).expect(200);
    expect(await subscribedOn()).toBeNull();
  });

  it("never counts completions of another programme or another member's", async () => {
    const followed = await programWithLessons(2);
    const other = await programWithLessons(2);
    const member = await createSession(t);
    await subscribe(t, member.user.id, followed.program);
    await mark(followed.lessons[0], member).expect(201);
    await mark(other.lessons[0], member).expect(403, REFUSED.lessonNotSubscribed);
    expect(await percentage(member.user.id, other.program.id)).toBe(0);
    const fellow = await createSession(t);
    await subscribe(t, fellow.user.id, followed.program);
    expect(await percentage(fellow.user.id, followed.program.id)).toBe(0);
    expect(await percentage(member.user.id, followed.program.id)).toBe(50);
  });
});
