import { Inject, Injectable, Logger, Module, type OnApplicationBootstrap } from '@nestjs/common';
import { InjectDataSource } from '@nestjs/typeorm';
import type { DataSource } from 'typeorm';
import { APP_CONFIG, type AppConfig } from '../../common/config/app-config.js';
import { UserEntity } from '../../modules/users/user.entity.js';
import { seedDemo } from './demo.js';

export type StartupSeeding = 'always' | 'when-empty' | 'never';

/**
 * When start-up seeds the demo content. SEED_DEMO=true: always (the seed adds only what is missing);
 * SEED_DEMO=false: never; unset (`undefined`): only an empty embedded database outside production, so a first
 * `npm start` has something to show, while a production server (the Docker image runs one on SQLite), a MySQL
 * deployment or a test run is never filled with demo accounts whose passwords are published in the README.
 */
export function startupSeeding(
  config: Pick<AppConfig, 'nodeEnv' | 'databaseUrl'> & { seedDemo?: boolean },
): StartupSeeding {
  if (config.seedDemo === true) return 'always';
  if (config.seedDemo === false || config.nodeEnv !== 'development' || config.databaseUrl) return 'never';
  return 'when-empty';
}

@Injectable()
export class DemoSeedOnStartup implements OnApplicationBootstrap {
  private readonly logger = new Logger('DemoSeed');

  constructor(
    @Inject(APP_CONFIG) private readonly config: AppConfig,
    @InjectDataSource() private readonly dataSource: DataSource,
  ) {}

  async onApplicationBootstrap(): Promise<void> {
    const when = startupSeeding(this.config);
    if (when === 'never') return;
    if (when === 'when-empty' && (await this.dataSource.getRepository(UserEntity).exists())) return;
    const { created, logins } = await seedDemo(this.dataSource, this.config);
    this.logger.log(
      `Demo content: ${created.accounts} accounts, ${created.trainers} trainers, ${created.programs} programmes ` +
        `and ${created.lessons} lessons created. Set SEED_DEMO=false to start without it.`,
    );
    for (const login of logins) {
      this.logger.log(`Demo login (${login.role}): ${login.email} / ${login.password}`);
    }
    if (this.config.nodeEnv === 'production') {
      this.logger.warn(
        'SEED_DEMO=true in production: anyone can sign in to these accounts, whose passwords are published ' +
          `(${logins.map((login) => `${login.email} / ${login.password}`).join(', ')}). ` +
          'Remove SEED_DEMO and delete these accounts or change their passwords before real users arrive.',
      );
    }
  }
}

/** Seeds the demo content at start-up when the configuration asks for it (see `startupSeeding`). */
@Module({ providers: [DemoSeedOnStartup] })
export class SeedModule {}
