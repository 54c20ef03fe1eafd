import { Logger } from '@nestjs/common';
import { DataSource, type QueryRunner } from 'typeorm';

/** How often the long-lived SQLite connection refreshes its planner's statistics. */
export const OPTIMIZE_EVERY_MS = 60 * 60 * 1000;

const logger = new Logger('Database');

/**
 * SQLite chooses its plans from the statistics ANALYZE keeps in sqlite_stat1; without them it guesses, and on the
 * large seed it walked every active subscription for one member's list (548 ms instead of 0.16 ms). SQLite's advice
 * for a long-lived connection, at open: analyze each table never analyzed, or grown much since it was (a sample of
 * each index, so it stays quick on a large file).
 */
export function optimizeAtOpen(db: { pragma(sql: string): unknown }): void {
  db.pragma('optimize=0x10002');
}

/**
 * Then `PRAGMA optimize` every hour (for the tables this connection used that changed enough) and once more when the
 * data source closes. It takes its turn on the connection as any write does; a failure costs only fresher statistics.
 */
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

/**
 * Statistics of tables just bulk-loaded or given new indexes, read whole: SQLite's ANALYZE of each, MySQL's ANALYZE
 * TABLE of them all. The seeds and the migrations that add indexes call it, so the next queries are planned from
 * what is there (SQLite knows nothing of an index ANALYZE has not seen).
 */
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
