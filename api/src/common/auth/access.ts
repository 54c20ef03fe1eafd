import type { UserEntity } from '../../modules/users/user.entity.js';
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

/**
 * Whether the caller moderates the account (blocks it): superusers moderate members and trainers, not one another
 * nor themselves, so that no superuser can lock the others out. A superuser is demoted first (docs/product.md §6).
 */
export function moderates(
  auth: AuthContext | null,
  account: Pick<UserEntity, 'id' | 'isSuperuser'>,
): boolean {
  return auth !== null && auth.user.isSuperuser && !account.isSuperuser && !isSelf(auth, account.id);
}
