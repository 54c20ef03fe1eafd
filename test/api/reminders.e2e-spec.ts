import { afterAll, beforeAll, describe, expect, it, jest } from '@jest/globals';
import { DataSource } from 'typeorm';
import type { ProgramUnlock } from '@fitcoach/contracts';
import { OutboxEntity } from '../../api/src/common/jobs/outbox.entity.js';
import { NotificationEntity } from '../../api/src/modules/chat/notification.entity.js';
import { LessonEntity } from '../../api/src/modules/lessons/lesson.entity.js';
import { ProgramEntity } from '../../api/src/modules/programs/program.entity.js';
import { NotificationSettingEntity } from '../../api/src/modules/reminders/notification-setting.entity.js';
import { PushService } from '../../api/src/modules/push/push.service.js';
import { RemindersJob } from '../../api/src/modules/reminders/reminders.job.js';
import { unsubscribeToken } from '../../api/src/modules/reminders/unsubscribe-token.js';
import { JWT_SECRET } from '../../api/src/modules/auth/auth.tokens.js';
import { SubscriptionEntity } from '../../api/src/modules/subscriptions/subscription.entity.js';
import { UserEntity } from '../../api/src/modules/users/user.entity.js';
import { createTestApp, type TestApp, useTestApp } from '../fixtures/app.js';
import { createProgram, createTrainer } from '../fixtures/catalogue.js';
import { eventually } from '../fixtures/eventually.js';
import { parseMail, startSmtpServer, type TestSmtpServer } from '../fixtures/smtp.js';
import { completeLessons, subscribe } from '../fixtures/subscriptions.js';
import { createSession, createUser, type Session, type UserFactoryOptions } from '../fixtures/users.js';

/*
 * The reminder job runs at the clock the tests give it, years ahead of the real one: the job's own runs every
 * minute (at the real time) never find these subscriptions due.
 */

interface Schedule {
  startDate: string;
  reminderTime: string;
  timezone?: string;
  /** When the job first looks at the subscription. */
  nextAt: Date;
}

interface MemberOptions {
  unlock?: ProgramUnlock;
  lessons?: number;
  /** Lesson numbers already completed. */
  completed?: number[];
  account?: UserFactoryOptions;
  user?: UserEntity;
}

async function programWithLessons(t: TestApp, unlock: ProgramUnlock, count: number) {
  const { trainer } = await createTrainer(t);
  const program = await createProgram(t, trainer, { isPublished: true, name: `Morning Flow ${unlock}` });
  const dataSource = t.app.get(DataSource);
  await dataSource.getRepository(ProgramEntity).update({ id: program.id }, { unlock });
  const lessons = await dataSource.getRepository(LessonEntity).save(
    Array.from({ length: count }, (_, i) => ({
      programId: program.id,
      number: i + 1,
      title: `Sun salutation ${i + 1}`,
      description: null,
      videoUrl: 'https://www.youtube.com/watch?v=dQw4w9WgXcQ',
      videoId: 'dQw4w9WgXcQ',
      image: null,
    })),
  );
  return { program, lessons };
}

/** A member subscribed to a programme of their own with the schedule given. */
async function member(t: TestApp, schedule: Schedule, options: MemberOptions = {}) {
  const user = options.user ?? (await createUser(t, { firstName: 'Mia', ...options.account }));
  const { program, lessons } = await programWithLessons(t, options.unlock ?? 'all', options.lessons ?? 3);
  const { subscription } = await subscribe(t, user.id, program);
  await t.app
    .get(DataSource)
    .getRepository(SubscriptionEntity)
    .update(
      { id: subscription.id },
      {
        startDate: schedule.startDate,
        reminderTime: schedule.reminderTime,
        timezone: schedule.timezone ?? 'UTC',
        nextReminderAt: schedule.nextAt,
      },
    );
  const done = lessons.filter((lesson) => options.completed?.includes(lesson.number));
  if (done.length > 0)
    await completeLessons(
      t,
      user.id,
      done.map((lesson) => lesson.id),
    );
  return { user, program, lessons, subscription };
}

function run(t: TestApp, now: string) {
  return t.app.get(RemindersJob).run(new Date(now));
}

/** The reminders written for the account: one outbox row per local day. */
async function remindersOf(t: TestApp, userId: number): Promise<string[]> {
  const rows = await t.app
    .get(DataSource)
    .getRepository(OutboxEntity)
    .createQueryBuilder('outbox')
    .where('outbox.dedupe_key LIKE :key', { key: `lesson-reminder-${userId}-%` })
    .orderBy('outbox.id')
    .getMany();
  return rows.map((row) => row.dedupeKey!.slice(`lesson-reminder-${userId}-`.length));
}

async function nextReminderOf(t: TestApp, subscriptionId: number): Promise<string | null> {
  const row = await t.app
    .get(DataSource)
    .getRepository(SubscriptionEntity)
    .findOneByOrFail({ id: subscriptionId });
  return row.nextReminderAt?.toISOString() ?? null;
}

async function lastReminderOn(t: TestApp, userId: number): Promise<string | null | undefined> {
  const row = await t.app.get(DataSource).getRepository(NotificationSettingEntity).findOneBy({ userId });
  return row?.lastReminderOn;
}

describe('notification settings', () => {
  const t = useTestApp();
  let session: Session;

  beforeAll(async () => {
    session = await createSession(t);
  });

  it('are all on for an account that never changed them', async () => {
    const res = await t.http().get('/api/users/notification_settings/').set('Authorization', session.bearer);
    expect(res.status).toBe(200);
    expect(res.body).toEqual({ reminder_emails: true, push_reminders: true, push_chat: true });
  });

  it('change the switches sent and keep the others', async () => {
    const own = await createSession(t);
    const put = await t
      .http()
      .put('/api/users/notification_settings/')
      .set('Authorization', own.bearer)
      .send({ push_chat: false });
    expect(put.status).toBe(200);
    expect(put.body).toEqual({ reminder_emails: true, push_reminders: true, push_chat: false });

    await t
      .http()
      .put('/api/users/notification_settings/')
      .set('Authorization', own.bearer)
      .send({ reminder_emails: false, push_chat: true })
      .expect(200, { reminder_emails: false, push_reminders: true, push_chat: true });
    await t
      .http()
      .get('/api/users/notification_settings/')
      .set('Authorization', own.bearer)
      .expect(200, { reminder_emails: false, push_reminders: true, push_chat: true });
    // Another account's settings are untouched.
    await t
      .http()
      .get('/api/users/notification_settings/')
      .set('Authorization', session.bearer)
      .expect(200, { reminder_emails: true, push_reminders: true, push_chat: true });
  });

  it.each([
    [{ reminder_emails: 'no' }, 'reminder_emails'],
    [{ push_reminders: 1 }, 'push_reminders'],
    [{ push_chat: null }, 'push_chat'],
    [{ push_chat: 'true' }, 'push_chat'],
  ])('refuse %j with a 400 naming the field', async (body, field) => {
    const res = await t
      .http()
      .put('/api/users/notification_settings/')
      .set('Authorization', session.bearer)
      .send(body);
    expect(res.status).toBe(400);
    expect(res.body).toMatchObject({
      statusCode: 400,
      message: `${field} must be true or false`,
      errors: [{ field, message: `${field} must be true or false` }],
    });
  });

  it('refuse an unknown field, and change nothing', async () => {
    const own = await createSession(t);
    const res = await t
      .http()
      .put('/api/users/notification_settings/')
      .set('Authorization', own.bearer)
      .send({ push_chat: false, sms: true });
    expect(res.status).toBe(400);
    expect(res.body.message).toContain('"sms"');
    await t
      .http()
      .get('/api/users/notification_settings/')
      .set('Authorization', own.bearer)
      .expect(200, { reminder_emails: true, push_reminders: true, push_chat: true });
  });

  it('are refused to visitors', async () => {
    await t.http().get('/api/users/notification_settings/').expect(401);
    await t.http().put('/api/users/notification_settings/').send({ push_chat: false }).expect(401);
  });
});

describe('the reminder job', () => {
  const t = useTestApp();

  it('mails a member whose reminder time came, records the day and moves to the next day', async () => {
    const m = await member(t, {
      startDate: '2031-01-10',
      reminderTime: '07:00',
      nextAt: new Date('2031-01-10T07:00:00Z'),
    });
    // Not yet.
    await run(t, '2031-01-10T06:59:00Z');
    expect(await remindersOf(t, m.user.id)).toEqual([]);

    await run(t, '2031-01-10T07:00:20Z');
    expect(await remindersOf(t, m.user.id)).toEqual(['2031-01-10']);
    expect(await lastReminderOn(t, m.user.id)).toBe('2031-01-10');
    expect(await nextReminderOf(t, m.subscription.id)).toBe('2031-01-11T07:00:00.000Z');

    // A second run the same minute finds nothing due.
    await run(t, '2031-01-10T07:00:40Z');
    expect(await remindersOf(t, m.user.id)).toEqual(['2031-01-10']);

    // The next day, again.
    await run(t, '2031-01-11T07:00:10Z');
    expect(await remindersOf(t, m.user.id)).toEqual(['2031-01-10', '2031-01-11']);
    expect(await nextReminderOf(t, m.subscription.id)).toBe('2031-01-12T07:00:00.000Z');
  });

  it("announces each reminder to the member's devices, naming the lesson and its page", async () => {
    const m = await member(t, {
      startDate: '2031-02-10',
      reminderTime: '07:00',
      nextAt: new Date('2031-02-10T07:00:00Z'),
    });
    const sendReminder = jest.spyOn(t.app.get(PushService), 'sendReminder');
    try {
      await run(t, '2031-02-10T07:00:20Z');
      // Members of earlier tests are due again by then: only this one's push is looked at. The event's listener
      // asks for the push before the run returns.
      expect(sendReminder.mock.calls.filter(([userId]) => userId === m.user.id)).toEqual([
        [
          m.user.id,
          {
            title: `Lesson 1 of ${m.program.name}`,
            body: '"Sun salutation 1" is waiting for you today.',
            url: `/programLesson/${m.program.id}`,
          },
        ],
      ]);
    } finally {
      sendReminder.mockRestore();
    }
  });

  it("tells a daily programme's member in the app that the lesson opened today", async () => {
    const m = await member(
      t,
      { startDate: '2031-02-01', reminderTime: '08:00', nextAt: new Date('2031-02-03T08:00:00Z') },
      { unlock: 'daily', completed: [1, 2] },
    );
    await run(t, '2031-02-03T08:00:05Z');
    expect(await remindersOf(t, m.user.id)).toEqual(['2031-02-03']);
    const news = await t.app.get(DataSource).getRepository(NotificationEntity).findBy({ userId: m.user.id });
    expect(news.map((row) => row.message)).toEqual(['Lesson 3 is open today']);
  });

  it("sends nothing when today's lesson is done, and looks again the next day", async () => {
    // A daily programme on day 1: lesson 1 is open and already completed.
    const m = await member(
      t,
      { startDate: '2031-03-01', reminderTime: '09:00', nextAt: new Date('2031-03-01T09:00:00Z') },
      { unlock: 'daily', completed: [1] },
    );
    await run(t, '2031-03-01T09:00:30Z');
    expect(await remindersOf(t, m.user.id)).toEqual([]);
    expect(await nextReminderOf(t, m.subscription.id)).toBe('2031-03-02T09:00:00.000Z');

    // Day 2 opens lesson 2.
    await run(t, '2031-03-02T09:00:30Z');
    expect(await remindersOf(t, m.user.id)).toEqual(['2031-03-02']);
  });

  it('stops once every lesson is completed', async () => {
    const m = await member(
      t,
      { startDate: '2031-04-01', reminderTime: '09:00', nextAt: new Date('2031-04-05T09:00:00Z') },
      { completed: [1, 2, 3] },
    );
    await run(t, '2031-04-05T09:01:00Z');
    expect(await remindersOf(t, m.user.id)).toEqual([]);
    expect(await nextReminderOf(t, m.subscription.id)).toBeNull();
  });

  it('sends nothing to an account that turned reminder e-mails off, that is blocked or unverified', async () => {
    const schedule = {
      startDate: '2031-05-01',
      reminderTime: '10:00',
      nextAt: new Date('2031-05-01T10:00:00Z'),
    };
    const optedOut = await member(t, schedule);
    await t.app
      .get(DataSource)
      .getRepository(NotificationSettingEntity)
      .insert({ userId: optedOut.user.id, reminderEmails: false, lastReminderOn: null });
    const blocked = await member(t, schedule, { account: { blocked: true } });
    const unverified = await member(t, schedule, { account: { verified: false } });
    const mailed = await member(t, schedule);

    await run(t, '2031-05-01T10:00:10Z');
    expect(await remindersOf(t, optedOut.user.id)).toEqual([]);
    expect(await remindersOf(t, blocked.user.id)).toEqual([]);
    expect(await remindersOf(t, unverified.user.id)).toEqual([]);
    expect(await remindersOf(t, mailed.user.id)).toEqual(['2031-05-01']);
    // They are looked at again tomorrow: turning reminders back on needs nothing else.
    expect(await nextReminderOf(t, optedOut.subscription.id)).toBe('2031-05-02T10:00:00.000Z');
  });

  it('sends one reminder a day to a member with two subscriptions', async () => {
    const first = await member(t, {
      startDate: '2031-06-01',
      reminderTime: '07:00',
      nextAt: new Date('2031-06-01T07:00:00Z'),
    });
    const second = await member(
      t,
      { startDate: '2031-06-01', reminderTime: '07:00', nextAt: new Date('2031-06-01T07:00:00Z') },
      { user: first.user },
    );
    const later = await member(
      t,
      { startDate: '2031-06-01', reminderTime: '19:00', nextAt: new Date('2031-06-01T19:00:00Z') },
      { user: first.user },
    );
    await run(t, '2031-06-01T07:00:10Z');
    await run(t, '2031-06-01T19:00:10Z');
    expect(await remindersOf(t, first.user.id)).toEqual(['2031-06-01']);
    expect(await nextReminderOf(t, second.subscription.id)).toBe('2031-06-02T07:00:00.000Z');
    expect(await nextReminderOf(t, later.subscription.id)).toBe('2031-06-02T19:00:00.000Z');

    await run(t, '2031-06-02T07:00:10Z');
    expect(await remindersOf(t, first.user.id)).toEqual(['2031-06-01', '2031-06-02']);
  });

  it("counts the day and the time in the member's zone: Asia/Kolkata", async () => {
    // 05:00 in Kolkata (UTC+05:30) is 23:30 UTC the day before.
    const m = await member(t, {
      startDate: '2031-07-10',
      reminderTime: '05:00',
      timezone: 'Asia/Kolkata',
      nextAt: new Date('2031-07-09T23:30:00Z'),
    });
    await run(t, '2031-07-09T23:29:00Z');
    expect(await remindersOf(t, m.user.id)).toEqual([]);
    await run(t, '2031-07-09T23:30:30Z');
    expect(await remindersOf(t, m.user.id)).toEqual(['2031-07-10']);
    expect(await lastReminderOn(t, m.user.id)).toBe('2031-07-10');
    expect(await nextReminderOf(t, m.subscription.id)).toBe('2031-07-10T23:30:00.000Z');
  });

  it("keeps the member's hour across Europe/Berlin's change to summer time", async () => {
    // Summer time starts on 30 March 2031 at 02:00: 08:00 is 07:00 UTC before, 06:00 UTC after.
    const m = await member(t, {
      startDate: '2031-03-20',
      reminderTime: '08:00',
      timezone: 'Europe/Berlin',
      nextAt: new Date('2031-03-29T07:00:00Z'),
    });
    await run(t, '2031-03-29T07:00:10Z');
    expect(await nextReminderOf(t, m.subscription.id)).toBe('2031-03-30T06:00:00.000Z');
    await run(t, '2031-03-30T06:00:10Z');
    expect(await remindersOf(t, m.user.id)).toEqual(['2031-03-29', '2031-03-30']);
    expect(await nextReminderOf(t, m.subscription.id)).toBe('2031-03-31T06:00:00.000Z');

    // 02:30 does not exist that night: the reminder comes at 03:30 summer time, 01:30 UTC.
    const skipped = await member(t, {
      startDate: '2031-03-20',
      reminderTime: '02:30',
      timezone: 'Europe/Berlin',
      nextAt: new Date('2031-03-29T01:30:00Z'),
    });
    await run(t, '2031-03-29T01:30:10Z');
    expect(await nextReminderOf(t, skipped.subscription.id)).toBe('2031-03-30T01:30:00.000Z');
  });

  it('forgets a subscription that ended', async () => {
    const m = await member(t, {
      startDate: '2031-08-01',
      reminderTime: '07:00',
      nextAt: new Date('2031-08-01T07:00:00Z'),
    });
    await t.app
      .get(DataSource)
      .getRepository(SubscriptionEntity)
      .update({ id: m.subscription.id }, { activeFlag: null, status: 'cancelled' });
    await run(t, '2031-08-01T07:00:10Z');
    expect(await remindersOf(t, m.user.id)).toEqual([]);
    expect(await nextReminderOf(t, m.subscription.id)).toBeNull();
  });
});

describe('the reminder mail and its unsubscribe link', () => {
  let smtp: TestSmtpServer;
  let t: TestApp;

  beforeAll(async () => {
    smtp = await startSmtpServer();
    t = await createTestApp({ env: { SMTP_URL: smtp.url, SITE_NAME: 'FitCoach' } });
  });
  afterAll(async () => {
    await t.close();
    await smtp.close();
  });

  async function reminderMail(to: string) {
    await eventually(() => smtp.received.some((mail) => mail.to.includes(to)));
    return parseMail(smtp.received.find((mail) => mail.to.includes(to))!.raw);
  }

  it('names the programme and the lesson, links to it and to a one-click unsubscribe', async () => {
    const m = await member(
      t,
      { startDate: '2031-09-01', reminderTime: '07:00', nextAt: new Date('2031-09-02T07:00:00Z') },
      { unlock: 'daily', completed: [1] },
    );
    await run(t, '2031-09-02T07:00:10Z');
    const mail = await reminderMail(m.user.email);

    expect(mail.headers.subject).toBe(`Lesson 2 of ${m.program.name} is open today on FitCoach`);
    expect(mail.text).toContain('Hi Mia,');
    expect(mail.text).toContain(
      `A new lesson of ${m.program.name} opened today: Lesson 2: Sun salutation 2.`,
    );
    expect(mail.text).toContain(`${t.config.publicUrl}/programLesson/${m.program.id}`);
    const link = new RegExp(`${t.config.publicUrl}/unsubscribe/reminders\\?token=([\\w.-]+)`).exec(mail.text);
    expect(link).not.toBeNull();
    expect(mail.html).toContain('Unsubscribe from lesson reminders');
    expect(mail.headers['list-unsubscribe']).toBe(`<${link![0]}>`);
    expect(mail.headers['list-unsubscribe-post']).toBe('List-Unsubscribe=One-Click');

    const session = await createSession(t);
    const token = decodeURIComponent(link![1]);
    const res = await t.http().post('/api/users/notification_settings/unsubscribe/').send({ token });
    expect(res.status).toBe(200);
    expect(res.body).toEqual({ message: 'You will no longer receive lesson reminders.' });
    const own = await t.app.get(DataSource).getRepository(NotificationSettingEntity).findOneByOrFail({
      userId: m.user.id,
    });
    expect(own.reminderEmails).toBeFalsy();
    // Used again, the link answers the same.
    await t.http().post('/api/users/notification_settings/unsubscribe/').send({ token }).expect(200);
    // Another account's settings stay.
    await t
      .http()
      .get('/api/users/notification_settings/')
      .set('Authorization', session.bearer)
      .expect(200, { reminder_emails: true, push_reminders: true, push_chat: true });

    // No reminder the day after.
    await run(t, '2031-09-03T07:00:10Z');
    expect(await remindersOf(t, m.user.id)).toEqual(['2031-09-02']);
  });

  it.each([
    ['a forged signature', (token: string) => `${token.slice(0, -2)}xx`],
    ['another account with the same signature', (token: string) => `9${token}`],
    ['no signature', (token: string) => token.split('.')[0]],
    ['a text', () => 'unsubscribe-me'],
  ])('refuses %s with a 400', async (_name, forge) => {
    const { user } = await member(t, {
      startDate: '2031-10-01',
      reminderTime: '07:00',
      nextAt: new Date('2031-10-01T07:00:00Z'),
    });
    const token = unsubscribeToken(t.app.get<string>(JWT_SECRET), user.id);
    const res = await t
      .http()
      .post('/api/users/notification_settings/unsubscribe/')
      .send({ token: forge(token) });
    expect(res.status).toBe(400);
    expect(res.body).toEqual({ statusCode: 400, message: 'This unsubscribe link is not valid.' });
    expect(
      await t.app.get(DataSource).getRepository(NotificationSettingEntity).findOneBy({ userId: user.id }),
    ).toBeNull();
  });

  it('refuses a missing token with a 400 naming the field', async () => {
    const res = await t.http().post('/api/users/notification_settings/unsubscribe/').send({});
    expect(res.status).toBe(400);
    expect(res.body.errors).toEqual([{ field: 'token', message: 'token is required' }]);
  });
});
