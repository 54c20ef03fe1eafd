import { afterEach, beforeEach, describe, expect, it } from '@jest/globals';
import { Column, DataSource, Entity, PrimaryGeneratedColumn } from 'typeorm';
import { loadConfig } from '../../common/config/app-config.js';
import { AdminFiguresCache } from './admin-figures.cache.js';

@Entity({ name: 'payment' })
class Payment {
  @PrimaryGeneratedColumn()
  id!: number;

  @Column({ type: 'integer' })
  amount!: number;
}

@Entity({ name: 'chat_message' })
class Message {
  @PrimaryGeneratedColumn()
  id!: number;

  @Column({ type: 'varchar' })
  text!: string;
}

let dataSource: DataSource;

beforeEach(async () => {
  dataSource = new DataSource({ type: 'better-sqlite3', database: ':memory:', entities: [Payment, Message] });
  await dataSource.initialize();
  await dataSource.query(
    'CREATE TABLE payment (id INTEGER PRIMARY KEY AUTOINCREMENT, amount INTEGER NOT NULL)',
  );
  await dataSource.query(
    'CREATE TABLE chat_message (id INTEGER PRIMARY KEY AUTOINCREMENT, text VARCHAR NOT NULL)',
  );
});
afterEach(() => dataSource.destroy());

function makeSut(cacheMs = '60000') {
  const sut = new AdminFiguresCache(loadConfig({ ADMIN_STATS_CACHE_MS: cacheMs }), dataSource);
  sut.onModuleInit();
  return sut;
}

/** A load that counts its runs and answers with the payments as they are now. */
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
    const sut = makeSut();
    const load = counter();
    expect(await sut.remember('2026-10-27', load)).toEqual({ payments: 0 });
    expect(await sut.remember('2026-10-27', load)).toEqual({ payments: 0 });
    expect(load.runs).toBe(1);
    await sut.remember('2026-10-28', load);
    expect(load.runs).toBe(2);
  });

  it('lets superusers asking at once share one computation', async () => {
    const sut = makeSut();
    const load = counter();
    const answers = await Promise.all([1, 2, 3].map(() => sut.remember('d', load)));
    expect(answers).toEqual([{ payments: 0 }, { payments: 0 }, { payments: 0 }]);
    expect(load.runs).toBe(1);
  });

  it('forgets them when a counted table is written, in or out of a transaction, not for other tables', async () => {
    const sut = makeSut();
    const load = counter();
    await sut.remember('d', load);
    await dataSource.getRepository(Message).insert({ text: 'hi' });
    expect(await sut.remember('d', load)).toEqual({ payments: 0 });
    expect(load.runs).toBe(1);
    await dataSource.getRepository(Payment).insert({ amount: 100 });
    expect(await sut.remember('d', load)).toEqual({ payments: 1 });
    await dataSource.transaction((manager) => manager.insert(Payment, { amount: 200 }));
    expect(await sut.remember('d', load)).toEqual({ payments: 2 });
    expect(load.runs).toBe(3);
  });

  it('keeps nothing when ADMIN_STATS_CACHE_MS is 0', async () => {
    const sut = makeSut('0');
    const load = counter();
    await sut.remember('d', load);
    await sut.remember('d', load);
    expect(load.runs).toBe(2);
    sut.onApplicationShutdown();
  });
});
