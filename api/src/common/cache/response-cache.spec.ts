import { afterEach, beforeEach, describe, expect, it } from '@jest/globals';
import type { DataSource, EntitySchema } from 'typeorm';
import { loadConfig } from '../config/app-config.js';
import { memoryTables, type MemoryRow } from '../database/memory-tables.testing.js';
import { ResponseCache } from './response-cache.js';
import { TableWrites } from './table-writes.js';

let dataSource: DataSource;
let Program: EntitySchema<MemoryRow>;
let Message: EntitySchema<MemoryRow>;

beforeEach(async () => {
  ({
    dataSource,
    tables: { program: Program, chat_message: Message },
  } = await memoryTables('program', 'chat_message'));
});
afterEach(() => dataSource.destroy());

async function makeSut(publicCacheMs = '60000') {
  const config = loadConfig({ PUBLIC_CACHE_MS: publicCacheMs });
  const writes = new TableWrites(config, dataSource, 'test');
  await writes.onModuleInit();
  const sut = new ResponseCache(config, writes);
  sut.onModuleInit();
  return sut;
}

function counter(cacheable = true) {
  const load = async () => {
    load.runs += 1;
    return { value: { programs: await dataSource.getRepository(Program).count() }, cacheable };
  };
  load.runs = 0;
  return load;
}

describe(ResponseCache.name, () => {
  it('answers a second visitor from memory', async () => {
    const sut = await makeSut();
    const load = counter();
    expect(await sut.remember('a', load)).toEqual({ programs: 0 });
    expect(await sut.remember('a', load)).toEqual({ programs: 0 });
    expect(load.runs).toBe(1);
    expect(await sut.remember('b', load)).toEqual({ programs: 0 });
    expect(load.runs).toBe(2);
  });

  it('shares one load between visitors who ask at the same time', async () => {
    const sut = await makeSut();
    const load = counter();
    const answers = await Promise.all([sut.remember('a', load), sut.remember('a', load)]);
    expect(answers).toEqual([{ programs: 0 }, { programs: 0 }]);
    expect(load.runs).toBe(1);
  });

  it('neither shares nor keeps an answer that is not cacheable', async () => {
    const sut = await makeSut();
    const load = counter(false);
    await Promise.all([sut.remember('a', load), sut.remember('a', load)]);
    await sut.remember('a', load);
    expect(load.runs).toBe(3);
  });

  it('forgets everything when a table the catalogue reads is written through TypeORM', async () => {
    const sut = await makeSut();
    const load = counter();
    await sut.remember('a', load);
    await dataSource.getRepository(Program).save({ text: 'new' });
    expect(await sut.remember('a', load)).toEqual({ programs: 1 });
    await dataSource.getRepository(Program).update({ text: 'new' }, { text: 'changed' });
    await sut.remember('a', load);
    await dataSource.getRepository(Program).delete({ text: 'changed' });
    expect(await sut.remember('a', load)).toEqual({ programs: 0 });
    expect(load.runs).toBe(4);
  });

  it('forgets again when the transaction that wrote commits', async () => {
    const sut = await makeSut();
    const load = counter();
    await dataSource.transaction(async (manager) => {
      await manager.getRepository(Program).save({ text: 'inside' });
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
      await dataSource.getRepository(Program).save({ text: 'meanwhile' });
      return answer;
    });
    expect(await slow).toEqual({ programs: 0 });
    expect(await sut.remember('a', load)).toEqual({ programs: 1 });
  });

  it('keeps its answers across writes to tables the catalogue does not read', async () => {
    const sut = await makeSut();
    const load = counter();
    await sut.remember('a', load);
    await dataSource.getRepository(Message).save({ text: 'a chat message' });
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
    await dataSource.getRepository(Program).insert({ text: 'after' });
    expect(await sut.remember('a', load)).toEqual({ programs: 0 });
    expect(load.runs).toBe(1);
  });
});
