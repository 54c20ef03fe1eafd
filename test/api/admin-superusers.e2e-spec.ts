import { describe, expect, it } from '@jest/globals';
import { type AuditEntryResponse, type UserBriefResponse, VALIDATION_MESSAGES } from '@fitcoach/contracts';
import { DataSource } from 'typeorm';
import { UserEntity } from '../../api/src/modules/users/user.entity.js';
import { SUPERUSER_MESSAGES } from '../../api/src/modules/users/superusers.service.js';
import { ACCESS_MESSAGES } from '../../api/src/modules/users/users.messages.js';
import { expectCrossSiteRefused, expectSuperusersOnly } from '../fixtures/admin.js';
import { useTestApp } from '../fixtures/app.js';
import { createTrainer } from '../fixtures/catalogue.js';
import { fieldRefusal, MALFORMED_ID_MESSAGE, refusal, REFUSED } from '../fixtures/refusals.js';
import { createSession, createUser, type Session } from '../fixtures/users.js';

/*
 * Settings → Superusers (docs/product.md §2.11): superusers make and unmake superusers, never the last one, and do
 * not block one another.
 */

const t = useTestApp();

const PATH = '/api/admin/superusers/';

const as = (session: Session) => ({
  get: (path: string) => t.http().get(path).set('Authorization', session.bearer),
  post: (body: object) => t.http().post(PATH).set('Authorization', session.bearer).send(body),
  demote: (id: number | string) => t.http().delete(`${PATH}${id}/`).set('Authorization', session.bearer),
});

const isSuperuser = async (id: number) =>
  (await t.app.get(DataSource).getRepository(UserEntity).findOneByOrFail({ id })).isSuperuser;

const conflict = (message: string) => refusal(409, message);

/** Every superuser, page after page (a MariaDB worker's database keeps other files' superusers). */
async function allSuperusers(reader: Session): Promise<UserBriefResponse[]> {
  const all: UserBriefResponse[] = [];
  for (let page = 1; ; page += 1) {
    const res = await as(reader).get(`${PATH}?page=${page}&page_size=100`).expect(200);
    all.push(...(res.body as UserBriefResponse[]));
    if (all.length >= Number(res.headers['x-total-count'])) return all;
  }
}

/** The newest audit entry of `actor`. */
async function lastEntryOf(reader: Session, actor: Session): Promise<AuditEntryResponse | undefined> {
  const res = await as(reader).get(`/api/admin/audit/?actor=${actor.user.id}&page_size=1`).expect(200);
  return (res.body as AuditEntryResponse[])[0];
}

describe('GET /api/admin/superusers/', () => {
  it('answers superusers only', async () => {
    await expectSuperusersOnly(t, 'get', PATH);
  });

  it('lists the superusers, the newest accounts first, and nobody else', async () => {
    const first = await createSession(t, { superuser: true });
    const second = await createSession(t, { superuser: true });
    const member = await createSession(t);
    const listed = await allSuperusers(first);
    const ids = listed.map((user) => user.id);
    expect(ids).toEqual([...ids].sort((a, b) => b - a));
    expect(ids).toEqual(expect.arrayContaining([first.user.id, second.user.id]));
    expect(ids).not.toContain(member.user.id);
    expect(listed).toContainEqual(
      expect.objectContaining({ id: second.user.id, email: second.user.email, blocked: false }),
    );
  });
});

describe('POST /api/admin/superusers/ {email}', () => {
  it('answers superusers only, and a cross-site request with their cookie changes nothing', async () => {
    const admin = await createSession(t, { superuser: true });
    const candidate = await createUser(t);
    await expectSuperusersOnly(t, 'post', PATH, { email: candidate.email });
    await expectCrossSiteRefused(t, 'post', PATH, admin, { email: candidate.email });
    expect(await isSuperuser(candidate.id)).toBe(false);
  });

  it('makes a verified member a superuser, found by address whatever its case, and records it', async () => {
    const admin = await createSession(t, { superuser: true });
    const candidate = await createSession(t, { firstName: 'Pat', lastName: 'Promoted' });
    await as(candidate).get('/api/admin/stats/').expect(403, REFUSED.forbidden);
    await as(admin)
      .post({ email: `  ${candidate.user.email.toUpperCase()} ` })
      .expect(200, { message: 'Pat Promoted is now a superuser' });
    expect(await isSuperuser(candidate.user.id)).toBe(true);
    await as(candidate).get('/api/admin/stats/').expect(200);
    expect(await lastEntryOf(admin, admin)).toMatchObject({
      action: 'promote_superuser',
      target: { type: 'user', id: candidate.user.id, label: `Pat Promoted <${candidate.user.email}>` },
    });
  });

  it('refuses a malformed address with 400 and an unknown one with 404', async () => {
    const admin = await createSession(t, { superuser: true });
    for (const body of [{}, { email: 'not-an-address' }, { email: 42 }]) {
      const res = await as(admin).post(body).expect(400);
      expect(res.body.errors).toEqual([{ field: 'email', message: expect.any(String) }]);
    }
    expect((await as(admin).post({ email: 'a b@c.d' }).expect(400)).body).toEqual(
      fieldRefusal(400, 'email', VALIDATION_MESSAGES.email),
    );
    await as(admin)
      .post({ email: 'nobody-here@example.com' })
      .expect(404, refusal(404, SUPERUSER_MESSAGES.noAccount));
  });

  it('refuses with 409 a superuser, a trainer, a blocked or an unverified account, recording nothing', async () => {
    const admin = await createSession(t, { superuser: true });
    const cases: [UserEntity, string][] = [
      [await createUser(t, { superuser: true }), SUPERUSER_MESSAGES.already],
      [(await createTrainer(t)).session.user, SUPERUSER_MESSAGES.trainer],
      [await createUser(t, { blocked: true }), SUPERUSER_MESSAGES.blocked],
      [await createUser(t, { verified: false }), SUPERUSER_MESSAGES.unverified],
    ];
    for (const [user, message] of cases) {
      await as(admin).post({ email: user.email }).expect(409, conflict(message));
    }
    expect(await lastEntryOf(admin, admin)).toBeUndefined();
  });

  it('makes an account a superuser once when two superusers ask at the same moment', async () => {
    const [first, second] = [
      await createSession(t, { superuser: true }),
      await createSession(t, { superuser: true }),
    ];
    const candidate = await createUser(t, { firstName: 'Twice', lastName: 'Asked' });
    const answers = await Promise.all([
      as(first).post({ email: candidate.email }),
      as(second).post({ email: candidate.email }),
    ]);
    expect(answers.map((answer) => [answer.status, answer.body]).sort()).toEqual([
      [200, { message: 'Twice Asked is now a superuser' }],
      [409, conflict(SUPERUSER_MESSAGES.already)],
    ]);
    const entries = [await lastEntryOf(first, first), await lastEntryOf(first, second)].filter(Boolean);
    expect(entries).toEqual([expect.objectContaining({ action: 'promote_superuser' })]);
  });
});

describe('DELETE /api/admin/superusers/{id}/', () => {
  it('answers superusers only, and a cross-site request with their cookie changes nothing', async () => {
    const admin = await createSession(t, { superuser: true });
    const other = await createUser(t, { superuser: true });
    await expectSuperusersOnly(t, 'delete', `${PATH}${other.id}/`);
    await expectCrossSiteRefused(t, 'delete', `${PATH}${other.id}/`, admin);
    expect(await isSuperuser(other.id)).toBe(true);
  });

  it('makes a superuser a member again, who loses the admin panel at once; it is recorded', async () => {
    const admin = await createSession(t, { superuser: true });
    const other = await createSession(t, { superuser: true, firstName: 'Dee', lastName: 'Demoted' });
    await as(admin).demote(other.user.id).expect(200, { message: 'Dee Demoted is no longer a superuser' });
    expect(await isSuperuser(other.user.id)).toBe(false);
    await as(other).get('/api/admin/stats/').expect(403, REFUSED.forbidden);
    await as(other).get('/api/users/me/').expect(200);
    expect(await lastEntryOf(admin, admin)).toMatchObject({
      action: 'demote_superuser',
      target: { type: 'user', id: other.user.id },
    });
  });

  it('lets a superuser step down while another remains', async () => {
    await createSession(t, { superuser: true });
    const leaving = await createSession(t, { superuser: true, firstName: 'Sam', lastName: 'Self' });
    await as(leaving).demote(leaving.user.id).expect(200, { message: 'Sam Self is no longer a superuser' });
    await as(leaving).get('/api/admin/stats/').expect(403, REFUSED.forbidden);
  });

  it('answers 409 for an account that is not a superuser, 404 for an unknown or malformed id', async () => {
    const admin = await createSession(t, { superuser: true });
    const member = await createUser(t);
    await as(admin).demote(member.id).expect(409, conflict(SUPERUSER_MESSAGES.notSuperuser));
    await as(admin).demote(999999999).expect(404, refusal(404, SUPERUSER_MESSAGES.notFound));
    await as(admin).demote('x1').expect(404, refusal(404, MALFORMED_ID_MESSAGE));
  });
});

describe('superusers and blocking (GET /api/users/changeUserAccess/{id}/)', () => {
  it('refuses to block another superuser with 409, who stays active; once demoted they can be', async () => {
    const admin = await createSession(t, { superuser: true });
    const peer = await createSession(t, { superuser: true });
    const block = () => as(admin).get(`/api/users/changeUserAccess/${peer.user.id}/`);
    await block().expect(409, conflict(ACCESS_MESSAGES.blockSuperuser));
    await as(peer).get('/api/users/me/').expect(200);
    await as(admin).demote(peer.user.id).expect(200);
    await block().expect(200, { message: 'User Blocked' });
  });

  it('still unblocks a superuser blocked before the rule', async () => {
    const admin = await createSession(t, { superuser: true });
    const blocked = await createUser(t, { superuser: true, blocked: true });
    await as(admin)
      .get(`/api/users/changeUserAccess/${blocked.id}/`)
      .expect(200, { message: 'User Unblocked' });
  });
});

// Last: it leaves one superuser in the database.
describe('the last superuser', () => {
  it('is never removed, even by two superusers removing each other at once', async () => {
    const keeper = await createSession(t, { superuser: true });
    for (const user of await allSuperusers(keeper)) {
      if (user.id !== keeper.user.id) await as(keeper).demote(user.id).expect(200);
    }
    await as(keeper).demote(keeper.user.id).expect(409, conflict(SUPERUSER_MESSAGES.last));

    const partner = await createSession(t, { superuser: true });
    const answers = await Promise.all([
      as(keeper).demote(partner.user.id),
      as(partner).demote(keeper.user.id),
    ]);
    expect(answers.map((answer) => answer.status).sort()).toEqual([200, expect.any(Number)]);
    expect([403, 409]).toContain(answers.map((answer) => answer.status).sort()[1]);
    const left = (await t.app
      .get(DataSource)
      .getRepository(UserEntity)
      .countBy({ isSuperuser: true })) as number;
    expect(left).toBe(1);
  });
});
