import { Column, Entity, type Relation } from 'typeorm';
import { ForeignId, References } from '../../common/database/relations.js';
import { RowEntity } from '../../common/database/row.entity.js';
import type { SubscriptionStatus } from '@fitcoach/contracts';
import { PaymentEntity } from '../payments/payment.entity.js';
import { ProgramEntity } from '../programs/program.entity.js';
import { UserEntity } from '../users/user.entity.js';

/**
 * A member's access to a programme, always paid by one completed payment (unique: a payment opens one
 * subscription). `activeFlag` is 1 while active and null once cancelled or refunded: the unique index on
 * (user, programme, activeFlag) lets the database hold at most one active subscription per member and programme
 * (NULLs never collide, in SQLite and MySQL alike), while ended ones stay as history.
 */
@Entity({ name: 'subscription' })
export class SubscriptionEntity extends RowEntity {
  @ForeignId('user_id')
  userId: number;

  @References(() => UserEntity, 'subscription', 'user_id')
  user?: Relation<UserEntity>;

  @ForeignId('program_id')
  programId: number;

  @References(() => ProgramEntity, 'subscription', 'program_id')
  program?: Relation<ProgramEntity>;

  @ForeignId('payment_id')
  paymentId: number;

  @References(() => PaymentEntity, 'subscription', 'payment_id')
  payment?: Relation<PaymentEntity>;

  @Column({ type: 'varchar', length: 20 })
  status: SubscriptionStatus;

  @Column({ name: 'active_flag', type: 'integer', nullable: true })
  activeFlag: 1 | null;

  @Column({ name: 'started_at', type: 'datetime' })
  startedAt: Date;

  @Column({ name: 'ended_at', type: 'datetime', nullable: true })
  endedAt: Date | null;

  /** The member's day 1, `YYYY-MM-DD` in `timezone`. */
  @Column({ name: 'start_date', type: 'varchar', length: 10, nullable: true })
  startDate: string | null;

  /** `HH:MM` in `timezone` when the member wants a reminder, or null for none. */
  @Column({ name: 'reminder_time', type: 'varchar', length: 5, nullable: true })
  reminderTime: string | null;

  /** An IANA time zone name: the member's days and reminder time are counted in it. */
  @Column({ type: 'varchar', length: 64, default: 'UTC' })
  timezone: string;

  /** The member's latest completed lesson of the programme while subscribed; null before the first. */
  @Column({ name: 'last_completed_at', type: 'datetime', nullable: true })
  lastCompletedAt: Date | null;

  /** When the member completed the last lesson left to do; null until then (a lesson added later leaves it). */
  @Column({ name: 'finished_at', type: 'datetime', nullable: true })
  finishedAt: Date | null;

  /** When the reminder job next looks at this subscription; null when no reminder is due again. */
  @Column({ name: 'next_reminder_at', type: 'datetime', nullable: true })
  nextReminderAt: Date | null;
}
