import { Column, Entity, type Relation } from 'typeorm';
import { ForeignId, References } from '../../common/database/relations.js';
import { RowEntity } from '../../common/database/row.entity.js';
import { UserEntity } from '../users/user.entity.js';
import { ReviewEntity } from './review.entity.js';

/** A member's report of a review to the superusers; resolved once a superuser hid or kept the review. */
@Entity({ name: 'review_report' })
export class ReviewReportEntity extends RowEntity {
  @ForeignId('review_id')
  reviewId: number;

  @References(() => ReviewEntity, 'review_report', 'review_id')
  review?: Relation<ReviewEntity>;

  @ForeignId('user_id')
  userId: number;

  @References(() => UserEntity, 'review_report', 'user_id')
  user?: Relation<UserEntity>;

  @Column({ type: 'varchar', length: 500 })
  reason: string;

  @Column({ type: 'boolean', default: false })
  resolved: boolean;
}
