import { fullName, type TrainerDetails, type TrainerResponse } from '@fitcoach/contracts';
import type { UserEntity } from '../users/user.entity.js';
import type { TrainerEntity } from './trainer.entity.js';

/** The trainer's account, which every query that maps trainers joins. */
export function accountOf(trainer: TrainerEntity): UserEntity {
  if (!trainer.user) throw new Error(`Trainer ${trainer.id} was loaded without its user`);
  return trainer.user;
}

/** The trainer's own words and figures, named as the API names them. */
export function toTrainerDetails(trainer: TrainerEntity): TrainerDetails {
  return {
    specalized: trainer.specialisation,
    about: trainer.about,
    certifications: trainer.certifications,
    experience_years: trainer.experienceYears,
    rating: trainer.rating === null ? null : Math.round(trainer.rating * 10) / 10,
    review_count: trainer.reviewCount,
    country: trainer.country,
  };
}

/**
 * The API's Trainer (docs/product.md §3). A trainer without a picture of its own shows the account's current one: it is looked up here
 * rather than copied at registration, so it follows profile changes and never points at a file that a profile
 * update has since removed.
 */
export function toTrainerResponse(trainer: TrainerEntity, options: { showPhone: boolean }): TrainerResponse {
  const user = accountOf(trainer);
  return {
    id: trainer.id,
    user: user.id,
    user_id: user.id,
    username: fullName(user.firstName, user.lastName),
    ...toTrainerDetails(trainer),
    phone: options.showPhone ? trainer.phone : null,
    profile_picture: trainer.profilePicture ?? user.profilePicture,
    verified: trainer.verified,
  };
}
