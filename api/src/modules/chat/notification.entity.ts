import { Column, Entity, JoinColumn, ManyToOne, type Relation } from 'typeorm';
import { RowEntity } from '../../common/database/row.entity.js';
import type { NotificationCategory } from '@fitcoach/contracts';
import { UserEntity } from '../users/user.entity.js';

/** Something a user was told while away from it: a message, a new subscriber. Unread until fetched or seen. */
@Entity({ name: 'notification' })
export class NotificationEntity extends RowEntity {
  @Column({ name: 'user_id', type: 'integer' })
  userId: number;

  @ManyToOne(() => UserEntity, { onDelete: 'CASCADE' })
  @JoinColumn({ name: 'user_id', foreignKeyConstraintName: 'fk_notification_user_id' })
  user?: Relation<UserEntity>;

  @Column({ name: 'sender_id', type: 'integer', nullable: true })
  senderId: number | null;

  @ManyToOne(() => UserEntity, { onDelete: 'SET NULL' })
  @JoinColumn({ name: 'sender_id', foreignKeyConstraintName: 'fk_notification_sender_id' })
  sender?: Relation<UserEntity>;

  @Column({ name: 'sender_name', type: 'varchar', length: 255 })
  senderName: string;

  @Column({ type: 'varchar', length: 20 })
  category: NotificationCategory;

  @Column({ type: 'varchar', length: 255 })
  message: string;

  /** JSON, or null. */
  @Column({ type: 'text', nullable: true })
  payload: string | null;

  @Column({ name: 'read_at', type: 'datetime', nullable: true })
  readAt: Date | null;
}
