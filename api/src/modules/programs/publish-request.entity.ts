import { Column, Entity } from 'typeorm';
import { RowEntity } from '../../common/database/row.entity.js';

/**
 * `pending` waits for a superuser; the others are a superuser's last decision: `approved` (published), `blocked`
 * (taken out of the catalogue), `rejected` (sent back to its trainer with a reason). A programme blocked before
 * blocks were recorded kept `approved` while unpublished.
 */
export type PublishRequestStatus = 'pending' | 'approved' | 'blocked' | 'rejected';

/**
 * A trainer's request that a superuser publish a programme, and the superuser's last decision on it
 * (docs/product.md §4); one row per programme, reused.
 */
@Entity({ name: 'publish_request' })
export class PublishRequestEntity extends RowEntity {
  @Column({ name: 'program_id', type: 'integer' })
  programId: number;

  @Column({ type: 'varchar', length: 20 })
  status: PublishRequestStatus;

  @Column({ name: 'decided_at', type: 'datetime', nullable: true })
  decidedAt: Date | null;

  /** Why it was rejected, while it is; null otherwise. */
  @Column({ type: 'text', nullable: true })
  reason: string | null;
}
