/** So that chat sockets, which do not ask the database on every message, end with their session. */
export const SESSION_EVENTS = {
  revoked: 'session.revoked',
  /** The user was blocked. */
  allOfUserRevoked: 'session.all-of-user-revoked',
} as const;

export interface SessionRevokedEvent {
  sessionId: string;
}

export interface UserSessionsRevokedEvent {
  userId: number;
}
