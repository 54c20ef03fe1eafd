import { afterAll, afterEach, beforeAll, describe, expect, it, jest } from '@jest/globals';
import { type DataSource, In, type Repository, SelectQueryBuilder } from 'typeorm';
import { builtOnce, findBuiltOnce, findOneBuiltOnce } from './built-once.js';
import { type MemoryRow, memoryTables } from './memory-tables.testing.js';

let dataSource: DataSource;
let rows: Repository<MemoryRow>;

beforeAll(async () => {
  const memory = await memoryTables('chat_message');
  dataSource = memory.dataSource;
  rows = dataSource.getRepository(memory.tables.chat_message);
  await rows.insert([{ text: 'a' }, { text: 'b' }, { text: 'c' }]);
});
afterAll(() => dataSource.destroy());
afterEach(() => {
  jest.restoreAllMocks();
  process.env.NODE_ENV = 'test';
});

const byText = (text: string) =>
  builtOnce('row by text', rows.createQueryBuilder('row').where('row.text = :text', { text })).getOne();
const ofTexts = (texts: string[]) =>
  builtOnce(
    'rows of texts',
    rows.createQueryBuilder('row').where('row.text IN (:...texts)', { texts }).orderBy('row.id', 'DESC'),
  ).getMany();

describe('builtOnce', () => {
  it('binds each call its own parameters, lists of any length included', async () => {
    expect((await byText('a'))?.text).toBe('a');
    expect((await byText('c'))?.text).toBe('c');
    expect(await byText('z')).toBeNull();
    expect((await ofTexts(['a'])).map((row) => row.text)).toEqual(['a']);
    expect((await ofTexts(['a', 'b', 'c'])).map((row) => row.text)).toEqual(['c', 'b', 'a']);
  });

  it('outside tests, builds the SQL of a shape once', async () => {
    process.env.NODE_ENV = 'production';
    const built = jest.spyOn(SelectQueryBuilder.prototype, 'getQuery');
    const texts = async (text: string) =>
      (await findBuiltOnce('rows of a text', rows, { where: { text } })).map((row) => row.text);
    expect(await texts('b')).toEqual(['b']);
    expect(built).toHaveBeenCalledTimes(1);
    expect(await texts('c')).toEqual(['c']);
    expect((await findOneBuiltOnce('row by id', rows, { where: { id: 1 } }))?.text).toBe('a');
    expect((await findOneBuiltOnce('row by id', rows, { where: { id: 2 } }))?.text).toBe('b');
    expect(built).toHaveBeenCalledTimes(2);
  });

  it('under tests, refuses a query built in another shape under a name already taken', async () => {
    await byText('a');
    const otherShape = rows.createQueryBuilder('row').where('row.id = :id', { id: 1 });
    expect(() => builtOnce('row by text', otherShape)).toThrow(
      'The query "row by text" was built in another shape than its first one',
    );
    // find options expand a list into one parameter each: their shape changes with its length.
    await findBuiltOnce('rows of ids', rows, { where: { id: In([1]) } });
    await expect(findBuiltOnce('rows of ids', rows, { where: { id: In([1, 2]) } })).rejects.toThrow(
      'The query "rows of ids" was built in another shape than its first one',
    );
  });
});
