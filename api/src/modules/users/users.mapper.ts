import { type AccountView, fullName, type UserBriefResponse, type UserResponse } from '@fitcoach/contracts';
import type { ProfileEntity } from './profile.entity.js';
import type { UserEntity } from './user.entity.js';

/**
 * How much of an account a caller sees: `self` (the account itself, and superusers) everything; `coach` (a trainer
 * of one of the account's active subscriptions) also its e-mail and body stats; `contact` (a member looking at
 * their own trainer) the name and picture only. Roles and the block flag are nobody else's business.
 */
export type UserVisibility = 'self' | 'coach' | 'contact';

/** docs/product.md §3 User, as the account itself and superusers see it. */
export function toUserResponse(user: UserEntity, profile: ProfileEntity | null): UserResponse {
  return {
    ...toAccountView(user, profile, 'coach'),
    is_trainer: user.isTrainer,
    is_superuser: user.isSuperuser,
    blocked: user.blocked,
  };
}

/** What the caller may not see is null rather than absent, so the shape stays the same for every caller. */
export function toAccountView(
  user: UserEntity,
  profile: ProfileEntity | null,
  visibility: UserVisibility,
): AccountView {
  if (visibility === 'self') return toUserResponse(user, profile);
  const show = visibility === 'coach';
  return {
    id: user.id,
    first_name: user.firstName,
    last_name: user.lastName,
    email: show ? user.email : null,
    profile_picture: user.profilePicture,
    is_trainer: null,
    is_superuser: null,
    blocked: null,
    profile: {
      height: show ? (profile?.height ?? null) : null,
      weight: show ? (profile?.weight ?? null) : null,
      body_fat: show ? (profile?.bodyFat ?? null) : null,
      age: show ? (profile?.age ?? null) : null,
      phone: show ? (profile?.phone ?? null) : null,
    },
  };
}

export function toUserBrief(user: UserEntity): UserBriefResponse {
  return {
    id: user.id,
    user_id: user.id,
    first_name: user.firstName,
    last_name: user.lastName,
    username: fullName(user.firstName, user.lastName),
    email: user.email,
    profile_picture: user.profilePicture,
    blocked: user.blocked,
  };
}

/** How the audit log names an account: "First Last <email>", as it is at the time (ADR 023). */
export function accountLabel(user: Pick<UserEntity, 'firstName' | 'lastName' | 'email'>): string {
  return `${fullName(user.firstName, user.lastName)} <${user.email}>`;
}
