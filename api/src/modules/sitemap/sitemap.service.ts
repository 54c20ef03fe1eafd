import { Injectable } from '@nestjs/common';
import {
  SITEMAP_LIMITS,
  type SitemapEntry,
  type SitemapEntryType,
  type SitemapQueryDto,
} from '@fitcoach/contracts';
import type { Page } from '../../common/http/pagination.interceptor.js';
import { type SitemapRow, SitemapRepository } from './sitemap.repository.js';

const entriesOf = (type: SitemapEntryType, rows: SitemapRow[]): SitemapEntry[] =>
  rows.map(({ id, updatedAt }) => ({ type, id, updated_at: updatedAt.toISOString() }));

/** The active trainers, then the published programmes (ADR 030). */
@Injectable()
export class SitemapService {
  constructor(private readonly sitemap: SitemapRepository) {}

  /** A page may end the trainers and begin the programmes. */
  async page(query: SitemapQueryDto): Promise<Page<SitemapEntry>> {
    const page = query.page ?? 1;
    const pageSize = query.page_size ?? SITEMAP_LIMITS.maxUrls;
    const offset = (page - 1) * pageSize;
    const [trainerCount, programCount] = await Promise.all([
      this.sitemap.countActiveTrainers(),
      this.sitemap.countListedPrograms(),
    ]);
    const trainers = offset < trainerCount ? await this.sitemap.pageOfActiveTrainers(offset, pageSize) : [];
    const programOffset = Math.max(0, offset - trainerCount);
    const room = pageSize - trainers.length;
    const programs =
      room > 0 && programOffset < programCount
        ? await this.sitemap.pageOfListedPrograms(programOffset, room)
        : [];
    return {
      items: [...entriesOf('trainer', trainers), ...entriesOf('program', programs)],
      total: trainerCount + programCount,
      page,
      pageSize,
    };
  }
}
