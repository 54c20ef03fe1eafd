import { fullName, type ProgramResponse } from '@fitcoach/contracts';
import type { ProgramEntity } from './program.entity.js';

/** Money is stored in minor units; the API's `price` is the whole amount in the programme's currency. */
export const MINOR_UNITS_PER_MAJOR = 100;

/**
 * The API's Program (docs/product.md §3); the programme must be loaded with its trainer and the trainer's account (for `trainer_name`).
 * `publishRequested` is given for the owner's and superusers' views only; everybody else's leave the key out.
 */
export function toProgramResponse(program: ProgramEntity, publishRequested?: boolean): ProgramResponse {
  const account = program.trainer?.user;
  if (!account) throw new Error(`Programme ${program.id} was loaded without its trainer's account`);
  return {
    id: program.id,
    program_name: program.name,
    description: program.description,
    duration: program.durationDays,
    category: program.category,
    level: program.level,
    price: program.priceMinor / MINOR_UNITS_PER_MAJOR,
    currency: program.currency,
    cover_image: program.coverImage,
    trainer: program.trainerId,
    trainer_name: fullName(account.firstName, account.lastName),
    is_published: program.isPublished,
    ...(publishRequested !== undefined && { publish_requested: publishRequested }),
    created_on: program.createdAt.toISOString(),
    updated_on: program.updatedAt.toISOString(),
  };
}
