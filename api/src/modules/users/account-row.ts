import type { UserEntity } from './user.entity.js';

type AccountRow = Pick<
  UserEntity,
  | 'firstName'
  | 'lastName'
  | 'email'
  | 'pendingEmail'
  | 'passwordHash'
  | 'profilePicture'
  | 'isVerified'
  | 'isTrainer'
  | 'isSuperuser'
  | 'blocked'
>;

/** A verified, unblocked account as the CLI, the seeds and the benchmarks create it, without a sign-up. */
export function verifiedAccountRow(
  fields: Pick<AccountRow, 'firstName' | 'lastName' | 'email' | 'passwordHash'> &
    Partial<Pick<AccountRow, 'profilePicture' | 'isTrainer' | 'isSuperuser'>>,
): AccountRow {
  return {
    pendingEmail: null,
    profilePicture: null,
    isVerified: true,
    isTrainer: false,
    isSuperuser: false,
    blocked: false,
    ...fields,
  };
}
