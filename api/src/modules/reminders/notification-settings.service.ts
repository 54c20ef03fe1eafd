import { BadRequestException, Inject, Injectable } from '@nestjs/common';
import { InjectRepository } from '@nestjs/typeorm';
import type { Repository } from 'typeorm';
import type { NotificationSettingsResponse, UpdateNotificationSettingsDto } from '@fitcoach/contracts';
import { isUniqueViolation } from '../../common/database/errors.js';
import { JWT_SECRET } from '../auth/auth.tokens.js';
import { UserEntity } from '../users/user.entity.js';
import { NotificationSettingEntity } from './notification-setting.entity.js';
import { unsubscribeTokenUser } from './unsubscribe-token.js';

/** An account without a row has every switch on (docs/product.md §2.9). */
const DEFAULTS: NotificationSettingsResponse = {
  reminder_emails: true,
  push_reminders: true,
  push_chat: true,
};

export const UNSUBSCRIBE_MESSAGES = {
  done: 'You will no longer receive lesson reminders.',
  badToken: 'This unsubscribe link is not valid.',
} as const;

type Switches = Pick<NotificationSettingEntity, 'reminderEmails' | 'pushReminders' | 'pushChat'>;

function toResponse(row: Switches | null): NotificationSettingsResponse {
  if (!row) return { ...DEFAULTS };
  return {
    reminder_emails: Boolean(row.reminderEmails),
    push_reminders: Boolean(row.pushReminders),
    push_chat: Boolean(row.pushChat),
  };
}

/** An account's notification settings: which reminders and push messages it gets. */
@Injectable()
export class NotificationSettingsService {
  constructor(
    @InjectRepository(NotificationSettingEntity)
    private readonly settings: Repository<NotificationSettingEntity>,
    @Inject(JWT_SECRET) private readonly secret: string,
  ) {}

  /** The account's settings, defaults included: the push module asks it before sending (docs/product.md §2.9). */
  async settingsOf(userId: number): Promise<NotificationSettingsResponse> {
    return toResponse(await this.settings.findOneBy({ userId }));
  }

  /** Changes the switches sent; the others keep their value. */
  async update(userId: number, dto: UpdateNotificationSettingsDto): Promise<NotificationSettingsResponse> {
    const changes: Partial<Switches> = {
      ...(dto.reminder_emails !== undefined && { reminderEmails: dto.reminder_emails }),
      ...(dto.push_reminders !== undefined && { pushReminders: dto.push_reminders }),
      ...(dto.push_chat !== undefined && { pushChat: dto.push_chat }),
    };
    await this.upsert(userId, changes);
    return this.settingsOf(userId);
  }

  /** The one-click unsubscribe of a reminder mail: its signed token is the only credential. */
  async unsubscribe(token: string): Promise<{ message: string }> {
    const userId = unsubscribeTokenUser(this.secret, token);
    if (userId === null) throw new BadRequestException(UNSUBSCRIBE_MESSAGES.badToken);
    // Only an account that existed was ever mailed a token; a deleted one keeps its row, anonymised.
    if (!(await this.settings.manager.existsBy(UserEntity, { id: userId }))) {
      throw new BadRequestException(UNSUBSCRIBE_MESSAGES.badToken);
    }
    await this.upsert(userId, { reminderEmails: false });
    return { message: UNSUBSCRIBE_MESSAGES.done };
  }

  /** A row for the account with `changes`, the defaults elsewhere; concurrent first writes meet on the unique index. */
  private async upsert(userId: number, changes: Partial<Switches>): Promise<void> {
    if (Object.keys(changes).length === 0) return;
    const updated = await this.settings.update({ userId }, changes);
    if (updated.affected) return;
    try {
      await this.settings.insert({ userId, lastReminderOn: null, ...changes });
    } catch (error) {
      if (!isUniqueViolation(error)) throw error;
      await this.settings.update({ userId }, changes);
    }
  }
}
