import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import type { ProgramEntity } from '../../api/src/modules/programs/program.entity.js';
import { createTestApp, type TestApp } from '../fixtures/app.js';
import { createLesson, createProgram, createTrainer } from '../fixtures/catalogue.js';
import { countQueries } from '../fixtures/queries.js';
import { REFUSED } from '../fixtures/refusals.js';
import { subscribe } from '../fixtures/subscriptions.js';
import { createSession, login, type Session } from '../fixtures/users.js';

/*
 * A signed-in caller's own reads are kept for that caller alone for SIGNED_IN_CACHE_MS (docs/decisions/041): asked
 * again with the same token, the answer is sent as it was, without a query. What a member must notice is only that
 * it is fast: nobody else is ever sent it, a block or a logout takes effect on the very next request, and every
 * write through the app shows on the next read.
 */

let t: TestApp;
let admin: Session;
let trainer: Awaited<ReturnType<typeof createTrainer>>;

beforeAll(async () => {
  t = await createTestApp({ env: { SIGNED_IN_CACHE_MS: '60000', AUTH_CACHE_MS: '60000' } });
  admin = await createSession(t, { superuser: true });
  trainer = await createTrainer(t);
});
afterAll(() => t.close());

const FOLLOWED = '/api/users/getFollowedPrograms/';
const get = (path: string, session: Session) => t.http().get(path).set('Authorization', session.bearer);
const published = (name: string): Promise<ProgramEntity> =>
  createProgram(t, trainer.trainer, { name, isPublished: true });
const names = (body: { program: { program_name: string }[] }[]) =>
  body.flatMap((row) => row.program.map((program) => program.program_name));

/** Reads `path` twice; the second answer, sent without a query, is the first one byte for byte. */
async function remembered(path: string, session: Session): Promise<string> {
  const first = await get(path, session).expect(200);
  let second: { text: string } = { text: '' };
  const queries = await countQueries(t, async () => {
    second = await get(path, session).expect(200);
  });
  expect(queries).toBe(0);
  expect(second.text).toBe(first.text);
  return first.text;
}

describe('a signed-in caller’s remembered reads (SIGNED_IN_CACHE_MS=60000)', () => {
  it('are sent again without a query, and only to that caller', async () => {
    const member = await createSession(t);
    const other = await createSession(t);
    await subscribe(t, member.user.id, await published('Only mine'));
    await remembered(FOLLOWED, member);
    await remembered(FOLLOWED, other);
    expect(names((await get(FOLLOWED, member).expect(200)).body)).toEqual(['Only mine']);
    expect((await get(FOLLOWED, other).expect(200)).body).toEqual([]);
    // Another session of the same member has its own token: its first read is its own.
    const laptop = await login(t, member.user);
    const queries = await countQueries(t, () => get(FOLLOWED, laptop).expect(200));
    expect(queries).toBeGreaterThan(0);
  });

  it('show a write on the very next read (a subscription, a completed lesson)', async () => {
    const member = await createSession(t);
    const program = await published('Written after');
    const [lesson] = [await createLesson(t, program), await createLesson(t, program)];
    await remembered(FOLLOWED, member);
    await subscribe(t, member.user.id, program);
    expect(names((await get(FOLLOWED, member).expect(200)).body)).toEqual(['Written after']);

    const progress = `/api/fitness_programs/getlessonProgress/${member.user.id}/${program.id}/`;
    expect(JSON.parse(await remembered(progress, member))).toEqual(
      expect.objectContaining({ progress_percentage: 0 }),
    );
    await get(`/api/fitness_programs/updatelessonProgress/${program.id}-${lesson?.number}/`, member).expect(
      201,
    );
    expect((await get(progress, member).expect(200)).body).toEqual(
      expect.objectContaining({ progress_percentage: 50 }),
    );
  });

  it('are refused with 403 on the request right after the member is blocked', async () => {
    const member = await createSession(t);
    await remembered(FOLLOWED, member);
    await get(`/api/users/changeUserAccess/${member.user.id}/`, admin).expect(200, {
      message: 'User Blocked',
    });
    await get(FOLLOWED, member).expect(403, REFUSED.blocked);
  });

  it('are refused with 401 on the request right after a logout', async () => {
    const member = await createSession(t);
    await remembered(FOLLOWED, member);
    await t.http().post('/api/users/logout/').set('Authorization', member.bearer).expect(200);
    await get(FOLLOWED, member).expect(401, REFUSED.invalidToken);
  });

  it('are refused with 401 to a token that does not check out, even one that differs by a character', async () => {
    const member = await createSession(t);
    await remembered(FOLLOWED, member);
    const forged = `${member.bearer.slice(0, -1)}${member.bearer.endsWith('A') ? 'B' : 'A'}`;
    await t.http().get(FOLLOWED).set('Authorization', forged).expect(401, REFUSED.invalidToken);
  });
});

describe('with SIGNED_IN_CACHE_MS=0', () => {
  let off: TestApp;
  beforeAll(async () => {
    off = await createTestApp({ env: { SIGNED_IN_CACHE_MS: '0' } });
  });
  afterAll(() => off.close());

  it('reads the data for every request', async () => {
    const member = await createSession(off);
    await off.http().get(FOLLOWED).set('Authorization', member.bearer).expect(200);
    const queries = await countQueries(off, () =>
      off.http().get(FOLLOWED).set('Authorization', member.bearer).expect(200),
    );
    expect(queries).toBeGreaterThan(0);
  });
});
