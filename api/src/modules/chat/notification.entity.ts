import { Column, Entity, type Relation } from 'typeorm';
import { ForeignId, References } from '../../common/database/relations.js';
import { RowEntity } from '../../common/database/row.entity.js';
import type { NotificationCategory } from '@fitcoach/contracts';
import { UserEntity } from '../users/user.entity.js';

/** Something a user was told while away from it: a message, a new subscriber. Unread until fetched or seen. */
@Entity({ name: 'notification' })
export class NotificationEntity extends RowEntity {
  @ForeignId('user_id')
  userId: number;

  @References(() => UserEntity, 'notification', 'user_id')
  user?: Relation<UserEntity>;

  @ForeignId('sender_id', true)
  senderId: number | null;

  @References(() => UserEntity, 'notification', 'sender_id', { onDelete: 'SET NULL' })
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
