import { Transform } from 'class-transformer';
import { IsNotEmpty, IsOptional, IsString, MaxLength } from 'class-validator';
import { EMAIL_MAX_LENGTH, PASSWORD } from '../limits.js';
import { rules } from './field-rules.js';
import { trim, trimLowercase } from './transforms.js';

export class LoginDto {
  @rules(
    Transform(trimLowercase),
    IsString({ message: 'email is required' }),
    IsNotEmpty({ message: 'email is required' }),
    MaxLength(EMAIL_MAX_LENGTH),
  )
  email!: string;

  @rules(
    IsString({ message: 'password is required' }),
    IsNotEmpty({ message: 'password is required' }),
    MaxLength(PASSWORD.maxLength),
  )
  password!: string;
}

export class RefreshTokenDto {
  @rules(
    Transform(trim),
    IsString({ message: 'refresh is required' }),
    IsNotEmpty({ message: 'refresh is required' }),
  )
  refresh!: string;
}

export class VerifyTokenDto {
  @rules(
    Transform(trim),
    IsString({ message: 'token is required' }),
    IsNotEmpty({ message: 'token is required' }),
  )
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
