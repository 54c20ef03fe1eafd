import { currentPassword } from './field-rules.js';

/** `DELETE /api/users/me/`: the account's current password, whatever rules it was chosen under. */
export class DeleteAccountDto {
  @currentPassword('password')
  password!: string;
}
