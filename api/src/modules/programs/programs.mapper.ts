import {
  fromMinorUnits,
  fullName,
  type ProgramResponse,
  type ProgramStatus,
  type RatingSummary,
} from '@fitcoach/contracts';
import type { ProgramEntity } from './program.entity.js';
import type { PublishRequestEntity } from './publish-request.entity.js';

/** A programme's publish request as its owner's and superusers' views read it: null when nobody ever asked. */
export type ProgramReview = Pick<PublishRequestEntity, 'status' | 'reason'> | null;

/**
 * Where a programme stands (docs/product.md §4), from its flag and its request: the same rule as the Programs
 * list's status filter (`STATUS_CONDITIONS` in programs.repository.ts). A rejected programme is a draft again.
 */
export function programStatus(isPublished: boolean, review: ProgramReview): ProgramStatus {
  if (isPublished) return 'published';
  switch (review?.status) {
    case 'pending':
      return 'pending';
    case 'approved':
    case 'blocked':
      return 'blocked';
    default:
      return 'draft';
  }
}

/** The mean of the visible reviews' stars to one decimal, from the counters kept on the programme. */
export function ratingOf(program: Pick<ProgramEntity, 'reviewCount' | 'starsTotal'>): RatingSummary {
  const { reviewCount: count, starsTotal } = program;
  return { average: count > 0 ? Math.round((starsTotal / count) * 10) / 10 : null, count };
}

/**
 * The API's Program (docs/product.md §3); the programme must be loaded with its trainer and the trainer's account
 * (for `trainer_name`). `review` is given for the owner's and superusers' views only, which add
 * `publish_requested`, `status` and `rejection_reason`; everybody else's leave the keys out.
 */
export function toProgramResponse(program: ProgramEntity, review?: ProgramReview): ProgramResponse {
  const account = program.trainer?.user;
  if (!account) throw new Error(`Programme ${program.id} was loaded without its trainer's account`);
  const status = review === undefined ? undefined : programStatus(program.isPublished, review);
  return {
    id: program.id,
    program_name: program.name,
    description: program.description,
    duration: program.durationDays,
    category: program.category,
    level: program.level,
    // The entity keeps minor units (cents), the contract a decimal amount: the one field renamed on the way.
    price: fromMinorUnits(program.priceMinor, program.currency),
    currency: program.currency,
    cover_image: program.coverImage,
    trainer: program.trainerId,
    trainer_name: fullName(account.firstName, account.lastName),
    is_published: program.isPublished,
    unlock: program.unlock,
    rating: ratingOf(program),
    ...(status !== undefined && {
      publish_requested: status === 'pending',
      status,
      rejection_reason: status === 'draft' ? (review?.reason ?? null) : null,
    }),
    created_on: program.createdAt.toISOString(),
    updated_on: program.updatedAt.toISOString(),
  };
}
