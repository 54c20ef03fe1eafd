import { beforeAll, describe, expect, it } from '@jest/globals';
import {
  type MeasurementResponse,
  RECORD_MESSAGES,
  type RecordSharingResponse,
  type SubscriberRecordResponse,
  type WorkoutLogResponse,
} from '@fitcoach/contracts';
import { DataSource } from 'typeorm';
import { addDays, localDate } from '../../api/src/common/time/local-time.js';
import { ChatMessageEntity } from '../../api/src/modules/chat/chat-message.entity.js';
import type { LessonEntity } from '../../api/src/modules/lessons/lesson.entity.js';
import type { ProgramEntity } from '../../api/src/modules/programs/program.entity.js';
import { SubscriptionEntity } from '../../api/src/modules/subscriptions/subscription.entity.js';
import type { TrainerEntity } from '../../api/src/modules/trainers/trainer.entity.js';
import { ProfileEntity } from '../../api/src/modules/users/profile.entity.js';
import { useTestApp } from '../fixtures/app.js';
import { createLesson, createProgram, createTrainer } from '../fixtures/catalogue.js';
import { fieldRefusal, REFUSED, refusal } from '../fixtures/refusals.js';
import { subscribe } from '../fixtures/subscriptions.js';
import { createSession, type Session } from '../fixtures/users.js';

const t = useTestApp();
const today = localDate(new Date(), 'UTC');

function as(session: Session | null) {
  const http = t.http();
  const auth = <T extends { set: (name: string, value: string) => T }>(request: T) =>
    session ? request.set('Authorization', session.bearer) : request;
  return {
    get: (path: string) => auth(http.get(path)),
    post: (path: string, body: object) => auth(http.post(path).send(body)),
    put: (path: string, body: object) => auth(http.put(path).send(body)),
    delete: (path: string) => auth(http.delete(path)),
  };
}

async function profileOf(userId: number) {
  return t.app.get(DataSource).getRepository(ProfileEntity).findOneByOrFail({ userId });
}

describe('body measurements', () => {
  let member: Session;

  beforeAll(async () => {
    member = await createSession(t);
  });

  it('records a day (201), merges a second entry for that day (200), and lists the history oldest first', async () => {
    const first = await as(member)
      .post('/api/users/measurements/', { measured_on: addDays(today, -10), weight: 82.5, waist: 90 })
      .expect(201);
    expect(first.body).toMatchObject({
      measured_on: addDays(today, -10),
      weight: 82.5,
      body_fat: null,
      waist: 90,
      hips: null,
    });
    await as(member).post('/api/users/measurements/', { weight: 81, body_fat: 18 }).expect(201);
    const merged = await as(member)
      .post('/api/users/measurements/', { measured_on: addDays(today, -10), chest: 101 })
      .expect(200);
    expect(merged.body).toMatchObject({ id: first.body.id, weight: 82.5, waist: 90, chest: 101 });
    const history = (await as(member).get('/api/users/measurements/').expect(200))
      .body as MeasurementResponse[];
    expect(history.map((entry) => entry.measured_on)).toEqual([addDays(today, -10), today]);
    const ranged = await as(member)
      .get(`/api/users/measurements/?from=${addDays(today, -1)}&to=${today}`)
      .expect(200);
    expect(ranged.body).toHaveLength(1);
  });

  it('keeps the profile’s weight and body fat equal to the latest measurement', async () => {
    expect(await profileOf(member.user.id)).toMatchObject({ weight: 81, bodyFat: 18 });
    const latest = (await as(member).get('/api/users/measurements/').expect(200))
      .body as MeasurementResponse[];
    await as(member)
      .delete(`/api/users/measurements/${latest.at(-1)!.id}/`)
      .expect(204);
    expect(await profileOf(member.user.id)).toMatchObject({ weight: 82.5, bodyFat: null });
  });

  it('makes a weight typed on the profile today’s measurement', async () => {
    const typist = await createSession(t);
    await t
      .http()
      .put('/api/users/updateUser/')
      .set('Authorization', typist.bearer)
      .field('weight', '70')
      .expect(200);
    const history = (await as(typist).get('/api/users/measurements/').expect(200))
      .body as MeasurementResponse[];
    expect(history).toEqual([expect.objectContaining({ measured_on: today, weight: 70 })]);
  });

  it('refuses values out of range, no value, bad dates, and another member’s measurement', async () => {
    const cases: [object, string, string][] = [
      [{ weight: 19 }, 'weight', 'Weight must be a number from 20 to 500 kg'],
      [{ weight: '80' }, 'weight', 'Weight must be a number from 20 to 500 kg'],
      [{ body_fat: 80 }, 'body_fat', 'Body fat must be a number from 2 to 75 %'],
      [{ waist: 301 }, 'waist', 'Waist must be a number from 30 to 300 cm'],
      [{ arm: 5 }, 'arm', 'Arm must be a number from 10 to 100 cm'],
      [{ thigh: 151 }, 'thigh', 'Thigh must be a number from 20 to 150 cm'],
      [{ weight: 80, measured_on: addDays(today, 2) }, 'measured_on', RECORD_MESSAGES.date('measured_on')],
      [{ weight: 80, measured_on: '31/12/2025' }, 'measured_on', RECORD_MESSAGES.date('measured_on')],
    ];
    for (const [body, field, message] of cases) {
      await as(member)
        .post('/api/users/measurements/', body)
        .expect(400, fieldRefusal(400, field, message));
    }
    await as(member)
      .post('/api/users/measurements/', { measured_on: today })
      .expect(400, refusal(400, RECORD_MESSAGES.measurementEmpty));
    await as(member).get('/api/users/measurements/?from=yesterday').expect(400);
    const mine = (await as(member).get('/api/users/measurements/').expect(200)).body as MeasurementResponse[];
    const stranger = await createSession(t);
    await as(stranger)
      .delete(`/api/users/measurements/${mine[0]!.id}/`)
      .expect(404, refusal(404, RECORD_MESSAGES.measurementNotFound));
    await as(null).get('/api/users/measurements/').expect(401, REFUSED.notAuthenticated);
  });
});

describe('sharing and the trainer’s view of a record', () => {
  let coach: { trainer: TrainerEntity; session: Session };
  let rival: { trainer: TrainerEntity; session: Session };
  let program: ProgramEntity;
  let rivalProgram: ProgramEntity;
  let lesson: LessonEntity;
  let rivalLesson: LessonEntity;
  let member: Session;

  beforeAll(async () => {
    coach = await createTrainer(t);
    rival = await createTrainer(t);
    program = await createProgram(t, coach.trainer, { isPublished: true });
    rivalProgram = await createProgram(t, rival.trainer, { isPublished: true });
    lesson = await createLesson(t, program);
    rivalLesson = await createLesson(t, rivalProgram);
    member = await createSession(t);
    await subscribe(t, member.user.id, program);
    await subscribe(t, member.user.id, rivalProgram);
    const workout = { exercises: [{ name: 'Row', sets: [{ reps: 10, weight: 40 }] }] };
    await as(member).post(`/api/lessons/${program.id}-${lesson.number}/logs/`, workout).expect(201);
    await as(member).post(`/api/lessons/${rivalProgram.id}-${rivalLesson.number}/logs/`, workout).expect(201);
    await as(member).post('/api/users/measurements/', { weight: 75 }).expect(201);
  });

  const recordOf = (session: Session, userId = member.user.id) =>
    as(session).get(`/api/trainers/subscribers/${userId}/record/`);

  it('lists the trainers the member follows with the defaults: logs and measurements shared, photos not', async () => {
    const sharing = (await as(member).get('/api/users/record_sharing/').expect(200))
      .body as RecordSharingResponse[];
    expect(sharing).toEqual(
      [coach, rival]
        .map(({ trainer }) => ({
          trainer: { id: trainer.id, name: expect.any(String), image: null },
          logs: true,
          measurements: true,
          photos: false,
        }))
        .sort((a, b) => a.trainer.id - b.trainer.id),
    );
  });

  it('shows a trainer the logs of their own programmes and the measurements, not the photos', async () => {
    const record = (await recordOf(coach.session).expect(200)).body as SubscriberRecordResponse;
    expect(record.shared).toEqual({ logs: true, measurements: true, photos: false });
    expect(record.logs?.count).toBe(1);
    expect(record.logs?.results.map((log) => log.program?.id)).toEqual([program.id]);
    expect(record.measurements?.map((entry) => entry.weight)).toEqual([75]);
    expect(record.photos).toBeNull();
  });

  it('lets the trainer comment on a log of their programme: a chat message to the member, listed with the log', async () => {
    const logs = (await as(member).get('/api/users/logs/').expect(200)).body as WorkoutLogResponse[];
    const ours = logs.find((log) => log.program?.id === program.id)!;
    const theirs = logs.find((log) => log.program?.id === rivalProgram.id)!;
    const comment = await as(coach.session)
      .post(`/api/logs/${ours.id}/comments/`, { text: '  Great depth on those rows.  ' })
      .expect(201);
    expect(comment.body).toMatchObject({
      text: 'Great depth on those rows.',
      sender: { id: coach.session.user.id, name: expect.any(String) },
    });
    const listed = (await as(member).get(`/api/lessons/${program.id}-${lesson.number}/logs/`).expect(200))
      .body as WorkoutLogResponse[];
    expect(listed[0]!.comments).toEqual([comment.body]);
    const message = await t.app
      .get(DataSource)
      .getRepository(ChatMessageEntity)
      .findOneByOrFail({ id: comment.body.id });
    expect(message).toMatchObject({
      senderId: coach.session.user.id,
      recipientId: member.user.id,
      type: 'text',
      text: 'Great depth on those rows.',
      workoutLogId: ours.id,
      readAt: null,
    });
    // Not the trainer of that log's programme, the member, a stranger, an empty comment.
    await as(coach.session)
      .post(`/api/logs/${theirs.id}/comments/`, { text: 'Hello' })
      .expect(404, refusal(404, RECORD_MESSAGES.logNotFound));
    await as(member)
      .post(`/api/logs/${ours.id}/comments/`, { text: 'Hello' })
      .expect(403, refusal(403, RECORD_MESSAGES.commentNotAllowed));
    const stranger = await createSession(t);
    await as(stranger).post(`/api/logs/${ours.id}/comments/`, { text: 'Hello' }).expect(404);
    await as(coach.session)
      .post(`/api/logs/${ours.id}/comments/`, { text: '   ' })
      .expect(400, fieldRefusal(400, 'text', 'Write a comment'));
  });

  it('hides a part the member stops sharing, and refuses a trainer with whom nothing is shared', async () => {
    await as(member)
      .put(`/api/users/record_sharing/${coach.trainer.id}/`, { logs: false })
      .expect(200)
      .expect((res) => expect(res.body).toMatchObject({ logs: false, measurements: true, photos: false }));
    const record = (await recordOf(coach.session).expect(200)).body as SubscriberRecordResponse;
    expect(record.logs).toBeNull();
    const logs = (await as(member).get('/api/users/logs/').expect(200)).body as WorkoutLogResponse[];
    const ours = logs.find((log) => log.program?.id === program.id)!;
    await as(coach.session)
      .post(`/api/logs/${ours.id}/comments/`, { text: 'Still there?' })
      .expect(403, refusal(403, RECORD_MESSAGES.commentNotAllowed));
    expect(record.measurements).toHaveLength(1);
    await as(member)
      .put(`/api/users/record_sharing/${coach.trainer.id}/`, { measurements: false })
      .expect(200);
    await recordOf(coach.session).expect(403, refusal(403, RECORD_MESSAGES.notShared));
    // The other trainer's choices are their own.
    expect((await recordOf(rival.session).expect(200)).body.shared).toEqual({
      logs: true,
      measurements: true,
      photos: false,
    });
  });

  it('refuses bad switches, and trainers the member does not follow', async () => {
    await as(member)
      .put(`/api/users/record_sharing/${coach.trainer.id}/`, { logs: 'yes' })
      .expect(400, fieldRefusal(400, 'logs', 'logs must be true or false'));
    const stranger = await createTrainer(t);
    await as(member)
      .put(`/api/users/record_sharing/${stranger.trainer.id}/`, { logs: true })
      .expect(404, refusal(404, RECORD_MESSAGES.trainerNotFollowed));
    await as(member).put('/api/users/record_sharing/999999/', { logs: true }).expect(404);
  });

  it('refuses the record once the subscription has ended, to members, and for strangers', async () => {
    await recordOf(rival.session).expect(200);
    await t.app
      .get(DataSource)
      .getRepository(SubscriptionEntity)
      .update(
        { userId: member.user.id, programId: rivalProgram.id },
        { activeFlag: null, status: 'cancelled', endedAt: new Date() },
      );
    await recordOf(rival.session).expect(403, refusal(403, RECORD_MESSAGES.notActive));
    const outsider = await createTrainer(t);
    await recordOf(outsider.session).expect(404, refusal(404, RECORD_MESSAGES.subscriberNotFound));
    await recordOf(coach.session, 999_999).expect(404, refusal(404, RECORD_MESSAGES.subscriberNotFound));
    const plain = await createSession(t);
    await recordOf(plain).expect(403, REFUSED.forbidden);
    await as(null).get(`/api/trainers/subscribers/${member.user.id}/record/`).expect(401);
  });
});
