import { currentPassword } from './field-rules.js';
import { passwordRules } from './users.dto.js';

export class ChangePasswordDto {
  @currentPassword('old_password')
  old_password!: string;

  /** Registration's rules. */
  @passwordRules('new_password')
  new_password!: string;
}

/** A signed-in device: one session (the refresh tokens one sign-in started) of the caller's account. */
export interface SessionResponse {
  /** The session id, which its tokens carry as `sid`. */
  id: string;
  created_at: string;
  /** The session's latest sign-in or token renewal. */
  last_used_at: string;
  /** The browser's User-Agent header at sign-in, if it sent one. */
  user_agent: string | null;
  /** The session of the request's own token. */
  current: boolean;
}

export interface RevokedSessionsResponse {
  revoked: number;
}
