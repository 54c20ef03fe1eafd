import { Global, type MiddlewareConsumer, Module, type NestModule, RequestMethod } from '@nestjs/common';
import { mediaFiles } from './media-files.js';
import { MediaService } from './media.service.js';

/**
 * Uploaded images: storing them (MediaService, global so every feature module can use it) and serving
 * them under `/media/` on the app's own Express instance (ARCHITECTURE §3, §9).
 */
@Global()
@Module({ providers: [MediaService], exports: [MediaService] })
export class MediaModule implements NestModule {
  constructor(private readonly media: MediaService) {}

  configure(consumer: MiddlewareConsumer): void {
    consumer
      .apply(mediaFiles(this.media.rootDir))
      .forRoutes({ path: 'media/{*path}', method: RequestMethod.ALL });
  }
}
