import { Column, Entity, type Relation } from 'typeorm';
import { ForeignId, References } from '../../common/database/relations.js';
import { RowEntity } from '../../common/database/row.entity.js';
import type { PaymentProvider, PaymentStatus } from '@fitcoach/contracts';
import { ProgramEntity } from '../programs/program.entity.js';
import { UserEntity } from '../users/user.entity.js';

/**
 * One checkout order and what became of it (docs/architecture.md §7). The amount and currency are the programme's
 * at order time, taken from our database. `openFlag` is 1 while the order waits for capture and null afterwards:
 * with the unique index on (user, programme, openFlag) a member has at most one open order per programme, so two
 * tabs or a double click share one order and PayPal charges it once.
 */
@Entity({ name: 'payment' })
export class PaymentEntity extends RowEntity {
  @Column({ type: 'varchar', length: 20 })
  provider: PaymentProvider;

  @Column({ name: 'order_id', type: 'varchar', length: 64 })
  orderId: string;

  @Column({ name: 'capture_id', type: 'varchar', length: 64, nullable: true })
  captureId: string | null;

  @ForeignId('user_id')
  userId: number;

  @References(() => UserEntity, 'payment', 'user_id')
  user?: Relation<UserEntity>;

  @ForeignId('program_id')
  programId: number;

  @References(() => ProgramEntity, 'payment', 'program_id')
  program?: Relation<ProgramEntity>;

  @Column({ name: 'amount_minor', type: 'integer' })
  amountMinor: number;

  @Column({ type: 'varchar', length: 3 })
  currency: string;

  @Column({ type: 'varchar', length: 20 })
  status: PaymentStatus;

  @Column({ name: 'open_flag', type: 'integer', nullable: true })
  openFlag: 1 | null;

  /** The payer's name as PayPal reports it at capture ("Transaction completed by {name}"). */
  @Column({ name: 'payer_name', type: 'varchar', length: 255, nullable: true })
  payerName: string | null;

  @Column({ name: 'completed_at', type: 'datetime', nullable: true })
  completedAt: Date | null;

  @Column({ name: 'refunded_at', type: 'datetime', nullable: true })
  refundedAt: Date | null;
}
