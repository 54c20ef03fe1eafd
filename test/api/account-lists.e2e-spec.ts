import { describe, expect, it } from '@jest/globals';
import { ACCOUNT_SEARCH_MAX_LENGTH, ACCOUNTS_QUERY_MESSAGES } from '@fitcoach/contracts';
import { useTestApp } from '../fixtures/app.js';
import { createTrainer } from '../fixtures/catalogue.js';
import { fieldRefusal, REFUSED } from '../fixtures/refusals.js';
import { createSession, createUser } from '../fixtures/users.js';
import { uniqueWord } from '../fixtures/words.js';

/*
 * The superuser's Users and Trainers lists (docs/product.md §2): searchable by name or e-mail, sorted by join date,
 * paged. The same query rules on both.
 */

const t = useTestApp();

interface Brief {
  id: number;
  email: string;
}

/** Three accounts sharing a family name no other test uses, made one after the other. */
async function family(kind: 'member' | 'trainer') {
  const name = uniqueWord();
  const made: { id: number; email: string }[] = [];
  for (const [first, mail] of [
    ['Asha', 'asha.north'],
    ['Ravi', 'ravi_south'],
    ['Mina', 'mina%east'],
  ] as const) {
    const options = { firstName: first, lastName: name, email: `${mail}.${name}@example.com` };
    const user =
      kind === 'trainer'
        ? (await createTrainer(t, { account: options })).trainer.userId
        : (await createUser(t, options)).id;
    made.push({ id: user, email: options.email });
  }
  return { name, ids: made.map((m) => m.id) };
}

describe.each([
  { kind: 'member' as const, path: '/api/users/getAllUsers/' },
  { kind: 'trainer' as const, path: '/api/trainers/getAllTrainers/' },
])('GET $path ?search=&sort=', ({ kind, path }) => {
  const list = async (query: string): Promise<Brief[]> => {
    const superuser = await createSession(t, { superuser: true });
    const res = await t.http().get(`${path}?${query}`).set('Authorization', superuser.bearer).expect(200);
    return res.body as Brief[];
  };
  const ids = async (query: string) => (await list(query)).map((account) => account.id);

  it('finds accounts by a word of the name or of the e-mail, whatever its case', async () => {
    const {
      name,
      ids: [asha, ravi, mina],
    } = await family(kind);
    expect(await ids(`search=${name}`)).toEqual([mina, ravi, asha]);
    expect(await ids(`search=${name.toUpperCase()}`)).toEqual([mina, ravi, asha]);
    expect(await ids(`search=${encodeURIComponent(`RAVI ${name}`)}`)).toEqual([ravi]);
    expect(await ids(`search=${encodeURIComponent(`asha.north.${name}`)}`)).toEqual([asha]);
    expect(await ids(`search=${encodeURIComponent(`  ${name}   mina  `)}`)).toEqual([mina]);
    expect(await ids(`search=${encodeURIComponent(`Ravi Nobody-${name}`)}`)).toEqual([]);
  });

  it('takes % and _ as themselves, not as wildcards', async () => {
    const {
      name,
      ids: [, ravi, mina],
    } = await family(kind);
    expect(await ids(`search=${encodeURIComponent(`% ${name}`)}`)).toEqual([mina]);
    expect(await ids(`search=${encodeURIComponent(`_ ${name}`)}`)).toEqual([ravi]);
  });

  it('lists the newest first unless asked for the oldest, and pages either way', async () => {
    const {
      name,
      ids: [asha, ravi, mina],
    } = await family(kind);
    expect(await ids(`search=${name}&sort=newest`)).toEqual([mina, ravi, asha]);
    expect(await ids(`search=${name}&sort=oldest`)).toEqual([asha, ravi, mina]);
    expect(await ids(`search=${name}&sort=oldest&page=2&page_size=2`)).toEqual([mina]);
  });

  it('refuses an unknown order, an overlong or repeated search with 400', async () => {
    const superuser = await createSession(t, { superuser: true });
    const refused = (query: string) =>
      t.http().get(`${path}?${query}`).set('Authorization', superuser.bearer).expect(400);
    expect((await refused('sort=sideways')).body).toEqual(
      fieldRefusal(400, 'sort', ACCOUNTS_QUERY_MESSAGES.sort),
    );
    expect((await refused(`search=${'a'.repeat(ACCOUNT_SEARCH_MAX_LENGTH + 1)}`)).body).toEqual(
      fieldRefusal(400, 'search', ACCOUNTS_QUERY_MESSAGES.search),
    );
    expect((await refused('search=a&search=b')).body).toEqual(
      fieldRefusal(400, 'search', ACCOUNTS_QUERY_MESSAGES.search),
    );
  });

  it('answers only superusers', async () => {
    const member = await createSession(t);
    await t.http().get(`${path}?search=a`).expect(401, REFUSED.notAuthenticated);
    await t.http().get(`${path}?search=a`).set('Authorization', member.bearer).expect(403, REFUSED.forbidden);
  });
});
