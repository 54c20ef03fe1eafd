import { mkdirSync } from 'node:fs';
import { join } from 'node:path';
import { DataSource, type DataSourceOptions, type QueryRunner } from 'typeorm';
import { entities } from '../../database/entities.js';
import { migrations } from '../../database/migrations/index.js';
import { type AppConfig, ConfigError, redactUrl } from '../config/app-config.js';
import { boundPoolWaits, poolOptions } from './pool.js';
import { takeTurnsOnTheConnection } from './sqlite-turns.js';
import { keepOptimized, optimizeAtOpen } from './statistics.js';
import { TypeOrmLogger } from './typeorm-logger.js';

type DatabaseConfig = Pick<AppConfig, 'databaseUrl' | 'dataDir' | 'databasePool'>;

/** Shared by the app and the migration CLI. */
export function dataSourceOptions(config: DatabaseConfig): DataSourceOptions {
  const common = {
    entities,
    migrations,
    migrationsTableName: 'migration',
    synchronize: false,
    logger: new TypeOrmLogger(['error', 'warn', 'migration']),
  };
  if (config.databaseUrl) {
    return {
      ...common,
      type: 'mysql',
      url: config.databaseUrl.replace(/^mariadb:/, 'mysql:'),
      charset: 'utf8mb4_unicode_ci',
      timezone: 'Z',
      connectTimeout: 5000,
      extra: poolOptions(config.databasePool),
    };
  }
  mkdirSync(config.dataDir, { recursive: true });
  return {
    ...common,
    type: 'better-sqlite3',
    database: join(config.dataDir, 'fitcoach.sqlite'),
    enableWAL: true,
    // The default 100 is fewer than the app's distinct queries, and preparing again costs more than the query.
    statementCacheSize: 1000,
    prepareDatabase: (db: { pragma(sql: string): unknown }) => {
      db.pragma('foreign_keys = ON');
      db.pragma('busy_timeout = 5000');
      optimizeAtOpen(db);
    },
  };
}

/** Before anything else starts, so a wrong DATABASE_URL or an unwritable DATA_DIR stops start-up at once. */
export async function openDataSource(config: DatabaseConfig, options: { runMigrations: boolean }) {
  const dataSource = new DataSource({ ...dataSourceOptions(config), migrationsRun: options.runMigrations });
  if (!config.databaseUrl) {
    takeTurnsOnTheConnection(dataSource);
    beginImmediately(dataSource);
    bindIntegers(dataSource);
  }
  try {
    await dataSource.initialize();
  } catch (error) {
    const target = config.databaseUrl
      ? `DATABASE_URL=${redactUrl(config.databaseUrl)}`
      : `SQLite database in DATA_DIR=${config.dataDir}`;
    throw new ConfigError(`Cannot open the database (${target}): ${reason(error)}`);
  }
  if (config.databaseUrl) boundPoolWaits(dataSource, config.databasePool.waitMs);
  else keepOptimized(dataSource);
  return dataSource;
}

function reason(error: unknown): string {
  if (!(error instanceof Error)) return String(error);
  const code = (error as { code?: unknown }).code;
  return typeof code === 'string' && !error.message.includes(code)
    ? `${code} ${error.message}`
    : error.message;
}

const IMMEDIATE = Symbol('fitcoach:begin-immediate');

/**
 * A deferred transaction that read before another process's commit gets "database is locked" at once, whatever the
 * busy timeout; taking the write lock at BEGIN makes it wait its turn instead.
 */
function beginImmediately(dataSource: DataSource): void {
  const driver = dataSource.driver;
  const createQueryRunner = driver.createQueryRunner.bind(driver);
  driver.createQueryRunner = (mode) => {
    const runner = createQueryRunner(mode) as QueryRunner & { [IMMEDIATE]?: true };
    if (runner[IMMEDIATE]) return runner;
    const query = runner.query.bind(runner) as (sql: string, ...rest: unknown[]) => Promise<unknown>;
    runner.query = ((sql: string, ...rest: unknown[]) =>
      query(
        sql === 'BEGIN TRANSACTION' ? 'BEGIN IMMEDIATE TRANSACTION' : sql,
        ...rest,
      )) as QueryRunner['query'];
    runner[IMMEDIATE] = true;
    return runner;
  };
}

type EscapeQuery = (sql: string, parameters: Record<string, unknown>, native: object) => [string, unknown[]];

/**
 * TypeORM inlines number parameters into SQLite's SQL text, so each id made a new statement to prepare (ADR 022);
 * as BigInt they are bound, and stored as the same integer.
 */
function bindIntegers(dataSource: DataSource): void {
  const driver = dataSource.driver as unknown as { escapeQueryWithParameters: EscapeQuery };
  const escape = driver.escapeQueryWithParameters.bind(driver);
  driver.escapeQueryWithParameters = (sql, parameters, native) => {
    const bound: Record<string, unknown> = {};
    for (const [key, value] of Object.entries(parameters ?? {})) {
      bound[key] = Number.isSafeInteger(value) ? BigInt(value as number) : value;
    }
    return escape(sql, bound, native);
  };
}
