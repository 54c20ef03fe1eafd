/**
 * Events the sessions service emits in this process (`@nestjs/event-emitter`) when sessions end, so that what holds
 * a session open without asking the database on every message, the chat's sockets, ends with them.
 */
export const SESSION_EVENTS = {
  /**
   * One session (a sign-in on one device) was revoked: logout, a refresh token reused, or the account signing that
   * device out (one of its others, or all of them at a password change).
   */
  revoked: 'session.revoked',
  /** Every session of a user was revoked: the user was blocked. */
  allOfUserRevoked: 'session.all-of-user-revoked',
} as const;

export interface SessionRevokedEvent {
  sessionId: string;
}

export interface UserSessionsRevokedEvent {
  userId: number;
}
