import { beforeAll, describe, expect, it, jest } from '@jest/globals';
import { ADMIN_QUERY_MESSAGES, type AuditEntryResponse } from '@fitcoach/contracts';
import { DataSource } from 'typeorm';
import { AuditRepository } from '../../api/src/modules/audit/audit.repository.js';
import { ProgramEntity } from '../../api/src/modules/programs/program.entity.js';
import { UserEntity } from '../../api/src/modules/users/user.entity.js';
import { expectSuperusersOnly } from '../fixtures/admin.js';
import { useTestApp } from '../fixtures/app.js';
import { createProgram, createTrainer } from '../fixtures/catalogue.js';
import { fieldRefusal, REFUSED } from '../fixtures/refusals.js';
import { createSession, type Session } from '../fixtures/users.js';

/*
 * The audit log (ADR 023): every superuser action recorded with who, what, to which row, why and when, in the
 * action's own transaction; read by superusers on Settings → Activity through GET /api/admin/audit/.
 */

const t = useTestApp();
let reader: Session;

beforeAll(async () => {
  reader = await createSession(t, { superuser: true });
});

const as = (session: Session) => ({
  get: (path: string) => t.http().get(path).set('Authorization', session.bearer),
  post: (path: string, body: object) => t.http().post(path).set('Authorization', session.bearer).send(body),
});

/** The log as a superuser reads it, for `query`. */
async function log(query: string): Promise<AuditEntryResponse[]> {
  return (await as(reader).get(`/api/admin/audit/?${query}`).expect(200)).body as AuditEntryResponse[];
}

const summary = (entries: AuditEntryResponse[]) =>
  entries.map((entry) => [entry.action, entry.target.type, entry.target.id, entry.reason]);

describe('GET /api/admin/audit/', () => {
  it('answers superusers only', async () => {
    await expectSuperusersOnly(t, 'get', '/api/admin/audit/?action=block_user');
  });

  it.each([
    ['action', 'action=delete_everything', ADMIN_QUERY_MESSAGES.action],
    ['action', 'action=block_user&action=unblock_user', ADMIN_QUERY_MESSAGES.action],
    ['actor', 'actor=0', ADMIN_QUERY_MESSAGES.actor],
    ['actor', 'actor=me', ADMIN_QUERY_MESSAGES.actor],
    ['actor', 'actor[a]=1', ADMIN_QUERY_MESSAGES.actor],
  ])('refuses a bad %s (%s) with 400', async (field, query, message) => {
    const res = await as(reader).get(`/api/admin/audit/?${query}`).expect(400);
    expect(res.body).toEqual(fieldRefusal(400, field, message));
  });

  it('records each superuser action with its actor, target, reason and time, newest first', async () => {
    const admin = await createSession(t, { superuser: true, firstName: 'Ada', lastName: 'Admin' });
    const member = await createSession(t, { firstName: 'Mo', lastName: 'Member' });
    const { trainer, session: owner } = await createTrainer(t);
    const shown = await createProgram(t, trainer, { name: 'Shown' });
    const sentBack = await createProgram(t, trainer, { name: 'Sent Back' });
    await as(owner).get(`/api/fitness_programs/publishRequest/${sentBack.id}/`).expect(200);

    await as(admin).get(`/api/users/changeUserAccess/${member.user.id}/`).expect(200);
    await as(admin).get(`/api/users/changeUserAccess/${member.user.id}/`).expect(200);
    await as(admin).get(`/api/fitness_programs/publishprogram/${shown.id}/`).expect(200);
    await as(admin).get(`/api/fitness_programs/changePublishStatus/${shown.id}/`).expect(200);
    await as(admin)
      .post(`/api/fitness_programs/reject/${sentBack.id}/`, { reason: 'Needs videos' })
      .expect(200);

    const entries = await log(`actor=${admin.user.id}`);
    expect(summary(entries)).toEqual([
      ['reject_program', 'program', sentBack.id, 'Needs videos'],
      ['block_program', 'program', shown.id, null],
      ['publish_program', 'program', shown.id, null],
      ['unblock_user', 'user', member.user.id, null],
      ['block_user', 'user', member.user.id, null],
    ]);
    expect(entries.at(-1)).toEqual({
      id: expect.any(Number),
      action: 'block_user',
      actor: { id: admin.user.id, name: 'Ada Admin' },
      target: { type: 'user', id: member.user.id, label: `Mo Member <${member.user.email}>` },
      reason: null,
      created_at: expect.stringMatching(/^\d{4}-\d\d-\d\dT\d\d:\d\d:\d\d\.\d{3}Z$/),
    });
    expect(entries[0].target.label).toBe('Sent Back');
    for (const entry of entries)
      expect(Math.abs(Date.parse(entry.created_at) - Date.now())).toBeLessThan(60_000);
    // A second superuser's toggle publishes it again: their entries stay apart from the first's.
    const other = await createSession(t, { superuser: true });
    await as(other).get(`/api/fitness_programs/changePublishStatus/${shown.id}/`).expect(200);
    expect(summary(await log(`actor=${other.user.id}`))).toEqual([
      ['publish_program', 'program', shown.id, null],
    ]);
  });

  it('narrows the log to one action, with one actor, paging with the filters', async () => {
    const admin = await createSession(t, { superuser: true });
    const members = [await createSession(t), await createSession(t), await createSession(t)];
    for (const member of members) {
      await as(admin).get(`/api/users/changeUserAccess/${member.user.id}/`).expect(200);
    }
    await as(admin).get(`/api/users/changeUserAccess/${members[0].user.id}/`).expect(200);

    const blocks = await log(`action=block_user&actor=${admin.user.id}`);
    expect(blocks.map((entry) => entry.target.id)).toEqual(members.map((m) => m.user.id).reverse());
    const unblocks = await log(`action=unblock_user&actor=${admin.user.id}`);
    expect(unblocks.map((entry) => entry.target.id)).toEqual([members[0].user.id]);

    const res = await as(reader).get(
      `/api/admin/audit/?action=block_user&actor=${admin.user.id}&page_size=2`,
    );
    expect(res.status).toBe(200);
    expect(res.headers['x-total-count']).toBe('3');
    expect(res.headers.link).toContain(
      `?action=block_user&actor=${admin.user.id}&page=2&page_size=2>; rel="next"`,
    );
    // Unfiltered, the links name no filter.
    const all = await as(reader).get('/api/admin/audit/?page_size=2').expect(200);
    expect(all.headers.link).toContain('/api/admin/audit/?page=2&page_size=2>; rel="next"');
  });

  it('records nothing for a refused action', async () => {
    const admin = await createSession(t, { superuser: true });
    const { trainer } = await createTrainer(t);
    const draft = await createProgram(t, trainer);
    await as(admin).get(`/api/users/changeUserAccess/${admin.user.id}/`).expect(409, REFUSED.blockSelf);
    await as(admin).post(`/api/fitness_programs/reject/${draft.id}/`, { reason: 'No' }).expect(409);
    await as(admin)
      .get('/api/fitness_programs/publishprogram/999999999/')
      .expect(404, REFUSED.programNotFound);
    expect(await log(`actor=${admin.user.id}`)).toEqual([]);
  });

  it('writes the entry in the action’s transaction: when the entry fails, the action is undone', async () => {
    const admin = await createSession(t, { superuser: true });
    const member = await createSession(t);
    const { trainer } = await createTrainer(t);
    const program = await createProgram(t, trainer);
    const entries = t.app.get(AuditRepository);
    const failing = jest.spyOn(entries, 'insert').mockRejectedValue(new Error('the disk is full'));
    try {
      await as(admin).get(`/api/users/changeUserAccess/${member.user.id}/`).expect(500);
      await as(admin).get(`/api/fitness_programs/publishprogram/${program.id}/`).expect(500);
    } finally {
      failing.mockRestore();
    }
    const data = t.app.get(DataSource);
    expect((await data.getRepository(UserEntity).findOneByOrFail({ id: member.user.id })).blocked).toBe(
      false,
    );
    expect((await data.getRepository(ProgramEntity).findOneByOrFail({ id: program.id })).isPublished).toBe(
      false,
    );
    await as(member).get('/api/users/me/').expect(200);
    expect(await log(`actor=${admin.user.id}`)).toEqual([]);
  });
});
