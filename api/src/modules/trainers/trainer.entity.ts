import { Column, Entity, type Relation } from 'typeorm';
import { ForeignId, References } from '../../common/database/relations.js';
import { RowEntity } from '../../common/database/row.entity.js';
import { UserEntity } from '../users/user.entity.js';

/** docs/product.md §3 Trainer: the trainer profile of one user (API field `specalized` is `specialisation` here). */
@Entity({ name: 'trainer' })
export class TrainerEntity extends RowEntity {
  @ForeignId('user_id')
  userId: number;

  @References(() => UserEntity, 'trainer', 'user_id', { one: true })
  user?: Relation<UserEntity>;

  @Column({ type: 'varchar', length: 50 })
  specialisation: string;

  @Column({ type: 'text' })
  about: string;

  @Column({ type: 'varchar', length: 500 })
  certifications: string;

  @Column({ name: 'experience_years', type: 'integer' })
  experienceYears: number;

  /** The mean stars of the visible reviews of all their programmes, and how many: kept by every review write. */
  @Column({ type: 'float', nullable: true })
  rating: number | null;

  @Column({ name: 'review_count', type: 'integer', default: 0 })
  reviewCount: number;

  @Column({ type: 'varchar', length: 100 })
  country: string;

  @Column({ type: 'varchar', length: 20 })
  phone: string;

  @Column({ name: 'profile_picture', type: 'varchar', length: 255, nullable: true })
  profilePicture: string | null;

  /** Set by a superuser (PUT /api/trainers/{id}/verify/); verified trainers are listed first. */
  @Column({ type: 'boolean', default: false })
  verified: boolean;

  @Column({ name: 'verified_at', type: 'datetime', nullable: true })
  verifiedAt: Date | null;
}
