import { fullName, type UserBriefResponse, type UserResponse } from '@fitcoach/contracts';
import type { ProfileEntity } from './profile.entity.js';
import type { UserEntity } from './user.entity.js';

/**
 * docs/product.md §3 User. `private` fields (e-mail, body stats) are left null for callers who may not see them,
 * so the shape stays the same for every caller.
 */
export function toUserResponse(
  user: UserEntity,
  profile: ProfileEntity | null,
  options: { private: boolean },
): UserResponse {
  const show = options.private;
  return {
    id: user.id,
    first_name: user.firstName,
    last_name: user.lastName,
    email: show ? user.email : null,
    profile_picture: user.profilePicture,
    is_trainer: user.isTrainer,
    is_superuser: user.isSuperuser,
    blocked: user.blocked,
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
