import { Controller, Get, Query, UseInterceptors } from '@nestjs/common';
import { SitemapQueryDto } from '@fitcoach/contracts';
import { Public } from '../../common/auth/auth.decorators.js';
import { CacheForEveryone } from '../../common/cache/cache-for-anonymous.interceptor.js';
import { PaginatedResponse } from '../../common/http/pagination.interceptor.js';
import { SitemapService } from './sitemap.service.js';

@Controller('sitemap')
export class SitemapController {
  constructor(private readonly sitemap: SitemapService) {}

  /** What the site's /sitemap.xml lists (beyond the contract); the same for everyone, so shared like the catalogue. */
  @Get()
  @Public()
  @UseInterceptors(PaginatedResponse, CacheForEveryone)
  entries(@Query() query: SitemapQueryDto) {
    return this.sitemap.page(query);
  }
}
