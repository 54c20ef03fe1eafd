import { Injectable } from '@nestjs/common';
import { InjectRepository } from '@nestjs/typeorm';
import { In, IsNull, type Repository } from 'typeorm';
import type { ReviewSort } from '@fitcoach/contracts';
import type { Paging } from '../../common/database/paging.js';
import { SubscriptionEntity } from '../subscriptions/subscription.entity.js';
import { ReviewReportEntity } from './review-report.entity.js';
import { ReviewEntity } from './review.entity.js';
import { builtOnce } from '../../common/database/built-once.js';

/** The subscriptions that let a member review: active, or ended (a refunded one was taken back). */
const FOLLOWED = ['active', 'cancelled'] as const;

@Injectable()
export class ReviewsRepository {
  constructor(
    @InjectRepository(ReviewEntity) private readonly reviews: Repository<ReviewEntity>,
    @InjectRepository(ReviewReportEntity) private readonly reports: Repository<ReviewReportEntity>,
    @InjectRepository(SubscriptionEntity) private readonly subscriptions: Repository<SubscriptionEntity>,
  ) {}

  followed(userId: number, programId: number): Promise<boolean> {
    return this.subscriptions.exists({ where: { userId, programId, status: In([...FOLLOWED]) } });
  }

  /**
   * A page of a programme's visible reviews along idx_review_program_id_hidden_id (newest) or
   * idx_review_program_id_hidden_helpful_count_id (most helpful): no sort, however many reviews it has. The offset is
   * walked in the index alone (it holds the id), and only the page's rows are read with their authors; joining first
   * would read every skipped review and its author.
   */
  async page(programId: number, sort: ReviewSort, { page, pageSize }: Paging): Promise<ReviewEntity[]> {
    const query = this.reviews
      .createQueryBuilder('review')
      .select('review.id', 'id')
      .where('review.programId = :programId', { programId })
      .andWhere('review.hidden = :hidden', { hidden: false });
    if (sort === 'helpful') query.orderBy('review.helpfulCount', 'DESC').addOrderBy('review.id', 'DESC');
    else query.orderBy('review.id', 'DESC');
    const ids = (
      await query
        .offset((page - 1) * pageSize)
        .limit(pageSize)
        .getRawMany<{ id: number | string }>()
    ).map(({ id }) => Number(id));
    if (ids.length === 0) return [];
    const rows = await this.reviews.find({ where: { id: In(ids) }, relations: { user: true } });
    const byId = new Map(rows.map((row) => [row.id, row]));
    return ids.flatMap((id) => byId.get(id) ?? []);
  }

  /** The member's review of the programme, along uq_review_program_id_user_id: one at most, so no limit is set. */
  findOwn(userId: number, programId: number): Promise<ReviewEntity | null> {
    return builtOnce(
      "a member's review",
      this.reviews
        .createQueryBuilder('review')
        .leftJoinAndSelect('review.user', 'user')
        .where('review.programId = :programId', { programId })
        .andWhere('review.userId = :userId', { userId }),
    ).getOne();
  }

  async findWithAuthor(id: number): Promise<ReviewEntity> {
    return this.reviews.findOneOrFail({ where: { id }, relations: { user: true } });
  }

  findWithProgram(id: number): Promise<ReviewEntity | null> {
    return this.reviews.findOne({ where: { id }, relations: { program: { trainer: true } } });
  }

  /** Sets the answer unless there is one: false when there was. */
  async setAnswer(id: number, text: string): Promise<boolean> {
    const result = await this.reviews.update(
      { id, answer: IsNull() },
      { answer: text, answeredAt: new Date() },
    );
    return (result.affected ?? 0) > 0;
  }

  /**
   * The open reports, oldest first, with their reporters and reviews (with their authors): many-to-one joins, so a
   * plain LIMIT along idx_review_report_resolved_id, and the count along the same index.
   */
  async openReports({ page, pageSize }: Paging): Promise<[ReviewReportEntity[], number]> {
    const rows = await this.reports
      .createQueryBuilder('report')
      .innerJoinAndSelect('report.user', 'reporter')
      .innerJoinAndSelect('report.review', 'review')
      .innerJoinAndSelect('review.user', 'author')
      .where('report.resolved = :resolved', { resolved: false })
      .orderBy('report.id', 'ASC')
      .offset((page - 1) * pageSize)
      .limit(pageSize)
      .getMany();
    return [rows, await this.reports.countBy({ resolved: false })];
  }

  /** The hidden reviews, the latest hidden first (by id), with their authors, along idx_review_hidden_id. */
  async hiddenReviews({ page, pageSize }: Paging): Promise<[ReviewEntity[], number]> {
    const rows = await this.reviews
      .createQueryBuilder('review')
      .innerJoinAndSelect('review.user', 'author')
      .where('review.hidden = :hidden', { hidden: true })
      .orderBy('review.id', 'DESC')
      .offset((page - 1) * pageSize)
      .limit(pageSize)
      .getMany();
    return [rows, await this.reviews.countBy({ hidden: true })];
  }
}
