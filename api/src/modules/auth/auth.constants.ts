import type { JwtVerifyOptions } from '@nestjs/jwt';

export const ACCESS_TOKEN_TTL_SECONDS = 15 * 60;
export const REFRESH_TOKEN_TTL_SECONDS = 7 * 24 * 60 * 60;
/** Real browsers' User-Agents are under 200 characters. */
export const USER_AGENT_MAX_LENGTH = 255;
/** So that two tabs refreshing at once stay signed in. */
export const REFRESH_REUSE_GRACE_SECONDS = 30;

/** Shared by the REST strategy and `SessionsService`: a token naming another algorithm (`none`) is refused. */
export const TOKEN_VERIFICATION: Readonly<
  Required<Pick<JwtVerifyOptions, 'algorithms' | 'ignoreExpiration'>>
> = {
  algorithms: ['HS256'],
  ignoreExpiration: false,
};

export interface AccessTokenClaims {
  sub: string;
  typ: 'access';
  /** Revoking the session ends the token too. */
  sid: string;
  exp?: number;
}

export interface RefreshTokenClaims {
  sub: string;
  typ: 'refresh';
  sid: string;
  jti: string;
}

/**
 * ADR 009. `emailChange` counts taken addresses too, as a 409 tells whether an address has an account;
 * `accountExport` because each download reads every table.
 */
export const AUTH_RATE_LIMITS = {
  login: { points: 10, windowSeconds: 60 },
  loginAccount: { points: 20, windowSeconds: 15 * 60 },
  register: { points: 5, windowSeconds: 60 },
  resend: { points: 3, windowSeconds: 60 },
  resendAccount: { points: 3, windowSeconds: 60 * 60 },
  emailChange: { points: 5, windowSeconds: 60 * 60 },
  passwordReset: { points: 3, windowSeconds: 60 },
  passwordResetAccount: { points: 3, windowSeconds: 60 * 60 },
  passwordResetConfirm: { points: 10, windowSeconds: 60 },
  accountExport: { points: 5, windowSeconds: 60 * 60 },
} as const;
