import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import type { AdminPresenceEvent, AdminStatsResponse, Money } from '@fitcoach/contracts';
import { DataSource } from 'typeorm';
import { PaymentEntity } from '../../api/src/modules/payments/payment.entity.js';
import { SubscriptionEntity } from '../../api/src/modules/subscriptions/subscription.entity.js';
import { createTestApp, type TestApp } from '../fixtures/app.js';
import { createProgram, createTrainer } from '../fixtures/catalogue.js';
import { buyProgram } from '../fixtures/payments.js';
import { REFUSED } from '../fixtures/refusals.js';
import { connect, listen } from '../fixtures/sockets.js';
import { createSession, type Session } from '../fixtures/users.js';

const BUYERS = 25;

let t: TestApp;
let superuser: Session;

async function stats(): Promise<AdminStatsResponse> {
  return (await t.http().get('/api/admin/stats/').set('Authorization', superuser.bearer).expect(200)).body;
}

const inCurrency = (list: Money[], currency: string) =>
  list.find((m) => m.currency === currency)?.amount ?? 0;

beforeAll(async () => {
  t = await createTestApp();
  superuser = await createSession(t, { superuser: true });
});

afterAll(async () => {
  await t.close();
});

describe('GET /api/admin/stats/', () => {
  it('refuses visitors, members and trainers', async () => {
    const member = await createSession(t);
    const { session: trainer } = await createTrainer(t);
    await t.http().get('/api/admin/stats/').expect(401, REFUSED.notAuthenticated);
    await t
      .http()
      .get('/api/admin/stats/')
      .set('Authorization', member.bearer)
      .expect(403, REFUSED.forbidden);
    await t
      .http()
      .get('/api/admin/stats/')
      .set('Authorization', trainer.bearer)
      .expect(403, REFUSED.forbidden);
  });

  it('counts what was created and sold, a refund taken off, per currency and per day', async () => {
    const before = await stats();
    const { trainer } = await createTrainer(t, { account: { firstName: 'Tom', lastName: 'Top' } });
    const popular = await createProgram(t, trainer, {
      isPublished: true,
      priceMinor: 150000,
      currency: 'USD',
    });
    const euro = await createProgram(t, trainer, { isPublished: true, priceMinor: 2000, currency: 'EUR' });
    // More buyers than any other test file gives a programme (on MariaDB a jest worker's files share a database),
    // so that this one heads Top Programs.
    const buyers: Session[] = [];
    for (let i = 0; i < BUYERS; i += 1) buyers.push(await createSession(t));
    for (const buyer of buyers) await buyProgram(t.http(), buyer.bearer, popular.id);
    const { order } = await buyProgram(t.http(), buyers[0].bearer, euro.id);
    // The EUR payment is refunded (as PayPal's refund webhook records it): its money and subscription go.
    const data = t.app.get(DataSource);
    await data.getRepository(PaymentEntity).update({ orderId: order.id }, { status: 'refunded' });
    await data
      .getRepository(SubscriptionEntity)
      .update({ programId: euro.id }, { status: 'refunded', activeFlag: null, endedAt: new Date() });

    const after = await stats();
    expect(after.totals.users - before.totals.users).toBe(BUYERS + 1);
    expect(after.totals.trainers - before.totals.trainers).toBe(1);
    expect(after.totals.programs - before.totals.programs).toBe(2);
    expect(after.totals.active_subscriptions - before.totals.active_subscriptions).toBe(BUYERS);
    expect(inCurrency(after.totals.revenue, 'USD') - inCurrency(before.totals.revenue, 'USD')).toBe(
      BUYERS * 1500,
    );
    expect(inCurrency(after.totals.revenue, 'EUR') - inCurrency(before.totals.revenue, 'EUR')).toBe(0);

    expect(after.top_programs).toContainEqual({
      id: popular.id,
      name: popular.name,
      users: BUYERS,
      trainer: 'Tom Top',
      revenue: [{ currency: 'USD', amount: BUYERS * 1500 }],
    });
    // Listed or not (few programmes in the database), the refunded one counts no user and no money.
    for (const listed of after.top_programs.filter((p) => p.id === euro.id)) {
      expect(listed).toEqual(expect.objectContaining({ users: 0, revenue: [] }));
    }

    expect(after.days).toHaveLength(30);
    const today = new Date().toISOString().slice(0, 10);
    expect(after.days.at(-1)?.date).toBe(today);
    const todayBefore = before.days.at(-1)!;
    const todayAfter = after.days.at(-1)!;
    expect(todayAfter.subscriptions - todayBefore.subscriptions).toBe(BUYERS + 1);
    expect(inCurrency(todayAfter.revenue, 'USD') - inCurrency(todayBefore.revenue, 'USD')).toBe(
      BUYERS * 1500,
    );
  });

  it('gives JPY and INR revenue in their own units: yen have no minor unit, rupees have paise', async () => {
    const before = await stats();
    const { trainer } = await createTrainer(t);
    const yen = await createProgram(t, trainer, { isPublished: true, priceMinor: 3900, currency: 'JPY' });
    const rupees = await createProgram(t, trainer, {
      isPublished: true,
      priceMinor: 129950,
      currency: 'INR',
    });
    const buyer = await createSession(t);
    await buyProgram(t.http(), buyer.bearer, yen.id);
    await buyProgram(t.http(), buyer.bearer, rupees.id);
    const after = await stats();
    const gained = (list: (s: AdminStatsResponse) => Money[], currency: string) =>
      inCurrency(list(after), currency) - inCurrency(list(before), currency);
    expect(gained((s) => s.totals.revenue, 'JPY')).toBe(3900);
    expect(gained((s) => s.totals.revenue, 'INR')).toBeCloseTo(1299.5, 2);
    expect(gained((s) => s.days.at(-1)!.revenue, 'JPY')).toBe(3900);
  });

  it('gives each day of the last 30 its own money and subscriptions, and each top programme its own revenue', async () => {
    const before = await stats();
    const { trainer } = await createTrainer(t);
    const early = await createProgram(t, trainer, { isPublished: true, priceMinor: 1000, currency: 'USD' });
    const recent = await createProgram(t, trainer, { isPublished: true, priceMinor: 3000, currency: 'USD' });
    for (const program of [early, recent])
      await buyProgram(t.http(), (await createSession(t)).bearer, program.id);
    // One sale three days ago, one forty days ago: outside the 30 days, it counts in the totals only.
    const data = t.app.get(DataSource);
    const daysAgo = (n: number) => new Date(Date.now() - n * 24 * 60 * 60 * 1000);
    for (const [program, when] of [
      [recent, daysAgo(3)],
      [early, daysAgo(40)],
    ] as const) {
      await data.getRepository(PaymentEntity).update({ programId: program.id }, { completedAt: when });
      await data.getRepository(SubscriptionEntity).update({ programId: program.id }, { startedAt: when });
    }

    const after = await stats();
    expect(inCurrency(after.totals.revenue, 'USD') - inCurrency(before.totals.revenue, 'USD')).toBe(40);
    const threeDaysAgo = daysAgo(3).toISOString().slice(0, 10);
    const change = after.days.map((day, i) => ({
      date: day.date,
      usd: inCurrency(day.revenue, 'USD') - inCurrency(before.days[i].revenue, 'USD'),
      subscriptions: day.subscriptions - before.days[i].subscriptions,
    }));
    expect(change.filter((day) => day.usd !== 0 || day.subscriptions !== 0)).toEqual([
      { date: threeDaysAgo, usd: 30, subscriptions: 1 },
    ]);
    expect(after.days.map((day) => day.date)).toEqual(
      Array.from({ length: 30 }, (_, i) =>
        daysAgo(29 - i)
          .toISOString()
          .slice(0, 10),
      ),
    );
    // Listed when few programmes have subscribers (SQLite: this file's own database).
    for (const [program, amount] of [
      [early, 10],
      [recent, 30],
    ] as const) {
      for (const listed of after.top_programs.filter((p) => p.id === program.id)) {
        expect(listed.revenue).toEqual([{ currency: 'USD', amount }]);
      }
    }
  });

  it('lists who is online, members and trainers apart', async () => {
    const url = await listen(t);
    const member = await createSession(t, { firstName: 'Olly', lastName: 'Online' });
    const { session: trainer } = await createTrainer(t);
    const sockets = [
      await connect(url, { token: member.access }),
      await connect(url, { token: trainer.access }),
    ];
    const now = await stats();
    expect(now.online_users.map((u) => u.id)).toContain(member.user.id);
    expect(now.online_users.map((u) => u.id)).not.toContain(trainer.user.id);
    expect(now.online_trainers.map((u) => u.id)).toContain(trainer.user.id);
    for (const socket of sockets) socket.close();
  });

  it("tells superusers' sockets live when a member or trainer comes online or goes offline", async () => {
    const url = await listen(t);
    const watcher = await connect(url, { token: superuser.access });
    const member = await createSession(t, { firstName: 'Liv', lastName: 'Live' });
    const socket = await connect(url, { token: member.access });
    const about = (online: boolean) => (e: AdminPresenceEvent) =>
      e.user.id === member.user.id && e.online === online;
    expect(await watcher.next<AdminPresenceEvent>('presence:admin', about(true))).toEqual({
      user: expect.objectContaining({ id: member.user.id, username: 'Liv Live', email: member.user.email }),
      trainer: false,
      online: true,
    });
    socket.close();
    expect((await watcher.next<AdminPresenceEvent>('presence:admin', about(false))).online).toBe(false);
    const outsider = await connect(url, { token: (await createSession(t)).access });
    expect(outsider.has('presence:admin')).toBe(false);
    for (const open of [watcher, outsider]) open.close();
  });
});
