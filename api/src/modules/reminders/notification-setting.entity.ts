import { Column, Entity, type Relation } from 'typeorm';
import { ForeignId, References } from '../../common/database/relations.js';
import { RowEntity } from '../../common/database/row.entity.js';
import { UserEntity } from '../users/user.entity.js';

/** An account's choice of reminders and push messages; an account without a row has every default (all on). */
@Entity({ name: 'notification_setting' })
export class NotificationSettingEntity extends RowEntity {
  @ForeignId('user_id')
  userId: number;

  @References(() => UserEntity, 'notification_setting', 'user_id', { one: true })
  user?: Relation<UserEntity>;

  @Column({ name: 'reminder_emails', type: 'boolean', default: true })
  reminderEmails: boolean;

  @Column({ name: 'push_reminders', type: 'boolean', default: true })
  pushReminders: boolean;

  @Column({ name: 'push_chat', type: 'boolean', default: true })
  pushChat: boolean;

  /** The member's local date (`YYYY-MM-DD`) of the last reminder sent: at most one a day. */
  @Column({ name: 'last_reminder_on', type: 'varchar', length: 10, nullable: true })
  lastReminderOn: string | null;
}
