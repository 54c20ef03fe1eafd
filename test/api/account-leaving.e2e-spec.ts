import { existsSync } from 'node:fs';
import { join } from 'node:path';
import { beforeAll, describe, expect, it } from '@jest/globals';
import { type AccountExport, DELETED_ACCOUNT } from '@fitcoach/contracts';
import { DataSource, type Repository } from 'typeorm';
import { JobsService } from '../../api/src/common/jobs/jobs.service.js';
import { ACCOUNT_MESSAGES, TRAINER_LEFT_NEWS } from '../../api/src/modules/account/account.service.js';
import { AuditEntryEntity } from '../../api/src/modules/audit/audit-entry.entity.js';
import { ChatMessageEntity } from '../../api/src/modules/chat/chat-message.entity.js';
import { NotificationEntity } from '../../api/src/modules/chat/notification.entity.js';
import { PaymentEntity } from '../../api/src/modules/payments/payment.entity.js';
import { ProgramEntity } from '../../api/src/modules/programs/program.entity.js';
import { TrainerEntity } from '../../api/src/modules/trainers/trainer.entity.js';
import { BodyMeasurementEntity } from '../../api/src/modules/record/body-measurement.entity.js';
import { WorkoutLogEntity } from '../../api/src/modules/record/workout-log.entity.js';
import { ProfileEntity } from '../../api/src/modules/users/profile.entity.js';
import { UserEntity } from '../../api/src/modules/users/user.entity.js';
import { useTestApp } from '../fixtures/app.js';
import { createLesson, createProgram, createTrainer } from '../fixtures/catalogue.js';
import { cameraJpeg } from '../fixtures/images.js';
import { REFUSED, refusal, withDetail } from '../fixtures/refusals.js';
import { nextMailJob } from '../fixtures/mail.js';
import { connect, listen } from '../fixtures/sockets.js';
import { completeLessons, subscribe } from '../fixtures/subscriptions.js';
import { createSession, createUser, type Session, TEST_PASSWORD } from '../fixtures/users.js';

const t = useTestApp();
let db: DataSource;
let users: Repository<UserEntity>;

beforeAll(() => {
  db = t.app.get(DataSource);
  users = db.getRepository(UserEntity);
});

const exportOf = (session: Session) =>
  t.http().get('/api/users/me/export/').set('Authorization', session.bearer);
const deleteAccount = (session: Session, body: object = { password: TEST_PASSWORD }) =>
  t.http().delete('/api/users/me/').set('Authorization', session.bearer).send(body);
const signIn = (email: string, password = TEST_PASSWORD) =>
  t.http().post('/api/token/').send({ email, password });
const sendMessage = (from: Session, to: number, text: string) =>
  t.http().post('/api/chat/sendMessage/').set('Authorization', from.bearer).send({ to, text }).expect(201);

/** Only these accounts are superusers, as on a site where they are the last two. */
async function onlySuperusers(...ids: number[]): Promise<void> {
  await users
    .createQueryBuilder()
    .update()
    .set({ isSuperuser: false })
    .where('id NOT IN (:...ids)', { ids })
    .execute();
}

/** A member subscribed to a published programme of a trainer, with progress, messages both ways and a notification. */
async function memberWithHistory() {
  const coach = await createTrainer(t);
  const program = await createProgram(t, coach.trainer, { isPublished: true, name: 'Morning Mobility' });
  const lesson = await createLesson(t, program);
  const member = await createSession(t, { firstName: 'Mia', lastName: 'Member' });
  await db
    .getRepository(ProfileEntity)
    .update({ userId: member.user.id }, { height: 170, phone: '9123456780' });
  const { payment, subscription } = await subscribe(t, member.user.id, program);
  await completeLessons(t, member.user.id, [lesson.id]);
  await sendMessage(member, coach.session.user.id, 'Hello coach');
  await sendMessage(coach.session, member.user.id, 'Hello Mia');
  await db.getRepository(NotificationEntity).insert({
    userId: member.user.id,
    senderId: null,
    senderName: 'FitCoach',
    category: 'program',
    message: 'Something happened',
    payload: null,
    readAt: null,
  });
  return { coach, program, lesson, member, payment, subscription };
}

describe('GET /api/users/me/export/', () => {
  it('requires authentication', async () => {
    await t.http().get('/api/users/me/export/').expect(401, REFUSED.notAuthenticated);
  });

  it("is a file of the member's data and nobody else's, without a secret", async () => {
    const { coach, program, lesson, member, payment, subscription } = await memberWithHistory();
    const stranger = await createSession(t, { firstName: 'Stan', lastName: 'Stranger' });
    await subscribe(t, stranger.user.id, program);
    await sendMessage(stranger, coach.session.user.id, 'Not for Mia');

    const res = await exportOf(member).expect(200);
    expect(res.headers['content-disposition']).toMatch(
      /^attachment; filename="fitcoach-export-\d{4}-\d{2}-\d{2}\.json"$/,
    );
    expect(res.headers['content-type']).toMatch(/^application\/json/);
    const file = res.body as AccountExport;
    expect(file.account).toMatchObject({
      id: member.user.id,
      first_name: 'Mia',
      last_name: 'Member',
      email: member.user.email,
      is_trainer: false,
    });
    expect(file.profile).toMatchObject({ height: 170, phone: '9123456780' });
    expect(file.trainer).toBeNull();
    expect(file.subscriptions).toEqual([
      expect.objectContaining({
        id: subscription.id,
        program: { id: program.id, name: 'Morning Mobility' },
        status: 'active',
        payment_id: payment.id,
      }),
    ]);
    expect(file.payments).toEqual([
      expect.objectContaining({ id: payment.id, amount: 49, currency: 'USD', status: 'completed' }),
    ]);
    expect(file.progress).toEqual([
      expect.objectContaining({
        program: { id: program.id, name: 'Morning Mobility' },
        lesson: { id: lesson.id, number: lesson.number, title: lesson.title },
      }),
    ]);
    expect(file.messages.map(({ direction, text, with: other }) => ({ direction, text, other }))).toEqual([
      { direction: 'sent', text: 'Hello coach', other: { id: coach.session.user.id, name: 'Tess Trainer' } },
      {
        direction: 'received',
        text: 'Hello Mia',
        other: { id: coach.session.user.id, name: 'Tess Trainer' },
      },
    ]);
    expect(file.notifications.map(({ category, message }) => ({ category, message }))).toEqual([
      { category: 'message', message: 'Hello Mia' },
      { category: 'program', message: 'Something happened' },
    ]);

    const text = res.text;
    expect(text).not.toContain(stranger.user.email);
    expect(text).not.toContain('Not for Mia');
    expect(text).not.toContain(coach.session.user.email);
    expect(text).not.toContain(member.user.passwordHash);
    expect(text).not.toMatch(/password|token|hash/i);
  });

  it('holds the training record: workout logs, measurements and sharing choices', async () => {
    const { coach, program, lesson, member } = await memberWithHistory();
    await t
      .http()
      .post(`/api/lessons/${program.id}-${lesson.number}/logs/`)
      .set('Authorization', member.bearer)
      .send({ effort: 5, exercises: [{ name: 'Squat', sets: [{ reps: 5, weight: 80 }] }] })
      .expect(201);
    await t
      .http()
      .post('/api/users/measurements/')
      .set('Authorization', member.bearer)
      .send({ measured_on: '2026-01-10', weight: 70, waist: 80 })
      .expect(201);
    await t
      .http()
      .put(`/api/users/record_sharing/${coach.trainer.id}/`)
      .set('Authorization', member.bearer)
      .send({ photos: true })
      .expect(200);
    const file = (await exportOf(member).expect(200)).body as AccountExport;
    expect(file.workout_logs).toEqual([
      expect.objectContaining({
        lesson_number: `${program.id}-${lesson.number}`,
        program: { id: program.id, name: 'Morning Mobility' },
        effort: 5,
        exercises: [{ name: 'Squat', sets: [{ reps: 5, weight_kg: 80, duration_seconds: null }] }],
        volume_kg: 400,
      }),
    ]);
    expect(file.workout_logs[0]).not.toHaveProperty('comments');
    expect(file.measurements).toEqual([
      expect.objectContaining({ measured_on: '2026-01-10', weight: 70, waist: 80, body_fat: null }),
    ]);
    expect(file.record_sharing).toEqual([
      { trainer_id: coach.trainer.id, logs: true, measurements: true, photos: true },
    ]);
  });

  it("holds a trainer's profile and programmes", async () => {
    const coach = await createTrainer(t, { about: 'Coaching since 2010.' });
    const program = await createProgram(t, coach.trainer, { name: 'Strong Back', priceMinor: 1999 });
    const file = (await exportOf(coach.session).expect(200)).body as AccountExport;
    expect(file.account.is_trainer).toBe(true);
    expect(file.trainer).toMatchObject({
      id: coach.trainer.id,
      about: 'Coaching since 2010.',
      programs: [expect.objectContaining({ id: program.id, name: 'Strong Back', price: 19.99 })],
    });
  });

  it('gives an account five files an hour, then 429', async () => {
    const member = await createSession(t);
    for (let i = 0; i < 5; i += 1) await exportOf(member).expect(200);
    const res = await exportOf(member).expect(429);
    expect(res.body).toMatchObject(refusal(429, ACCOUNT_MESSAGES.tooManyExports));
    expect(res.headers['retry-after']).toMatch(/^\d+$/);
  });
});

describe('DELETE /api/users/me/', () => {
  it('requires authentication', async () => {
    await t
      .http()
      .delete('/api/users/me/')
      .send({ password: TEST_PASSWORD })
      .expect(401, REFUSED.notAuthenticated);
  });

  it('refuses a missing or wrong password with 400, and the account stays', async () => {
    const member = await createSession(t);
    const missing = await deleteAccount(member, {}).expect(400);
    expect(missing.body).toMatchObject({ statusCode: 400, errors: [{ field: 'password' }] });
    await deleteAccount(member, { password: 12345 }).expect(400);
    await deleteAccount(member, { password: 'not-my-password' }).expect(
      400,
      refusal(400, ACCOUNT_MESSAGES.wrongPassword),
    );
    await t.http().get('/api/users/me/').set('Authorization', member.bearer).expect(200);
    await signIn(member.user.email).expect(200);
  });

  it("counts wrong passwords with the account's sign-in attempts", async () => {
    const member = await createSession(t);
    for (let i = 0; i < 20; i += 1) await deleteAccount(member, { password: `guess-${i}` }).expect(400);
    const limited = await deleteAccount(member).expect(429);
    expect(limited.body.message).toMatch(/^Too many attempts\. Try again in \d+ seconds\.$/);
    await signIn(member.user.email).expect(429);
  });

  it('refuses the last superuser with 409; another may leave while one remains', async () => {
    const first = await createSession(t, { superuser: true });
    const second = await createSession(t, { superuser: true });
    await onlySuperusers(first.user.id, second.user.id);
    await deleteAccount(second).expect(204);
    await deleteAccount(first).expect(409, refusal(409, ACCOUNT_MESSAGES.lastSuperuser));
    expect(await users.findOneByOrFail({ id: first.user.id })).toMatchObject({ isSuperuser: true });
    await signIn(first.user.email).expect(200);
  });

  it("erases a member: no sign-in, no session, no name, no picture, messages' text gone, payments anonymous", async () => {
    const { member, payment, program, lesson } = await memberWithHistory();
    await t
      .http()
      .post(`/api/lessons/${program.id}-${lesson.number}/logs/`)
      .set('Authorization', member.bearer)
      .send({ exercises: [{ name: 'Squat', sets: [{ reps: 5 }] }] })
      .expect(201);
    await t
      .http()
      .post('/api/users/measurements/')
      .set('Authorization', member.bearer)
      .send({ weight: 70 })
      .expect(201);
    await t
      .http()
      .put('/api/users/updateUser/')
      .set('Authorization', member.bearer)
      .attach('profile_picture', await cameraJpeg(), 'me.jpg')
      .expect(200);
    const { profilePicture } = await users.findOneByOrFail({ id: member.user.id });
    const pictureFile = join(t.config.dataDir, 'media', String(profilePicture).replace(/^\/media\//, ''));
    expect(existsSync(pictureFile)).toBe(true);
    const socket = await connect(await listen(t), { token: member.access });

    await deleteAccount(member).expect(204);

    expect(await socket.disconnected()).toBe('io server disconnect');
    await signIn(member.user.email).expect(401, withDetail(REFUSED.badCredentials));
    await t.http().get('/api/users/me/').set('Authorization', member.bearer).expect(401);
    await t.http().post('/api/token/refresh/').send({ refresh: member.refresh }).expect(401);
    expect(existsSync(pictureFile)).toBe(false);

    const row = await users.findOneByOrFail({ id: member.user.id });
    expect(row).toMatchObject({
      firstName: DELETED_ACCOUNT.firstName,
      lastName: DELETED_ACCOUNT.lastName,
      email: DELETED_ACCOUNT.email(member.user.id),
      pendingEmail: null,
      profilePicture: null,
    });
    expect(await db.getRepository(ProfileEntity).findOneByOrFail({ userId: member.user.id })).toMatchObject({
      height: null,
      phone: null,
    });
    const sent = await db.getRepository(ChatMessageEntity).findBy({ senderId: member.user.id });
    expect(sent).toEqual([expect.objectContaining({ text: null, image: null, deletedAt: expect.any(Date) })]);
    const received = await db.getRepository(ChatMessageEntity).findBy({ recipientId: member.user.id });
    expect(received).toEqual([expect.objectContaining({ text: 'Hello Mia' })]);
    expect(await db.getRepository(NotificationEntity).countBy({ userId: member.user.id })).toBe(0);
    expect(await db.getRepository(NotificationEntity).countBy({ senderId: member.user.id })).toBe(0);
    expect(await db.getRepository(WorkoutLogEntity).countBy({ userId: member.user.id })).toBe(0);
    expect(await db.getRepository(BodyMeasurementEntity).countBy({ userId: member.user.id })).toBe(0);
    expect(await db.getRepository(PaymentEntity).findOneByOrFail({ id: payment.id })).toMatchObject({
      userId: member.user.id,
      amountMinor: payment.amountMinor,
      status: 'completed',
      payerName: null,
    });
    const audit = await db
      .getRepository(AuditEntryEntity)
      .findOneByOrFail({ action: 'delete_account', targetId: member.user.id });
    expect(audit).toMatchObject({
      actorId: member.user.id,
      actorName: 'Deleted account',
      targetType: 'user',
    });
  });

  it('lets the address register again', async () => {
    const member = await createSession(t);
    await deleteAccount(member).expect(204);
    await t
      .http()
      .post('/api/users/register/')
      .send({ first_name: 'Back', last_name: 'Again', email: member.user.email, password: 'a-new-password' })
      .expect(201);
  });

  it("unpublishes a trainer's programmes and tells their active subscribers, in the app and by e-mail", async () => {
    const coach = await createTrainer(t, { profilePicture: null });
    const published = await createProgram(t, coach.trainer, { isPublished: true, name: 'Core Basics' });
    const draft = await createProgram(t, coach.trainer, { isPublished: false });
    const member = await createUser(t, { firstName: 'Sam' });
    const former = await createUser(t);
    await subscribe(t, member.id, published);
    const ended = await subscribe(t, former.id, published);
    await db.query('UPDATE subscription SET active_flag = NULL, status = ? WHERE id = ?', [
      'cancelled',
      ended.subscription.id,
    ]);

    const mailed = nextMailJob(t.app.get(JobsService), 'mail.trainer-left', member.email);

    await deleteAccount(coach.session).expect(204);

    await expect(mailed).resolves.toEqual({
      to: member.email,
      firstName: 'Sam',
      programName: 'Core Basics',
      programId: published.id,
    });
    const programs = db.getRepository(ProgramEntity);
    expect(await programs.findOneByOrFail({ id: published.id })).toMatchObject({ isPublished: false });
    expect(await programs.findOneByOrFail({ id: draft.id })).toMatchObject({ isPublished: false });
    await t.http().get(`/api/fitness_programs/get_programme/${published.id}/`).expect(404);
    expect(await db.getRepository(TrainerEntity).findOneByOrFail({ id: coach.trainer.id })).toMatchObject({
      about: '',
      certifications: '',
      phone: '',
    });
    const told = await db.getRepository(NotificationEntity).findBy({ userId: member.id });
    expect(told).toEqual([
      expect.objectContaining({ category: 'program', message: TRAINER_LEFT_NEWS('Core Basics') }),
    ]);
    expect(await db.getRepository(NotificationEntity).countBy({ userId: former.id })).toBe(0);
  });
});
