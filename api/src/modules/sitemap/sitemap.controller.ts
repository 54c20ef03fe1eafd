import { Controller, Get, Query, UseInterceptors } from '@nestjs/common';
import { SitemapQueryDto } from '@fitcoach/contracts';
import { Public } from '../../common/auth/auth.decorators.js';
import { CacheForEveryone } from '../../common/cache/cache-for-anonymous.interceptor.js';
import { PaginatedResponse } from '../../common/http/pagination.interceptor.js';
import { SitemapService } from './sitemap.service.js';
import { ApiTags } from '@nestjs/swagger';
import { PAGE } from '../../common/openapi/answers.js';
import { RouteDoc } from '../../common/openapi/route-doc.js';

@ApiTags('sitemap')
@Controller('sitemap')
export class SitemapController {
  constructor(private readonly sitemap: SitemapService) {}

  /** What the site's /sitemap.xml lists (beyond the contract); the same for everyone, so shared like the catalogue. */
  @RouteDoc({
    summary: "The sitemap's entries, paged",
    access: 'anyone (the same answer for everyone)',
    caller: 'public',
    notes: 'Listed trainers, then the published programmes of those trainers, each in id order.',
    query: SitemapQueryDto,
    ok: {
      status: 200,
      description: '`[{type: "trainer" | "program", id, updated_at}]`; past the last page `[]`',
      schema: PAGE,
    },
    refusals: { 400: 'A malformed page or page_size' },
  })
  @Get()
  @Public()
  @UseInterceptors(PaginatedResponse, CacheForEveryone)
  entries(@Query() query: SitemapQueryDto) {
    return this.sitemap.page(query);
  }
}
