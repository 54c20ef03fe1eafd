import { Column, Entity } from 'typeorm';
import { RowEntity } from '../../common/database/row.entity.js';

export type PublishRequestStatus = 'pending' | 'approved';

/** A trainer's request that a superuser publish a programme (docs/product.md §4); one row per programme, reused. */
@Entity({ name: 'publish_request' })
export class PublishRequestEntity extends RowEntity {
  @Column({ name: 'program_id', type: 'integer' })
  programId: number;

  @Column({ type: 'varchar', length: 20 })
  status: PublishRequestStatus;

  @Column({ name: 'decided_at', type: 'datetime', nullable: true })
  decidedAt: Date | null;
}
