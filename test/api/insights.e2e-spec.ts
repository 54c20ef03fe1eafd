import { beforeAll, describe, expect, it } from '@jest/globals';
import { INSIGHTS_MESSAGES, type TrainerInsightsResponse } from '@fitcoach/contracts';
import { DataSource } from 'typeorm';
import type { LessonEntity } from '../../api/src/modules/lessons/lesson.entity.js';
import { PaymentEntity } from '../../api/src/modules/payments/payment.entity.js';
import type { ProgramEntity } from '../../api/src/modules/programs/program.entity.js';
import { SubscriptionEntity } from '../../api/src/modules/subscriptions/subscription.entity.js';
import type { TrainerEntity } from '../../api/src/modules/trainers/trainer.entity.js';
import { useTestApp } from '../fixtures/app.js';
import { createLesson, createProgram, createTrainer } from '../fixtures/catalogue.js';
import { fieldRefusal, refusal } from '../fixtures/refusals.js';
import { completeLessons, subscribe } from '../fixtures/subscriptions.js';
import { createSession, createUser, type Session } from '../fixtures/users.js';

const t = useTestApp();

const DAY_MS = 24 * 60 * 60 * 1000;
// A minute more than whole days, so that "quiet for n days" is n however long the test takes.
const daysAgo = (days: number) => new Date(Date.now() - days * DAY_MS - 60_000);
const day = (at: Date) => at.toISOString().slice(0, 10);

const get = (path: string, session: Session | null) => {
  const request = t.http().get(path);
  return session ? request.set('Authorization', session.bearer) : request;
};

type Row = Record<string, number | string | null>;

describe('a trainer’s insights', () => {
  let coach: { trainer: TrainerEntity; session: Session };
  let yoga: ProgramEntity;
  let lifting: ProgramEntity;
  let yogaLessons: LessonEntity[];
  const from = day(daysAgo(20));
  const to = day(daysAgo(0));
  const mine = (query = `?from=${from}&to=${to}`) => `/api/trainers/me/insights/${query}`;

  /** A member paying `days` ago, who completed `done` of the yoga lessons, the last `quietFor` days ago. */
  async function yogaMember(days: number, done: number, quietFor: number, refundedDaysAgo?: number) {
    const user = await createUser(t, { firstName: 'Mia', lastName: `Member${days}` });
    const { payment, subscription } = await subscribe(t, user.id, yoga, { startedAt: daysAgo(days) });
    const payments = t.app.get(DataSource).getRepository(PaymentEntity);
    await payments.update({ id: payment.id }, { completedAt: daysAgo(days) });
    for (const [index, lesson] of yogaLessons.slice(0, done).entries()) {
      const at = daysAgo(quietFor + (done - 1 - index));
      await completeLessons(t, user.id, [lesson.id], at);
    }
    if (refundedDaysAgo !== undefined) {
      await payments.update({ id: payment.id }, { status: 'refunded', refundedAt: daysAgo(refundedDaysAgo) });
      await t.app
        .get(DataSource)
        .getRepository(SubscriptionEntity)
        .update(
          { id: subscription.id },
          { status: 'refunded', activeFlag: null, endedAt: daysAgo(refundedDaysAgo) },
        );
    }
    return user;
  }

  beforeAll(async () => {
    coach = await createTrainer(t);
    yoga = await createProgram(t, coach.trainer, { isPublished: true, priceMinor: 4900, currency: 'USD' });
    lifting = await createProgram(t, coach.trainer, { isPublished: true, priceMinor: 3000, currency: 'EUR' });
    yogaLessons = [];
    for (let n = 0; n < 4; n += 1) yogaLessons.push(await createLesson(t, yoga));
    await createLesson(t, lifting);
    // Paid 10 days ago, finished all four lessons 2 days ago.
    await yogaMember(10, 4, 2);
    // Paid 15 days ago, two lessons, the last 9 days ago: needs attention.
    await yogaMember(15, 2, 9);
    // Paid 30 days ago (before the range), one lesson 25 days ago: needs attention too.
    await yogaMember(30, 1, 25);
    // Paid 12 days ago, refunded 5 days ago: counted paid and refunded, no longer active.
    await yogaMember(12, 1, 11, 5);
    // A lifting member who paid 3 days ago in euros, nothing done yet (not quiet for 7 days).
    const lifter = await createUser(t);
    const { payment } = await subscribe(t, lifter.id, lifting, { startedAt: daysAgo(3) });
    await t.app
      .get(DataSource)
      .getRepository(PaymentEntity)
      .update({ id: payment.id }, { completedAt: daysAgo(3) });
    // Another trainer's sales never show.
    const other = await createTrainer(t);
    const theirs = await createProgram(t, other.trainer, { isPublished: true });
    await subscribe(t, (await createUser(t)).id, theirs);
  });

  it('answers the figures of the range, exactly as counted from the rows', async () => {
    const res = await get(mine(), coach.session).expect(200);
    const body = res.body as TrainerInsightsResponse;
    expect(body).toMatchObject({ trainer: coach.trainer.id, from, to, new_subscribers: 4, refunds: 1 });
    // Yoga: three payments of 49 in the range (one refunded); lifting: one of 30.
    expect(body.revenue.map(({ days: _days, ...money }) => money)).toEqual([
      { currency: 'EUR', completed: 30, refunded: 0, net: 30 },
      { currency: 'USD', completed: 147, refunded: 49, net: 98 },
    ]);
    const usd = body.revenue.find((money) => money.currency === 'USD');
    expect(usd?.days).toHaveLength(21);
    expect(usd?.days.find((entry) => entry.date === day(daysAgo(5)))).toEqual({
      date: day(daysAgo(5)),
      completed: 0,
      refunded: 49,
      net: -49,
    });
    expect(body.active_subscribers).toBe(4);
    const yogaFigures = body.programs.find((program) => program.id === yoga.id);
    expect(yogaFigures).toMatchObject({
      new_subscribers: 3,
      active_subscribers: 3,
      refunds: 1,
      finished: 1,
      median_days_to_finish: 8,
      revenue: [{ currency: 'USD', completed: 147, refunded: 49, net: 98 }],
    });
    expect(yogaFigures?.funnel.map((step) => step.members)).toEqual([4, 2, 1, 1]);
    expect(body.inactive.count).toBe(2);
    expect(body.inactive.results.map((entry) => entry.inactive_days)).toEqual([25, 9]);
    expect(body.inactive.results[0]).toMatchObject({ name: 'Mia Member30', program: { id: yoga.id } });

    // The same figures from the tables themselves.
    const db = t.app.get(DataSource);
    // Both databases compare their stored datetimes with this text.
    const start = `${from} 00:00:00.000`;
    const end = `${day(new Date(Date.parse(`${to}T00:00:00Z`) + DAY_MS))} 00:00:00.000`;
    const ids = [yoga.id, lifting.id];
    const [paid] = (await db.query(
      `SELECT COALESCE(SUM(amount_minor), 0) AS minor FROM payment
       WHERE program_id IN (?, ?) AND currency = 'USD' AND status IN ('completed', 'refunded')
       AND completed_at >= ? AND completed_at < ?`,
      [...ids, start, end],
    )) as Row[];
    const [refunded] = (await db.query(
      `SELECT COALESCE(SUM(amount_minor), 0) AS minor, COUNT(*) AS n FROM payment
       WHERE program_id IN (?, ?) AND status = 'refunded' AND refunded_at >= ? AND refunded_at < ?`,
      [...ids, start, end],
    )) as Row[];
    expect(usd?.completed).toBe(Number(paid.minor) / 100);
    expect(usd?.refunded).toBe(Number(refunded.minor) / 100);
    expect(body.refunds).toBe(Number(refunded.n));
    const [started] = (await db.query(
      'SELECT COUNT(*) AS n FROM subscription WHERE program_id IN (?, ?) AND started_at >= ? AND started_at < ?',
      [...ids, start, end],
    )) as Row[];
    expect(body.new_subscribers).toBe(Number(started.n));
    const [active] = (await db.query(
      'SELECT COUNT(DISTINCT user_id) AS n FROM subscription WHERE program_id IN (?, ?) AND active_flag = 1',
      ids,
    )) as Row[];
    expect(body.active_subscribers).toBe(Number(active.n));
    const funnel = (await db.query(
      `SELECT l.number, COUNT(c.id) AS n FROM lesson l LEFT JOIN lesson_completion c ON c.lesson_id = l.id
       WHERE l.program_id = ? GROUP BY l.number ORDER BY l.number`,
      [yoga.id],
    )) as Row[];
    expect(yogaFigures?.funnel.map((step) => step.members)).toEqual(funnel.map((row) => Number(row.n)));
    const finishers = (await db.query(
      `SELECT c.user_id, MAX(c.completed_at) AS last FROM lesson_completion c JOIN lesson l ON l.id = c.lesson_id
       WHERE l.program_id = ? GROUP BY c.user_id HAVING COUNT(*) = (SELECT COUNT(*) FROM lesson WHERE program_id = ?)`,
      [yoga.id, yoga.id],
    )) as Row[];
    expect(yogaFigures?.finished).toBe(finishers.length);
  });

  it('gives the last 30 days without a range, and each programme even without sales', async () => {
    const body = (await get(mine(''), coach.session).expect(200)).body as TrainerInsightsResponse;
    expect(body.to).toBe(day(new Date()));
    expect(body.from).toBe(day(new Date(Date.now() - 29 * DAY_MS)));
    expect(body.new_subscribers).toBe(4);
    const older = (
      await get(mine(`?from=${day(daysAgo(400))}&to=${day(daysAgo(100))}`), coach.session).expect(200)
    ).body as TrainerInsightsResponse;
    expect(older).toMatchObject({ revenue: [], new_subscribers: 0, refunds: 0, active_subscribers: 4 });
    expect(
      older.programs.map((program) => [program.id, program.finished, program.median_days_to_finish]),
    ).toEqual([
      [yoga.id, 0, null],
      [lifting.id, 0, null],
    ]);
  });

  it('counts a finish marked through the API, on the day of the last lesson', async () => {
    const session = await createSession(t);
    await subscribe(t, session.user.id, lifting);
    const [lesson] = (await t.app
      .get(DataSource)
      .query('SELECT number FROM lesson WHERE program_id = ?', [lifting.id])) as { number: number }[];
    await t
      .http()
      .get(`/api/fitness_programs/updatelessonProgress/${lifting.id}-${lesson.number}/`)
      .set('Authorization', session.bearer)
      .expect(201);
    const body = (await get(mine(''), coach.session).expect(200)).body as TrainerInsightsResponse;
    expect(body.programs.find((program) => program.id === lifting.id)).toMatchObject({
      finished: 1,
      median_days_to_finish: 0,
      funnel: [{ number: lesson.number, members: 1 }],
    });
  });

  it('downloads the revenue per day and the programmes as spreadsheets', async () => {
    const revenue = await get(`/api/trainers/me/insights/revenue/csv/?from=${from}&to=${to}`, coach.session)
      .buffer(true)
      .expect(200);
    expect(revenue.headers['content-type']).toMatch(/^text\/csv/);
    expect(revenue.headers['content-disposition']).toBe(
      `attachment; filename="fitcoach-revenue-${from}-${to}.csv"`,
    );
    const lines = revenue.text
      .replace(/^\uFEFF/, '')
      .trim()
      .split('\r\n');
    expect(lines[0]).toBe('date,currency,completed,refunded,net');
    expect(lines).toHaveLength(1 + 2 * 21);
    expect(lines).toContain(`${day(daysAgo(5))},USD,0,49,-49`);
    const programs = await get(`/api/trainers/me/insights/programs/csv/?from=${from}&to=${to}`, coach.session)
      .buffer(true)
      .expect(200);
    const rows = programs.text
      .replace(/^\uFEFF/, '')
      .trim()
      .split('\r\n');
    expect(rows[0]).toBe(
      'programme,published,currency,completed,refunded,net,new_subscribers,active_subscribers,refunds,finished,median_days_to_finish',
    );
    expect(rows).toContain(`${yoga.name},yes,USD,147,49,98,3,3,1,1,8`);
  });

  it('refuses malformed, reversed and overlong ranges', async () => {
    await get(mine('?from=2026-13-01'), coach.session).expect(
      400,
      fieldRefusal(400, 'from', INSIGHTS_MESSAGES.date('from')),
    );
    await get(mine('?to=yesterday'), coach.session).expect(
      400,
      fieldRefusal(400, 'to', INSIGHTS_MESSAGES.date('to')),
    );
    await get(mine('?from=2026-02-30'), coach.session).expect(400);
    await get(mine('?from[]=2026-01-01'), coach.session).expect(400);
    await get(mine('?from=2026-03-02&to=2026-03-01'), coach.session).expect(
      400,
      fieldRefusal(400, 'from', INSIGHTS_MESSAGES.order),
    );
    await get(mine('?from=2025-01-01&to=2026-01-02'), coach.session).expect(
      400,
      fieldRefusal(400, 'to', INSIGHTS_MESSAGES.tooLong),
    );
    await get(mine('?from=2024-01-01&to=2024-12-31'), coach.session).expect(200);
    await get(mine('?from=9999-12-01&to=9999-12-31'), coach.session).expect(
      400,
      fieldRefusal(400, 'from', INSIGHTS_MESSAGES.outOfBounds('from')),
    );
    await get(mine('?from=1969-12-31&to=1970-01-01'), coach.session).expect(400);
    await get(mine('?from=9998-12-01&to=9998-12-31'), coach.session).expect(200);
    await get(mine('?to=1970-01-05'), coach.session).expect(200);
    await get(`/api/trainers/me/insights/revenue/csv/?from=2026-03-02&to=2026-03-01`, coach.session).expect(
      400,
    );
  });

  it('shows a trainer only their own figures; superusers any trainer’s', async () => {
    await get(mine(), null).expect(401);
    const member = await createSession(t);
    await get(mine(), member).expect(403);
    await get('/api/trainers/me/insights/revenue/csv/', member).expect(403);
    await get('/api/trainers/me/insights/programs/csv/', member).expect(403);
    await get(`/api/trainers/${coach.trainer.id}/insights/`, member).expect(403);
    const other = await createTrainer(t);
    await get(`/api/trainers/${coach.trainer.id}/insights/`, other.session).expect(
      403,
      refusal(403, INSIGHTS_MESSAGES.notYours),
    );
    const empty = (await get(mine(), other.session).expect(200)).body as TrainerInsightsResponse;
    expect(empty).toMatchObject({
      trainer: other.trainer.id,
      programs: [],
      revenue: [],
      active_subscribers: 0,
    });
    const own = (
      await get(`/api/trainers/${coach.trainer.id}/insights/?from=${from}&to=${to}`, coach.session).expect(
        200,
      )
    ).body as TrainerInsightsResponse;
    expect(own).toEqual((await get(mine(), coach.session).expect(200)).body);
    const superuser = await createSession(t, { superuser: true });
    const seen = (
      await get(`/api/trainers/${coach.trainer.id}/insights/?from=${from}&to=${to}`, superuser).expect(200)
    ).body as TrainerInsightsResponse;
    expect(seen).toEqual(own);
    await get('/api/trainers/999999/insights/', superuser).expect(404);
    await get('/api/trainers/abc/insights/', superuser).expect(404);
  });
});
