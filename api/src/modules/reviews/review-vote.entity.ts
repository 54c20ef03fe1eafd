import { Entity, type Relation } from 'typeorm';
import { ForeignId, References } from '../../common/database/relations.js';
import { RowEntity } from '../../common/database/row.entity.js';
import { UserEntity } from '../users/user.entity.js';
import { ReviewEntity } from './review.entity.js';

/** A member's word that a review helped them: one per member and review, counted in `review.helpful_count`. */
@Entity({ name: 'review_vote' })
export class ReviewVoteEntity extends RowEntity {
  @ForeignId('review_id')
  reviewId: number;

  @References(() => ReviewEntity, 'review_vote', 'review_id')
  review?: Relation<ReviewEntity>;

  @ForeignId('user_id')
  userId: number;

  @References(() => UserEntity, 'review_vote', 'user_id')
  user?: Relation<UserEntity>;
}
