import { IsBoolean, MaxLength, ValidateIf } from 'class-validator';
import { presentText, rules } from './field-rules.js';

/** The longest unsubscribe token the API reads: an account id and a SHA-256 HMAC, with room to spare. */
export const UNSUBSCRIBE_TOKEN_MAX_LENGTH = 200;

/** A switch of the settings: true or false when sent (null is neither), left as it is when not. */
function optionalSwitch(field: string): PropertyDecorator {
  return rules(
    ValidateIf((_object, value) => value !== undefined),
    IsBoolean({ message: `${field} must be true or false` }),
  );
}

/** `PUT /api/users/notification_settings/`: the switches to change; the others keep their value. */
export class UpdateNotificationSettingsDto {
  @optionalSwitch('reminder_emails')
  reminder_emails?: boolean;

  @optionalSwitch('push_reminders')
  push_reminders?: boolean;

  @optionalSwitch('push_chat')
  push_chat?: boolean;
}

/** `POST /api/users/notification_settings/unsubscribe/`: the token of a reminder mail's unsubscribe link. */
export class UnsubscribeRemindersDto {
  @rules(presentText('token'), MaxLength(UNSUBSCRIBE_TOKEN_MAX_LENGTH))
  token!: string;
}
