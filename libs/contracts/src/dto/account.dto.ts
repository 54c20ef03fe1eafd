import { IsNotEmpty, IsString, MaxLength } from 'class-validator';
import { PASSWORD } from '../limits.js';
import { rules } from './field-rules.js';

/** `DELETE /api/users/me/`: the account's current password, whatever rules it was chosen under. */
export class DeleteAccountDto {
  @rules(
    IsString({ message: 'password is required' }),
    IsNotEmpty({ message: 'password is required' }),
    MaxLength(PASSWORD.maxLength),
  )
  password!: string;
}
