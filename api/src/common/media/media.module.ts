import {
  Global,
  Inject,
  type MiddlewareConsumer,
  Module,
  type NestModule,
  RequestMethod,
} from '@nestjs/common';
import { APP_CONFIG, type AppConfig } from '../config/app-config.js';
import { mediaFiles } from './media-files.js';
import { MediaService } from './media.service.js';

/** Global, so that every feature module stores images through MediaService (docs/architecture.md §3, §9). */
@Global()
@Module({ providers: [MediaService], exports: [MediaService] })
export class MediaModule implements NestModule {
  constructor(
    private readonly media: MediaService,
    @Inject(APP_CONFIG) private readonly config: AppConfig,
  ) {}

  configure(consumer: MiddlewareConsumer): void {
    consumer
      .apply(
        mediaFiles(this.media.rootDir, {
          crossOrigin: this.config.corsOrigins.length > 0,
          makeCopy: (path) => this.media.makeCopy(path),
        }),
      )
      .forRoutes({ path: 'media/{*path}', method: RequestMethod.ALL });
  }
}
