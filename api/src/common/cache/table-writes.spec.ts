import { afterEach, beforeEach, describe, expect, it } from '@jest/globals';
import type { DataSource, EntitySchema } from 'typeorm';
import { loadConfig } from '../config/app-config.js';
import { memoryTables, type MemoryRow } from '../database/memory-tables.testing.js';
import { TableWrites, touches } from './table-writes.js';

let dataSource: DataSource;
let Note: EntitySchema<MemoryRow>;
let Tag: EntitySchema<MemoryRow>;
let sut: TableWrites;
let heard: string[][];

beforeEach(async () => {
  ({
    dataSource,
    tables: { note: Note, tag: Tag },
  } = await memoryTables('note', 'tag'));
  sut = new TableWrites(loadConfig({}), dataSource, 'test');
  await sut.onModuleInit();
  heard = [];
  sut.watch((tables) => heard.push([...tables].sort()));
});
afterEach(async () => {
  await sut.onApplicationShutdown();
  await dataSource.destroy();
});

describe(TableWrites.name, () => {
  it('tells its listeners the table of each write outside a transaction', async () => {
    await dataSource.getRepository(Note).insert({ text: 'a' });
    await dataSource.getRepository(Tag).update({ id: 1 }, { text: 'b' });
    await dataSource.getRepository(Note).delete({ text: 'a' });
    expect(heard).toEqual([['note'], ['tag'], ['note']]);
  });

  it('tells them at each write in a transaction and again, with every table written, when it commits', async () => {
    await dataSource.transaction(async (manager) => {
      await manager.insert(Note, { text: 'a' });
      await manager.insert(Tag, { text: 'b' });
    });
    expect(heard).toEqual([['note'], ['tag'], ['note', 'tag']]);
  });

  it('does not tell them again when the transaction rolls back', async () => {
    await expect(
      dataSource.transaction(async (manager) => {
        await manager.insert(Note, { text: 'a' });
        throw new Error('changed my mind');
      }),
    ).rejects.toThrow('changed my mind');
    expect(heard).toEqual([['note']]);
    await dataSource.getRepository(Tag).insert({ text: 'b' });
    expect(heard).toEqual([['note'], ['tag']]);
  });

  it('stops telling a listener that stopped watching, and everyone after shutdown', async () => {
    const late: string[] = [];
    const stop = sut.watch((tables) => late.push(...tables));
    await dataSource.getRepository(Note).insert({ text: 'a' });
    stop();
    await dataSource.getRepository(Note).insert({ text: 'b' });
    expect(late).toEqual(['note']);
    await sut.onApplicationShutdown();
    await dataSource.getRepository(Note).insert({ text: 'c' });
    expect(heard).toEqual([['note'], ['note']]);
  });

  it('publishes nothing without REDIS_URL', async () => {
    await dataSource.getRepository(Note).insert({ text: 'a' });
    expect(sut.published).toBe(0);
  });
});

describe(touches.name, () => {
  it('matches a watched table, and every table after a lost connection', () => {
    const watched = (table: string) => table === 'program';
    expect(touches(new Set(['user', 'program']), watched)).toBe(true);
    expect(touches(new Set(['refresh_token']), watched)).toBe(false);
    expect(touches(new Set(['*']), watched)).toBe(true);
  });
});
