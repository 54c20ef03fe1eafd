import { Column, Entity } from 'typeorm';
import { RowEntity } from '../../common/database/row.entity.js';
import type { PaymentEventStatus } from '@fitcoach/contracts';

/**
 * A verified provider webhook, stored once by its event id (a redelivery finds the row and changes nothing), then
 * processed by the `payments` queue.
 */
@Entity({ name: 'payment_event' })
export class PaymentEventEntity extends RowEntity {
  @Column({ name: 'event_id', type: 'varchar', length: 100 })
  eventId: string;

  @Column({ name: 'event_type', type: 'varchar', length: 100 })
  eventType: string;

  /** The capture (or order) the event is about, when it names one. */
  @Column({ name: 'resource_id', type: 'varchar', length: 64, nullable: true })
  resourceId: string | null;

  @Column({ type: 'text' })
  payload: string;

  @Column({ type: 'varchar', length: 20 })
  status: PaymentEventStatus;

  @Column({ name: 'processed_at', type: 'datetime', nullable: true })
  processedAt: Date | null;
}
