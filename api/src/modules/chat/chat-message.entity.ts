import { Column, Entity, JoinColumn, ManyToOne, type Relation } from 'typeorm';
import { RowEntity } from '../../common/database/row.entity.js';
import type { ChatMessageType } from '@fitcoach/contracts';
import { UserEntity } from '../users/user.entity.js';

/**
 * One chat message between two contacts. `lowId`/`highId` are the two user ids in order: the conversation, never a
 * name a client chose. A deleted message keeps its row with `deletedAt` set and its text and image cleared.
 */
@Entity({ name: 'chat_message' })
export class ChatMessageEntity extends RowEntity {
  @Column({ name: 'sender_id', type: 'integer' })
  senderId: number;

  @ManyToOne(() => UserEntity, { onDelete: 'CASCADE' })
  @JoinColumn({ name: 'sender_id', foreignKeyConstraintName: 'fk_chat_message_sender_id' })
  sender?: Relation<UserEntity>;

  @Column({ name: 'recipient_id', type: 'integer' })
  recipientId: number;

  @ManyToOne(() => UserEntity, { onDelete: 'CASCADE' })
  @JoinColumn({ name: 'recipient_id', foreignKeyConstraintName: 'fk_chat_message_recipient_id' })
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
}
