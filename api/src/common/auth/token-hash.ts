import { createHash, randomBytes } from 'node:crypto';

/** What is stored of a secret token (a link's, a refresh token's id): its SHA-256, so the table alone opens nothing. */
export const hashToken = (token: string): string => createHash('sha256').update(token).digest('hex');

/** The secret of a single-use link sent by e-mail: 256 random bits, safe in a URL. */
export const newLinkToken = (): string => randomBytes(32).toString('base64url');
