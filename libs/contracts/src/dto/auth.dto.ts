import { Transform } from 'class-transformer';
import { IsOptional, IsString, MaxLength } from 'class-validator';
import { EMAIL_MAX_LENGTH } from '../limits.js';
import { currentPassword, presentText, rules } from './field-rules.js';
import { trim, trimLowercase } from './transforms.js';

export class LoginDto {
  @rules(Transform(trimLowercase), presentText('email'), MaxLength(EMAIL_MAX_LENGTH))
  email!: string;

  @currentPassword('password')
  password!: string;
}

export class RefreshTokenDto {
  @rules(Transform(trim), presentText('refresh'))
  refresh!: string;
}

export class VerifyTokenDto {
  @rules(Transform(trim), presentText('token'))
  token!: string;
}

export class LogoutDto {
  @rules(IsOptional(), Transform(trim), IsString())
  refresh?: string;
}

export interface TokenPairResponse {
  access: string;
  refresh: string;
}
