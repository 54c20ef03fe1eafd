import type { QueryRunner } from 'typeorm';

/** Rows per multi-row INSERT: a few hundred kilobytes of SQL, far under MySQL's max_allowed_packet. */
const BATCH = 2_000;
/** Batches per transaction: one commit (and, on SQLite, one fsync) per 20,000 rows. */
const BATCHES_PER_TRANSACTION = 10;

export type Value = string | number | null;

/** Literal SQL for the generated values (numbers, null and strings of our own making), the same in both dialects. */
function literal(value: Value): string {
  if (value === null) return 'NULL';
  if (typeof value === 'number') return String(value);
  return `'${value.replace(/'/g, "''")}'`;
}

/** 'YYYY-MM-DD HH:MM:SS' in UTC: how both drivers store a datetime (MySQL with timezone 'Z'). */
export function datetime(ms: number): string {
  return new Date(ms).toISOString().slice(0, 19).replace('T', ' ');
}

/** A small deterministic pseudo-random generator, so two runs seed the same rows. */
export function random(seed: number): () => number {
  let state = seed >>> 0;
  return () => {
    state = (state + 0x6d2b79f5) >>> 0;
    let t = state;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4_294_967_296;
  };
}

/** `row(0)` … `row(count - 1)`. */
export function* rows(count: number, row: (i: number) => Value[]): Generator<Value[]> {
  for (let i = 0; i < count; i += 1) yield row(i);
}

/** Generated rows written with multi-row INSERTs whose ids the caller chose, nothing read back. */
export class BulkWriter {
  private pending = 0;

  constructor(private readonly runner: QueryRunner) {}

  /** Inserts every row of `source` into `table`, BATCH rows per statement; returns how many. */
  async insert(table: string, columns: string[], source: Iterable<Value[]>): Promise<number> {
    const head = `INSERT INTO \`${table}\` (${columns.map((c) => `\`${c}\``).join(', ')}) VALUES `;
    let count = 0;
    let values: string[] = [];
    for (const row of source) {
      values.push(`(${row.map(literal).join(', ')})`);
      count += 1;
      if (values.length === BATCH) {
        await this.write(head + values.join(', '));
        values = [];
      }
    }
    if (values.length > 0) await this.write(head + values.join(', '));
    await this.commit();
    return count;
  }

  async commit(): Promise<void> {
    if (this.runner.isTransactionActive) await this.runner.commitTransaction();
    this.pending = 0;
  }

  private async write(sql: string): Promise<void> {
    if (!this.runner.isTransactionActive) await this.runner.startTransaction();
    await this.runner.query(sql);
    this.pending += 1;
    if (this.pending >= BATCHES_PER_TRANSACTION) await this.commit();
  }
}

/** The id the next row of `table` gets when the seed chooses ids itself. */
export async function nextId(runner: QueryRunner, table: string): Promise<number> {
  const [row] = (await runner.query(`SELECT MAX(id) AS id FROM \`${table}\``)) as { id: number | null }[];
  return Number(row?.id ?? 0) + 1;
}
