import { Module } from '@nestjs/common';
import { TypeOrmModule } from '@nestjs/typeorm';
import { DataSource } from 'typeorm';
import { APP_CONFIG, type AppConfig, ConfigError, redactUrl } from '../config/app-config.js';
import { dataSourceOptions } from './data-source-options.js';

/** Opens the database and brings its schema up to date before anything else starts. */
@Module({
  imports: [
    TypeOrmModule.forRootAsync({
      inject: [APP_CONFIG],
      useFactory: (config: AppConfig) => ({
        ...dataSourceOptions(config),
        migrationsRun: true,
        retryAttempts: 0,
      }),
      dataSourceFactory: async (options) => {
        if (!options) throw new ConfigError('Database options are missing');
        const dataSource = new DataSource(options);
        try {
          return await dataSource.initialize();
        } catch (error) {
          throw new ConfigError(`Cannot open the database (${describeTarget(options)}): ${reason(error)}`);
        }
      },
    }),
  ],
})
export class DatabaseModule {}

function describeTarget(options: { type: string; url?: string; database?: unknown }): string {
  if (options.type === 'mysql' && options.url) return `DATABASE_URL=${redactUrl(options.url)}`;
  return `SQLite file ${String(options.database)} in DATA_DIR`;
}

function reason(error: unknown): string {
  if (error instanceof Error) {
    const code = (error as { code?: unknown }).code;
    return typeof code === 'string' && !error.message.includes(code)
      ? `${code} ${error.message}`
      : error.message;
  }
  return String(error);
}
