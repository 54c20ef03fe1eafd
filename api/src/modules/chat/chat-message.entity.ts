import { Column, Entity, type Relation } from 'typeorm';
import { ForeignId, References } from '../../common/database/relations.js';
import { RowEntity } from '../../common/database/row.entity.js';
import type { ChatMessageType } from '@fitcoach/contracts';
import { UserEntity } from '../users/user.entity.js';
import { WorkoutLogEntity } from '../record/workout-log.entity.js';

/**
 * One chat message between two contacts. `lowId`/`highId` are the two user ids in order: the conversation, never a
 * name a client chose. A deleted message keeps its row with `deletedAt` set and its text and image cleared.
 */
@Entity({ name: 'chat_message' })
export class ChatMessageEntity extends RowEntity {
  @ForeignId('sender_id')
  senderId: number;

  @References(() => UserEntity, 'chat_message', 'sender_id')
  sender?: Relation<UserEntity>;

  @ForeignId('recipient_id')
  recipientId: number;

  @References(() => UserEntity, 'chat_message', 'recipient_id')
  recipient?: Relation<UserEntity>;

  @Column({ name: 'low_id', type: 'integer' })
  lowId: number;

  @Column({ name: 'high_id', type: 'integer' })
  highId: number;

  @Column({ type: 'varchar', length: 8 })
  type: ChatMessageType;

  @Column({ type: 'text', nullable: true })
  text: string | null;

  @Column({ type: 'varchar', length: 255, nullable: true })
  image: string | null;

  @Column({ type: 'boolean', default: false })
  forwarded: boolean;

  @Column({ name: 'read_at', type: 'datetime', nullable: true })
  readAt: Date | null;

  @Column({ name: 'deleted_at', type: 'datetime', nullable: true })
  deletedAt: Date | null;

  /** A trainer's comment on one of the member's workout logs; null for an ordinary message. */
  @ForeignId('workout_log_id', true)
  workoutLogId: number | null;

  @References(() => WorkoutLogEntity, 'chat_message', 'workout_log_id', { onDelete: 'SET NULL' })
  workoutLog?: Relation<WorkoutLogEntity>;
}
