import { beforeAll, describe, expect, it } from '@jest/globals';
import { ADMIN_FORM_MESSAGES, type AuditEntryResponse, type TrainerResponse } from '@fitcoach/contracts';
import { DataSource } from 'typeorm';
import { TrainerEntity } from '../../api/src/modules/trainers/trainer.entity.js';
import { expectCrossSiteRefused, expectSuperusersOnly } from '../fixtures/admin.js';
import { useTestApp } from '../fixtures/app.js';
import { createProgram, createTrainer } from '../fixtures/catalogue.js';
import { fieldRefusal, REFUSED } from '../fixtures/refusals.js';
import { subscribe } from '../fixtures/subscriptions.js';
import { createSession, createUser, type Session } from '../fixtures/users.js';

/*
 * Trainers vouched for by a superuser (PUT /api/trainers/{id}/verify/), recorded in the audit log, and who is listed
 * publicly: trainers not blocked with a published programme, verified first. Also what the trainer's own programme
 * list adds for the dashboard: each programme's count of active subscribers.
 */

const t = useTestApp();
let admin: Session;

beforeAll(async () => {
  admin = await createSession(t, { superuser: true, firstName: 'Vera', lastName: 'Admin' });
});

const verify = (id: number, body: unknown, session: Session = admin) =>
  t
    .http()
    .put(`/api/trainers/${id}/verify/`)
    .set('Authorization', session.bearer)
    .send(body as object);

const verifiedRow = (id: number) =>
  t.app.get(DataSource).getRepository(TrainerEntity).findOneByOrFail({ id });

async function auditOf(trainerId: number): Promise<AuditEntryResponse[]> {
  const res = await t
    .http()
    .get(`/api/admin/audit/?actor=${admin.user.id}&page_size=100`)
    .set('Authorization', admin.bearer)
    .expect(200);
  return (res.body as AuditEntryResponse[]).filter(
    (entry) => entry.target.type === 'trainer' && entry.target.id === trainerId,
  );
}

/** A trainer with one published programme: listed and with a public page. */
async function listedTrainer(name: string) {
  const made = await createTrainer(t, { account: { firstName: name, lastName: 'Coach' } });
  await createProgram(t, made.trainer, { isPublished: true });
  return made;
}

describe('PUT /api/trainers/{id}/verify/', () => {
  it('answers superusers only, and refuses their cookie from another site', async () => {
    const { trainer } = await listedTrainer('Refused');
    await expectSuperusersOnly(t, 'put', `/api/trainers/${trainer.id}/verify/`, { verified: true });
    await expectCrossSiteRefused(t, 'put', `/api/trainers/${trainer.id}/verify/`, admin, { verified: true });
    expect((await verifiedRow(trainer.id)).verified).toBe(false);
    expect(await auditOf(trainer.id)).toEqual([]);
  });

  it('verifies a trainer, answers the trainer, and records it in the audit log; then takes it back', async () => {
    const { trainer, session } = await listedTrainer('Ines');
    const res = await verify(trainer.id, { verified: true }).expect(200);
    expect(res.body).toMatchObject({
      id: trainer.id,
      user_id: session.user.id,
      username: 'Ines Coach',
      verified: true,
    });
    const row = await verifiedRow(trainer.id);
    expect(row.verified).toBe(true);
    expect(row.verifiedAt).toBeInstanceOf(Date);
    const [entry] = await auditOf(trainer.id);
    expect(entry).toEqual({
      id: expect.any(Number),
      action: 'verify_trainer',
      actor: { id: admin.user.id, name: 'Vera Admin' },
      target: { type: 'trainer', id: trainer.id, label: 'Ines Coach' },
      reason: null,
      created_at: expect.any(String),
    });
    const publicView = await t.http().get(`/api/trainers/retrieveTrainer/${trainer.id}/`).expect(200);
    expect(publicView.body.verified).toBe(true);

    const back = await verify(trainer.id, { verified: false }).expect(200);
    expect(back.body.verified).toBe(false);
    expect(await verifiedRow(trainer.id)).toMatchObject({ verified: false, verifiedAt: null });
    expect((await auditOf(trainer.id)).map((e) => e.action)).toEqual(['unverify_trainer', 'verify_trainer']);
  });

  it('changes nothing and records nothing when asked for what already holds', async () => {
    const { trainer } = await listedTrainer('Same');
    await verify(trainer.id, { verified: false }).expect(200);
    await verify(trainer.id, { verified: true }).expect(200);
    const since = (await verifiedRow(trainer.id)).verifiedAt;
    const again = await verify(trainer.id, { verified: true }).expect(200);
    expect(again.body.verified).toBe(true);
    expect((await verifiedRow(trainer.id)).verifiedAt).toEqual(since);
    expect((await auditOf(trainer.id)).map((e) => e.action)).toEqual(['verify_trainer']);
  });

  it('answers 404 for an unknown or malformed trainer id', async () => {
    await verify(999_999_999, { verified: true }).expect(404, REFUSED.trainerNotFound);
    await verify(Number.NaN, { verified: true }).expect(404, REFUSED.malformedId);
  });

  it.each([
    ['a string', { verified: 'true' }],
    ['a number', { verified: 1 }],
    ['null', { verified: null }],
    ['nothing', {}],
  ])('refuses %s with 400 and changes nothing', async (_kind, body) => {
    const { trainer } = await listedTrainer('Bad');
    const res = await verify(trainer.id, body).expect(400);
    expect(res.body).toEqual(fieldRefusal(400, 'verified', ADMIN_FORM_MESSAGES.verified));
    expect((await verifiedRow(trainer.id)).verified).toBe(false);
    expect(await auditOf(trainer.id)).toEqual([]);
  });

  it('refuses an unknown field and a body that is not an object', async () => {
    const { trainer } = await listedTrainer('Extra');
    const extra = await verify(trainer.id, { verified: true, note: 'x' }).expect(400);
    expect(extra.body.message).toBe('Unknown field "note"');
    await verify(trainer.id, [true]).expect(400);
    expect((await verifiedRow(trainer.id)).verified).toBe(false);
  });
});

describe('who is listed and has a public page', () => {
  it('lists only trainers with a published programme, verified first, then the newest', async () => {
    const { trainer: draftOnly, session: draftSession } = await createTrainer(t);
    await createProgram(t, draftOnly);
    const { trainer: none } = await createTrainer(t);
    const { trainer: blocked } = await createTrainer(t, { account: { blocked: true } });
    await createProgram(t, blocked, { isPublished: true });
    const { trainer: older } = await listedTrainer('Older');
    const { trainer: verified } = await listedTrainer('Verified');
    const { trainer: newest } = await listedTrainer('Newest');
    await verify(older.id, { verified: true }).expect(200);
    await verify(verified.id, { verified: true }).expect(200);

    const res = await t.http().get('/api/trainers/allTrainer/?page_size=100').expect(200);
    const ids = (res.body as TrainerResponse[]).map((trainer) => trainer.id);
    for (const hidden of [draftOnly.id, none.id, blocked.id]) expect(ids).not.toContain(hidden);
    const mine = ids.filter((id) => [older.id, verified.id, newest.id].includes(id));
    expect(mine).toEqual([verified.id, older.id, newest.id]);
    const firstUnverified = (res.body as TrainerResponse[]).findIndex((trainer) => !trainer.verified);
    expect((res.body as TrainerResponse[]).slice(firstUnverified).every((trainer) => !trainer.verified)).toBe(
      true,
    );
    expect(Number(res.headers['x-total-count'])).toBeGreaterThanOrEqual(res.body.length);

    // The trainer without a published programme: 404 to visitors and members, shown to itself and superusers.
    const path = `/api/trainers/retrieveTrainer/${draftOnly.id}/`;
    const member = await createSession(t);
    await t.http().get(path).expect(404, REFUSED.trainerNotFound);
    await t.http().get(path).set('Authorization', member.bearer).expect(404, REFUSED.trainerNotFound);
    for (const session of [draftSession, admin]) {
      const own = await t.http().get(path).set('Authorization', session.bearer).expect(200);
      expect(own.body).toMatchObject({ id: draftOnly.id, verified: false });
    }
  });

  it('gives superusers every trainer with its trainer id and verification on getAllTrainers', async () => {
    const { trainer, session } = await createTrainer(t, {
      account: { firstName: 'Unlisted', lastName: 'Yet' },
    });
    await verify(trainer.id, { verified: true }).expect(200);
    const res = await t
      .http()
      .get(`/api/trainers/getAllTrainers/?search=${encodeURIComponent(session.user.email)}`)
      .set('Authorization', admin.bearer)
      .expect(200);
    expect(res.body).toEqual([
      expect.objectContaining({ id: session.user.id, trainer_id: trainer.id, verified: true }),
    ]);
  });
});

describe("GET /api/fitness_programs/get_trainer_programme/{id}/: each programme's subscribers", () => {
  it('counts the active subscribers for the trainer and superusers, and shows nobody else the count', async () => {
    const { trainer, session } = await createTrainer(t);
    const popular = await createProgram(t, trainer, { isPublished: true });
    const quiet = await createProgram(t, trainer, { isPublished: true });
    const draft = await createProgram(t, trainer);
    for (let i = 0; i < 2; i += 1) await subscribe(t, (await createUser(t)).id, popular);
    const path = `/api/fitness_programs/get_trainer_programme/${trainer.id}/`;
    for (const caller of [session, admin]) {
      const res = await t.http().get(path).set('Authorization', caller.bearer).expect(200);
      const counts = (res.body as { id: number; subscribers: number }[]).map((p) => [p.id, p.subscribers]);
      expect(counts).toEqual([
        [draft.id, 0],
        [quiet.id, 0],
        [popular.id, 2],
      ]);
    }
    const visitor = await t.http().get(path).expect(200);
    expect(visitor.body.every((program: object) => !('subscribers' in program))).toBe(true);
  });
});
