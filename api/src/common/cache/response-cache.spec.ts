import { performance } from 'node:perf_hooks';
import { afterEach, beforeEach, describe, expect, it } from '@jest/globals';
import type { DataSource, EntitySchema } from 'typeorm';
import { loadConfig } from '../config/app-config.js';
import { memoryTables, type MemoryRow } from '../database/memory-tables.testing.js';
import { CALLER_KEY_PREFIX, ResponseCache } from './response-cache.js';
import { TableWrites } from './table-writes.js';

let dataSource: DataSource;
let Note: EntitySchema<MemoryRow>;
let Token: EntitySchema<MemoryRow>;

beforeEach(async () => {
  ({
    dataSource,
    tables: { note: Note, refresh_token: Token },
  } = await memoryTables('note', 'refresh_token'));
});
afterEach(() => dataSource.destroy());

async function makeSut(publicCacheMs = '60000', signedInCacheMs = '60000') {
  const config = loadConfig({ PUBLIC_CACHE_MS: publicCacheMs, SIGNED_IN_CACHE_MS: signedInCacheMs });
  const writes = new TableWrites(config, dataSource, 'test');
  await writes.onModuleInit();
  const sut = new ResponseCache(config, writes);
  sut.onModuleInit();
  return sut;
}

/** A load that counts its runs and answers with the notes as they are now. */
function counter(cacheable = true) {
  const load = async () => {
    load.runs += 1;
    return { value: { notes: await dataSource.getRepository(Note).count() }, cacheable };
  };
  load.runs = 0;
  return load;
}

describe(ResponseCache.name, () => {
  it('answers a second visitor from memory', async () => {
    const sut = await makeSut();
    const load = counter();
    expect(await sut.remember('a', load)).toEqual({ notes: 0 });
    expect(await sut.remember('a', load)).toEqual({ notes: 0 });
    expect(load.runs).toBe(1);
    expect(await sut.remember('b', load)).toEqual({ notes: 0 });
    expect(load.runs).toBe(2);
  });

  it('shares one load between visitors who ask at the same time', async () => {
    const sut = await makeSut();
    const load = counter();
    const answers = await Promise.all([sut.remember('a', load), sut.remember('a', load)]);
    expect(answers).toEqual([{ notes: 0 }, { notes: 0 }]);
    expect(load.runs).toBe(1);
  });

  it('neither shares nor keeps an answer that is not cacheable', async () => {
    const sut = await makeSut();
    const load = counter(false);
    await Promise.all([sut.remember('a', load), sut.remember('a', load)]);
    await sut.remember('a', load);
    expect(load.runs).toBe(3);
  });

  it('forgets everything when a public table is written through TypeORM', async () => {
    const sut = await makeSut();
    const load = counter();
    await sut.remember('a', load);
    await dataSource.getRepository(Note).save({ text: 'new' });
    expect(await sut.remember('a', load)).toEqual({ notes: 1 });
    await dataSource.getRepository(Note).update({ text: 'new' }, { text: 'changed' });
    await sut.remember('a', load);
    await dataSource.getRepository(Note).delete({ text: 'changed' });
    expect(await sut.remember('a', load)).toEqual({ notes: 0 });
    expect(load.runs).toBe(4);
  });

  it('forgets again when the transaction that wrote commits', async () => {
    const sut = await makeSut();
    const load = counter();
    await dataSource.transaction(async (manager) => {
      await manager.getRepository(Note).save({ text: 'inside' });
      // Another connection would still read the old rows here; whatever it remembers must go at commit.
      await sut.remember('a', load);
    });
    await sut.remember('a', load);
    expect(load.runs).toBe(2);
  });

  it('does not keep an answer whose load ran across a write', async () => {
    const sut = await makeSut();
    const load = counter();
    const slow = sut.remember('a', async () => {
      const answer = await load();
      await dataSource.getRepository(Note).save({ text: 'meanwhile' });
      return answer;
    });
    expect(await slow).toEqual({ notes: 0 });
    expect(await sut.remember('a', load)).toEqual({ notes: 1 });
  });

  it('keeps its answers across writes that no public page shows', async () => {
    const sut = await makeSut();
    const load = counter();
    await sut.remember('a', load);
    await dataSource.getRepository(Token).save({ text: 'session' });
    await sut.remember('a', load);
    expect(load.runs).toBe(1);
  });

  it('remembers nothing when PUBLIC_CACHE_MS is 0', async () => {
    const sut = await makeSut('0');
    const load = counter();
    await sut.remember('a', load);
    await sut.remember('a', load);
    expect(load.runs).toBe(2);
  });

  it('stops listening to writes at shutdown', async () => {
    const sut = await makeSut();
    const load = counter();
    await sut.remember('a', load);
    sut.onApplicationShutdown();
    await dataSource.getRepository(Note).insert({ text: 'after' });
    expect(await sut.remember('a', load)).toEqual({ notes: 0 });
    expect(load.runs).toBe(1);
  });
});

describe('ResponseCache answers as sent (the fast lane)', () => {
  const old = { body: 'old' };
  const renewed = { body: 'new' };
  /** A moment past PUBLIC_CACHE_MS (60 s in makeSut) after now, within the stale bound of the cache itself. */
  const later = () => performance.now() + 60_001;

  async function keptSut() {
    const sut = await makeSut();
    sut.keepAnswer('page', sut.generationNow, old, 1);
    return sut;
  }

  it('sends the answer kept within PUBLIC_CACHE_MS to everyone', async () => {
    const sut = await keptSut();
    expect(sut.lookupAnswer('page')).toEqual({ answer: old });
    expect(sut.lookupAnswer('page', false)).toEqual({ answer: old });
    expect(sut.lookupAnswer('other')).toEqual({});
  });

  it('past it, lets one request render the answer again and sends the others the stale one meanwhile', async () => {
    const sut = await keptSut();
    const first = sut.lookupAnswer('page', true, later());
    expect(first.answer).toBeUndefined();
    expect(first.refreshing).toBeInstanceOf(Function);
    expect(sut.lookupAnswer('page', true, later())).toEqual({ answer: old });
    expect(sut.lookupAnswer('page', true, later())).toEqual({ answer: old });

    sut.keepAnswer('page', sut.generationNow, renewed, 1);
    first.refreshing?.();
    expect(sut.lookupAnswer('page')).toEqual({ answer: renewed });
  });

  it('lets the next request render it when the one that tried ended without a new answer', async () => {
    const sut = await keptSut();
    sut.lookupAnswer('page', true, later()).refreshing?.();
    const next = sut.lookupAnswer('page', true, later());
    expect(next.answer).toBeUndefined();
    expect(next.refreshing).toBeInstanceOf(Function);
  });

  it('never makes a request that may not share answers the one that renders it again', async () => {
    const sut = await keptSut();
    expect(sut.lookupAnswer('page', false, later())).toEqual({});
    expect(sut.lookupAnswer('page', true, later()).refreshing).toBeInstanceOf(Function);
  });

  it('sends no stale answer after a write to a public table, and keeps none rendered before it', async () => {
    const sut = await keptSut();
    const generation = sut.generationNow;
    const first = sut.lookupAnswer('page', true, later());
    await dataSource.getRepository(Note).save({ text: 'new' });
    expect(sut.lookupAnswer('page', true, later())).toEqual({});
    sut.keepAnswer('page', generation, old, 1);
    first.refreshing?.();
    expect(sut.lookupAnswer('page')).toEqual({});
  });
});

describe('ResponseCache answers kept for one caller (ADR 041)', () => {
  const mine = { body: 'mine' };
  const key = `${CALLER_KEY_PREFIX}page\ncookie a`;

  it('keeps them apart from the public answers, under their own time', async () => {
    const sut = await makeSut('0', '60000');
    expect(sut.keepsAnswers).toBe(true);
    sut.keepAnswer(key, sut.generationNow, mine, 100);
    sut.keepAnswer('page', sut.generationNow, mine, 100);
    expect(sut.lookupAnswer(key)).toEqual({ answer: mine });
    expect(sut.lookupAnswer('page')).toEqual({});
  });

  it('keeps none when SIGNED_IN_CACHE_MS is 0', async () => {
    const sut = await makeSut('60000', '0');
    sut.keepAnswer(key, sut.generationNow, mine, 100);
    expect(sut.lookupAnswer(key)).toEqual({});
    expect((await makeSut('0', '0')).keepsAnswers).toBe(false);
  });

  it('forgets them at the first write, and keeps none rendered before it', async () => {
    const sut = await makeSut();
    const generation = sut.generationNow;
    sut.keepAnswer(key, generation, mine, 100);
    await dataSource.getRepository(Note).save({ text: 'new' });
    expect(sut.lookupAnswer(key)).toEqual({});
    sut.keepAnswer(key, generation, mine, 100);
    expect(sut.lookupAnswer(key)).toEqual({});
  });

  it('neither keeps nor sends them while writes of other instances could go unheard (Redis away)', () => {
    const config = loadConfig({ REDIS_URL: 'redis://127.0.0.1:9', SIGNED_IN_CACHE_MS: '60000' });
    // Never subscribed: this instance would not hear another one's write.
    const deaf = new TableWrites(config, dataSource, 'test');
    expect(deaf.hearsEveryWrite).toBe(false);
    const sut = new ResponseCache(config, deaf);
    sut.keepAnswer(key, sut.generationNow, mine, 100);
    sut.keepAnswer('page', sut.generationNow, mine, 100);
    expect(sut.lookupAnswer(key)).toEqual({});
    expect(sut.lookupAnswer('page')).toEqual({ answer: mine });
  });

  it('renders one again past its time while the same caller gets the previous one meanwhile', async () => {
    const sut = await makeSut('60000', '1000');
    sut.keepAnswer(key, sut.generationNow, mine, 100);
    const later = performance.now() + 1001;
    expect(sut.lookupAnswer(key, true, later).refreshing).toBeInstanceOf(Function);
    expect(sut.lookupAnswer(key, true, later)).toEqual({ answer: mine });
  });
});
