import { Module } from '@nestjs/common';
import { SitemapController } from './sitemap.controller.js';
import { SitemapRepository } from './sitemap.repository.js';
import { SitemapService } from './sitemap.service.js';

/** docs/decisions/030-pages-found-and-shared.md. */
@Module({
  controllers: [SitemapController],
  providers: [SitemapService, SitemapRepository],
})
export class SitemapModule {}
