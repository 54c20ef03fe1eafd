import { mkdirSync } from 'node:fs';
import { join } from 'node:path';
import type { DataSourceOptions } from 'typeorm';
import { migrations } from '../../database/migrations/index.js';
import { entities } from '../../database/entities.js';
import type { AppConfig } from '../config/app-config.js';
import { TypeOrmLogger } from './typeorm-logger.js';

export type DatabaseDialect = 'sqlite' | 'mysql';

export function databaseDialect(config: Pick<AppConfig, 'databaseUrl'>): DatabaseDialect {
  return config.databaseUrl ? 'mysql' : 'sqlite';
}

/**
 * The one description of the database, shared by the app and the migration CLI.
 * MySQL/MariaDB when DATABASE_URL is set, otherwise the embedded SQLite file in DATA_DIR.
 */
export function dataSourceOptions(config: Pick<AppConfig, 'databaseUrl' | 'dataDir'>): DataSourceOptions {
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
      extra: { connectionLimit: 10 },
    };
  }
  mkdirSync(config.dataDir, { recursive: true });
  return {
    ...common,
    type: 'better-sqlite3',
    database: join(config.dataDir, 'fitcoach.sqlite'),
    enableWAL: true,
    prepareDatabase: (db: { pragma(sql: string): unknown }) => {
      db.pragma('foreign_keys = ON');
      db.pragma('busy_timeout = 5000');
    },
  };
}
