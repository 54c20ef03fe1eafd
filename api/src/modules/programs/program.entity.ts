import type { ProgramUnlock } from '@fitcoach/contracts';
import { Column, Entity, type Relation } from 'typeorm';
import { ForeignId, References } from '../../common/database/relations.js';
import { RowEntity } from '../../common/database/row.entity.js';
import { TrainerEntity } from '../trainers/trainer.entity.js';

/** docs/product.md §3 Programme. Money is kept in minor units (cents) with its currency (docs/architecture.md §4). */
@Entity({ name: 'program' })
export class ProgramEntity extends RowEntity {
  @ForeignId('trainer_id')
  trainerId: number;

  @References(() => TrainerEntity, 'program', 'trainer_id')
  trainer?: Relation<TrainerEntity>;

  @Column({ type: 'varchar', length: 255 })
  name: string;

  @Column({ type: 'text' })
  description: string;

  @Column({ name: 'duration_days', type: 'integer' })
  durationDays: number;

  @Column({ name: 'price_minor', type: 'integer' })
  priceMinor: number;

  @Column({ type: 'varchar', length: 3 })
  currency: string;

  @Column({ type: 'varchar', length: 50 })
  category: string;

  @Column({ type: 'varchar', length: 20 })
  level: string;

  @Column({ name: 'cover_image', type: 'varchar', length: 255, nullable: true })
  coverImage: string | null;

  @Column({ name: 'is_published', type: 'boolean', default: false })
  isPublished: boolean;

  /** `all`: every lesson open from day 1; `daily`: lesson n opens on the member's day n. */
  @Column({ type: 'varchar', length: 10, default: 'all' })
  unlock: ProgramUnlock;

  /** Its visible reviews and the sum of their stars, kept by every review write: the standing without a count. */
  @Column({ name: 'review_count', type: 'integer', default: 0 })
  reviewCount: number;

  @Column({ name: 'stars_total', type: 'integer', default: 0 })
  starsTotal: number;
}
