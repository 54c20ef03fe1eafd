import { Logger } from '@nestjs/common';
import { DataSource, type QueryRunner } from 'typeorm';

export const OPTIMIZE_EVERY_MS = 60 * 60 * 1000;

const logger = new Logger('Database');

/** Without statistics SQLite's planner guesses, badly on large tables; SQLite's advice for a long-lived connection. */
export function optimizeAtOpen(db: { pragma(sql: string): unknown }): void {
  db.pragma('optimize=0x10002');
}

/** A failure costs only fresher statistics. */
export function keepOptimized(dataSource: DataSource, everyMs = OPTIMIZE_EVERY_MS): void {
  const optimize = async () => {
    try {
      await dataSource.query('PRAGMA optimize');
    } catch (error) {
      logger.warn(`PRAGMA optimize failed: ${error instanceof Error ? error.message : String(error)}`);
    }
  };
  const timer = setInterval(() => void optimize(), everyMs).unref();
  const destroy = dataSource.destroy.bind(dataSource);
  dataSource.destroy = async () => {
    clearInterval(timer);
    if (dataSource.isInitialized) await optimize();
    return destroy();
  };
}

/** For tables just bulk-loaded or given new indexes: SQLite knows nothing of an index ANALYZE has not seen. */
export async function analyzeTables(
  target: DataSource | QueryRunner,
  tables: readonly string[],
): Promise<void> {
  if (tables.length === 0) return;
  const dataSource = target instanceof DataSource ? target : target.connection;
  if (dataSource.options.type === 'mysql') {
    await target.query(`ANALYZE TABLE ${tables.map((table) => `\`${table}\``).join(', ')}`);
    return;
  }
  for (const table of tables) await target.query(`ANALYZE "${table}"`);
}
