import { Transform } from 'class-transformer';
import { IsNotEmpty, IsOptional, IsString, MaxLength } from 'class-validator';
import { EMAIL_MAX_LENGTH, PASSWORD } from '../limits.js';
import { trim, trimLowercase } from './transforms.js';

export class LoginDto {
  @Transform(trimLowercase)
  @IsString({ message: 'email is required' })
  @IsNotEmpty({ message: 'email is required' })
  @MaxLength(EMAIL_MAX_LENGTH)
  email!: string;

  @IsString({ message: 'password is required' })
  @IsNotEmpty({ message: 'password is required' })
  @MaxLength(PASSWORD.maxLength)
  password!: string;
}

export class RefreshTokenDto {
  @Transform(trim)
  @IsString({ message: 'refresh is required' })
  @IsNotEmpty({ message: 'refresh is required' })
  refresh!: string;
}

export class VerifyTokenDto {
  @Transform(trim)
  @IsString({ message: 'token is required' })
  @IsNotEmpty({ message: 'token is required' })
  token!: string;
}

export class LogoutDto {
  @IsOptional()
  @Transform(trim)
  @IsString()
  refresh?: string;
}

export interface TokenPairResponse {
  access: string;
  refresh: string;
}
