import { createHmac, timingSafeEqual } from 'node:crypto';

/** What the token allows, in its signature: a token for another purpose never unsubscribes. */
const PURPOSE = 'unsubscribe:reminder-emails';

function signature(secret: string, userId: number): string {
  return createHmac('sha256', secret).update(`${PURPOSE}:${userId}`).digest('base64url');
}

/**
 * The token of a reminder mail's one-click unsubscribe link: the account id and an HMAC of it with the app's
 * token secret. It does not expire, as a mail read months later must still work (docs/decisions/059-reminders-at-the-members-hour.md).
 */
export function unsubscribeToken(secret: string, userId: number): string {
  return `${userId}.${signature(secret, userId)}`;
}

/** The account a token names, or null when it is malformed or its signature is not ours. */
export function unsubscribeTokenUser(secret: string, token: string): number | null {
  const match = /^([1-9]\d{0,9})\.([A-Za-z0-9_-]{43})$/.exec(token);
  if (!match) return null;
  const userId = Number(match[1]);
  const expected = Buffer.from(signature(secret, userId));
  const given = Buffer.from(match[2]);
  return given.length === expected.length && timingSafeEqual(given, expected) ? userId : null;
}
