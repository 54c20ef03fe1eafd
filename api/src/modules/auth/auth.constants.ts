import type { JwtVerifyOptions } from '@nestjs/jwt';

export const ACCESS_TOKEN_TTL_SECONDS = 15 * 60;
export const REFRESH_TOKEN_TTL_SECONDS = 7 * 24 * 60 * 60;
/** The longest User-Agent a session keeps: real browsers' are under 200 characters. */
export const USER_AGENT_MAX_LENGTH = 255;
/** How long a rotated refresh token still yields its successor: two tabs refreshing at once stay signed in. */
export const REFRESH_REUSE_GRACE_SECONDS = 30;

/**
 * How every token is verified, by the REST strategy and by `SessionsService` (the socket handshake, refresh): HMAC
 * with SHA-256 only (a token that names another algorithm, `none` included, is refused) and never past its `exp`.
 */
export const TOKEN_VERIFICATION: Readonly<
  Required<Pick<JwtVerifyOptions, 'algorithms' | 'ignoreExpiration'>>
> = {
  algorithms: ['HS256'],
  ignoreExpiration: false,
};

export interface AccessTokenClaims {
  sub: string;
  typ: 'access';
  /** The session (refresh token family) the token belongs to: revoking the session ends the token too. */
  sid: string;
  /** Expiry, seconds since the epoch (set by the signer). */
  exp?: number;
}

export interface RefreshTokenClaims {
  sub: string;
  typ: 'refresh';
  sid: string;
  jti: string;
}

/**
 * Per client address (the web forwards the visitor's address, so this is per visitor, not per web server), and
 * per account for the routes that name one (ADR 009). `loginAccount` counts failed logins, and a password change's
 * checks of the current password (the caller's account): a right password resets it.
 * `emailChange` counts a signed-in account's asks for a new address, taken or not: each costs a link by e-mail, and
 * a taken one's 409 tells whether that address has an account. `passwordReset` and `passwordResetAccount` count the
 * asks for a reset link, every address alike; `passwordResetConfirm` the new passwords sent, each an argon2 hash.
 * `accountExport` counts an account's downloads of its data, each a read of every table that holds some.
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
