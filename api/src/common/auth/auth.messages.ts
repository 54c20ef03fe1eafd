import { EMAIL_NOT_VERIFIED } from '@fitcoach/contracts';

/** API texts of docs/product.md §8 and of docs/api.md, typos included, that several modules send. */
export const AUTH_MESSAGES = {
  blocked: 'You have been temporarly blocked by the Admin',
  notAuthenticated: 'Authentication credentials were not provided.',
  invalidToken: 'Token is invalid or expired',
  badCredentials: 'No active account found with the given credentials',
  notVerified: EMAIL_NOT_VERIFIED,
  forbidden: 'You do not have permission to perform this action.',
} as const;
