import { ConflictException, ForbiddenException, Injectable, NotFoundException } from '@nestjs/common';
import { InjectDataSource } from '@nestjs/typeorm';
import type { DataSource, EntityManager } from 'typeorm';
import {
  REVIEW_LIMITS,
  REVIEW_MESSAGES,
  type HiddenReviewResponse,
  type ReviewAnswerDto,
  type ReviewDto,
  type ReviewListResponse,
  type ReviewReasonDto,
  type ReviewReportResponse,
  type ReviewResponse,
  type ReviewsQueryDto,
} from '@fitcoach/contracts';
import type { AuthContext } from '../../common/auth/auth.decorators.js';
import { isUniqueViolation } from '../../common/database/errors.js';
import { pagingOf } from '../../common/database/paging.js';
import type { Page } from '../../common/http/pagination.interceptor.js';
import { type Caller, Permission } from '../access/access.rules.js';
import { AccessService } from '../access/access.service.js';
import { AuditService } from '../audit/audit.service.js';
import { ProgramEntity } from '../programs/program.entity.js';
import { ProgressRepository } from '../subscriptions/progress.repository.js';
import { ReviewReportEntity } from './review-report.entity.js';
import { ReviewVoteEntity } from './review-vote.entity.js';
import { ReviewEntity } from './review.entity.js';
import { ratingOf } from '../programs/programs.mapper.js';
import { toReviewReportResponse, toReviewResponse } from './reviews.mapper.js';
import { ReviewsRepository } from './reviews.repository.js';
import { standing } from './reviews.store.js';

/**
 * Verified reviews (docs/product.md, ADR 062): only members who followed a programme and did a good part of it
 * review it, once; its trainer answers once; superusers hide what breaks the rules. A programme's standing counts
 * its visible reviews, kept on the programme by every write in the same transaction.
 */
@Injectable()
export class ReviewsService {
  constructor(
    @InjectDataSource() private readonly dataSource: DataSource,
    private readonly reviews: ReviewsRepository,
    private readonly access: AccessService,
    private readonly progress: ProgressRepository,
    private readonly audit: AuditService,
  ) {}

  /** A visible page of a programme's reviews, newest or most helpful first, with its standing. */
  async list(auth: Caller, programId: number, query: ReviewsQueryDto): Promise<ReviewListResponse> {
    const program = await this.visibleProgram(auth, programId);
    const { page, pageSize } = pagingOf(query);
    const [rows, mine] = await Promise.all([
      this.reviews.page(programId, query.sort ?? 'newest', { page, pageSize }),
      auth ? this.reviews.findOwn(auth.user.id, programId) : null,
    ]);
    return {
      rating: ratingOf(program),
      mine: mine && { ...toReviewResponse(mine), hidden: mine.hidden },
      count: program.reviewCount,
      page,
      page_size: pageSize,
      results: rows.map(toReviewResponse),
    };
  }

  async create(auth: AuthContext, programId: number, dto: ReviewDto): Promise<ReviewResponse> {
    const program = await this.visibleProgram(auth, programId);
    if (program.trainer?.userId === auth.user.id) throw new ForbiddenException(REVIEW_MESSAGES.ownProgram);
    if (!(await this.reviews.followed(auth.user.id, programId))) {
      throw new ForbiddenException(REVIEW_MESSAGES.notSubscribed);
    }
    const percentage = await this.progress.percentage({ userId: auth.user.id, programId });
    if (percentage < REVIEW_LIMITS.minProgress)
      throw new ForbiddenException(REVIEW_MESSAGES.tooEarly(percentage));
    try {
      const id = await this.dataSource.transaction(async (manager) => {
        const saved = await manager.save(
          manager.create(ReviewEntity, { programId, userId: auth.user.id, ...content(dto) }),
        );
        await standing(manager, programId, 1, dto.stars);
        return saved.id;
      });
      return toReviewResponse(await this.reviews.findWithAuthor(id));
    } catch (error) {
      if (isUniqueViolation(error)) throw new ConflictException(REVIEW_MESSAGES.already);
      throw error;
    }
  }

  /** The author's edit; the standing follows its stars while the review is visible. */
  async update(auth: AuthContext, id: number, dto: ReviewDto): Promise<ReviewResponse> {
    await this.dataSource.transaction(async (manager) => {
      const review = await this.own(manager, auth, id);
      if (!review.hidden) await standing(manager, review.programId, 0, dto.stars - review.stars);
      await manager.update(ReviewEntity, { id }, content(dto));
    });
    return toReviewResponse(await this.reviews.findWithAuthor(id));
  }

  /** The author's deletion; its votes and reports go with it. */
  async remove(auth: AuthContext, id: number): Promise<void> {
    await this.dataSource.transaction(async (manager) => {
      const review = await this.own(manager, auth, id);
      await manager.delete(ReviewEntity, { id });
      if (!review.hidden) await standing(manager, review.programId, -1, -review.stars);
    });
  }

  /** The programme's trainer answers once, publicly. */
  async answer(auth: AuthContext, id: number, dto: ReviewAnswerDto): Promise<ReviewResponse> {
    const review = await this.visibleReview(id);
    if (review.program?.trainer?.userId !== auth.user.id)
      throw new ForbiddenException(REVIEW_MESSAGES.notTrainer);
    // Conditional, so that two answers sent at once leave the first.
    const answered = await this.reviews.setAnswer(id, dto.text);
    if (!answered) throw new ConflictException(REVIEW_MESSAGES.answered);
    return toReviewResponse(await this.reviews.findWithAuthor(id));
  }

  /** A member found the review helpful; saying it twice counts once. */
  async markHelpful(auth: AuthContext, id: number): Promise<{ helpful_count: number }> {
    const review = await this.visibleReview(id);
    if (review.userId === auth.user.id) throw new ForbiddenException(REVIEW_MESSAGES.ownReview);
    try {
      await this.dataSource.transaction(async (manager) => {
        await manager.insert(ReviewVoteEntity, { reviewId: id, userId: auth.user.id });
        await manager.increment(ReviewEntity, { id }, 'helpfulCount', 1);
      });
    } catch (error) {
      if (!isUniqueViolation(error)) throw error;
    }
    return { helpful_count: (await this.reviews.findWithAuthor(id)).helpfulCount };
  }

  /** A member reports a review to the superusers, once. */
  async report(auth: AuthContext, id: number, dto: ReviewReasonDto): Promise<{ id: number }> {
    try {
      // The review is locked while the report is written: a superuser hiding it at the same moment resolves its
      // reports either before (this one is refused) or after (this one is resolved with the rest).
      const saved = await this.dataSource.transaction(async (manager) => {
        const review = await manager.findOne(ReviewEntity, { where: { id }, lock: lockFor(manager) });
        if (!review || review.hidden) throw new NotFoundException(REVIEW_MESSAGES.notFound);
        if (review.userId === auth.user.id) throw new ForbiddenException(REVIEW_MESSAGES.ownReview);
        return manager.save(ReviewReportEntity, { reviewId: id, userId: auth.user.id, reason: dto.reason });
      });
      return { id: saved.id };
    } catch (error) {
      if (isUniqueViolation(error)) throw new ConflictException(REVIEW_MESSAGES.reported);
      throw error;
    }
  }

  /** The open reports, oldest first, for superusers. */
  async reports(query: { page?: number; page_size?: number }): Promise<Page<ReviewReportResponse>> {
    const paging = pagingOf(query);
    const [rows, total] = await this.reviews.openReports(paging);
    return { items: rows.map(toReviewReportResponse), total, ...paging };
  }

  /** The hidden reviews, the latest first, with why, for superusers to show again. */
  async hidden(query: { page?: number; page_size?: number }): Promise<Page<HiddenReviewResponse>> {
    const paging = pagingOf(query);
    const [rows, total] = await this.reviews.hiddenReviews(paging);
    const items = rows.map((review): HiddenReviewResponse => ({
      ...toReviewResponse(review),
      hidden: true,
      hidden_reason: review.hiddenReason,
    }));
    return { items, total, ...paging };
  }

  /** A superuser hides a review (or shows it again): out of lists and standings, its reports resolved, audited. */
  async setHidden(
    auth: AuthContext,
    id: number,
    reason: string | null,
  ): Promise<ReviewResponse & { hidden: boolean }> {
    const hide = reason !== null;
    await this.dataSource.transaction(async (manager) => {
      const review = await manager.findOne(ReviewEntity, { where: { id }, lock: lockFor(manager) });
      if (!review) throw new NotFoundException(REVIEW_MESSAGES.notFound);
      // Already as asked: nothing changes, so nothing is audited.
      if (review.hidden === hide) return;
      await manager.update(ReviewEntity, { id }, { hidden: hide, hiddenReason: reason });
      await standing(manager, review.programId, hide ? -1 : 1, hide ? -review.stars : review.stars);
      if (hide)
        await manager.update(ReviewReportEntity, { reviewId: id, resolved: false }, { resolved: true });
      await this.audit.record(manager, auth, {
        action: hide ? 'hide_review' : 'show_review',
        target: { type: 'review', id, label: review.title },
        reason: reason ?? undefined,
      });
    });
    const review = await this.reviews.findWithAuthor(id);
    return { ...toReviewResponse(review), hidden: review.hidden };
  }

  /** A superuser keeps a reported review: the report is closed. */
  async dismissReport(id: number): Promise<void> {
    const updated = await this.dataSource
      .getRepository(ReviewReportEntity)
      .update({ id, resolved: false }, { resolved: true });
    if (!updated.affected) throw new NotFoundException(REVIEW_MESSAGES.reportNotFound);
  }

  /** The programme if the caller may see it: 404 otherwise, as its page. */
  private async visibleProgram(auth: Caller, programId: number): Promise<ProgramEntity> {
    const program = await this.dataSource
      .getRepository(ProgramEntity)
      .findOne({ where: { id: programId }, relations: { trainer: { user: true } } });
    if (!program || !(await this.access.checkAccess(auth, Permission.ProgramRead, program))) {
      throw new NotFoundException(REVIEW_MESSAGES.programNotFound);
    }
    return program;
  }

  /** A review anyone may act on: a hidden one is unknown. */
  private async visibleReview(id: number): Promise<ReviewEntity> {
    const review = await this.reviews.findWithProgram(id);
    if (!review || review.hidden) throw new NotFoundException(REVIEW_MESSAGES.notFound);
    return review;
  }

  /** The caller's own review, locked for the write; anyone else's is unknown. */
  private async own(manager: EntityManager, auth: AuthContext, id: number): Promise<ReviewEntity> {
    const review = await manager.findOne(ReviewEntity, {
      where: { id, userId: auth.user.id },
      lock: lockFor(manager),
    });
    if (!review) throw new NotFoundException(REVIEW_MESSAGES.notFound);
    return review;
  }
}

function content(dto: ReviewDto): Pick<ReviewEntity, 'stars' | 'title' | 'text'> {
  return { stars: dto.stars, title: dto.title, text: dto.text };
}

/** SQLite serialises writers by itself and knows no row locks. */
function lockFor(manager: EntityManager): { mode: 'pessimistic_write' } | undefined {
  return manager.connection.options.type === 'mysql' ? { mode: 'pessimistic_write' } : undefined;
}
