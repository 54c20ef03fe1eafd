import type { AuthContext } from './auth.decorators.js';

/**
 * The one "self, owner or superuser" rule (docs/product.md §6): the caller is the account a row belongs to (a
 * user's own record, a programme's or trainer profile's trainer), or a superuser, who moderates everything.
 * Anonymous callers and rows whose owner is not known are never theirs.
 */
export function isSelfOrSuperuser(auth: AuthContext | null, ownerUserId: number | null | undefined): boolean {
  if (!auth) return false;
  return auth.user.isSuperuser || isSelf(auth, ownerUserId);
}

/** The caller is the account a row belongs to; superusers are not, whatever they may read. */
export function isSelf(auth: AuthContext | null, ownerUserId: number | null | undefined): boolean {
  return auth !== null && ownerUserId !== null && ownerUserId !== undefined && auth.user.id === ownerUserId;
}
