import { afterEach, beforeEach, describe, expect, it } from '@jest/globals';
import type { DataSource, EntitySchema } from 'typeorm';
import { TableWrites } from '../../common/cache/table-writes.js';
import { loadConfig } from '../../common/config/app-config.js';
import { memoryTables, type MemoryRow } from '../../common/database/memory-tables.testing.js';
import { AdminFiguresCache } from './admin-figures.cache.js';

let dataSource: DataSource;
let Payment: EntitySchema<MemoryRow>;
let Message: EntitySchema<MemoryRow>;

beforeEach(async () => {
  ({
    dataSource,
    tables: { payment: Payment, chat_message: Message },
  } = await memoryTables('payment', 'chat_message'));
});
afterEach(() => dataSource.destroy());

async function makeSut(cacheMs = '60000') {
  const config = loadConfig({ ADMIN_STATS_CACHE_MS: cacheMs });
  const writes = new TableWrites(config, dataSource, 'test');
  await writes.onModuleInit();
  const sut = new AdminFiguresCache(config, writes);
  sut.onModuleInit();
  return sut;
}

function counter() {
  const load = async () => {
    load.runs += 1;
    return { payments: await dataSource.getRepository(Payment).count() };
  };
  load.runs = 0;
  return load;
}

describe(AdminFiguresCache.name, () => {
  it('reuses the figures of the same first day, and computes those of another', async () => {
    const sut = await makeSut();
    const load = counter();
    expect(await sut.remember('2026-10-27', load)).toEqual({ payments: 0 });
    expect(await sut.remember('2026-10-27', load)).toEqual({ payments: 0 });
    expect(load.runs).toBe(1);
    await sut.remember('2026-10-28', load);
    expect(load.runs).toBe(2);
  });

  it('lets superusers asking at once share one computation', async () => {
    const sut = await makeSut();
    const load = counter();
    const answers = await Promise.all([1, 2, 3].map(() => sut.remember('d', load)));
    expect(answers).toEqual([{ payments: 0 }, { payments: 0 }, { payments: 0 }]);
    expect(load.runs).toBe(1);
  });

  it('forgets them when a counted table is written, in or out of a transaction, not for other tables', async () => {
    const sut = await makeSut();
    const load = counter();
    await sut.remember('d', load);
    await dataSource.getRepository(Message).insert({ text: 'hi' });
    expect(await sut.remember('d', load)).toEqual({ payments: 0 });
    expect(load.runs).toBe(1);
    await dataSource.getRepository(Payment).insert({ text: '1.00' });
    expect(await sut.remember('d', load)).toEqual({ payments: 1 });
    await dataSource.transaction((manager) => manager.insert(Payment, { text: '2.00' }));
    expect(await sut.remember('d', load)).toEqual({ payments: 2 });
    expect(load.runs).toBe(3);
  });

  it('keeps nothing when ADMIN_STATS_CACHE_MS is 0', async () => {
    const sut = await makeSut('0');
    const load = counter();
    await sut.remember('d', load);
    await sut.remember('d', load);
    expect(load.runs).toBe(2);
    sut.onApplicationShutdown();
  });
});
