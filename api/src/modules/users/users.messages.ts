/** The refusals of blocking (docs/api.md: `changeUserAccess`). */
export const ACCESS_MESSAGES = {
  blockSelf: 'You cannot block yourself',
  blockSuperuser: 'A superuser cannot be blocked: remove their superuser role first (Settings → Superusers)',
} as const;

/** The refusals of reading an account and of updating one's own. */
export const USER_MESSAGES = {
  notFound: 'User not found',
  notOwnProfile: 'You can only update your own profile',
} as const;
