import { Transform } from 'class-transformer';
import { IsIn, IsNotEmpty, IsString, Matches, MaxLength } from 'class-validator';
import { AUDIT_ACTIONS, type AuditAction } from '../admin.js';
import { EMAIL_MAX_LENGTH, EMAIL_REGEX, REJECTION_REASON_MAX_LENGTH } from '../limits.js';
import { rules } from './field-rules.js';
import { PaginationQueryDto, queryWholeNumber } from './pagination.dto.js';
import { OptionalQuery, optionalTrim, trim, trimLowercase } from './transforms.js';
import { VALIDATION_MESSAGES } from '../validation-messages.js';

/*
 * The admin panel's own requests (docs/product.md §2.11), beyond the API contract: the filters of its lists and
 * the bodies of its forms. The web's actions check their forms with these same classes (ADR 018).
 */

/**
 * Where a programme stands (docs/product.md §4): `draft` never asked for, or sent back to its trainer (rejected);
 * `pending` waiting in Pending Approvals; `published` in the catalogue; `blocked` taken out of it by a superuser.
 */
export const PROGRAM_STATUSES = ['draft', 'pending', 'published', 'blocked'] as const;
export type ProgramStatus = (typeof PROGRAM_STATUSES)[number];

/** The largest id the databases' integer columns hold. */
export const MAX_ROW_ID = 2_147_483_647;

export const ADMIN_FORM_MESSAGES = {
  reason: `reason is required: 1 to ${REJECTION_REASON_MAX_LENGTH} characters`,
  verified: 'verified must be true or false',
} as const;

export const ADMIN_QUERY_MESSAGES = {
  status: `status must be one of ${PROGRAM_STATUSES.join(', ')}`,
  trainer: 'trainer must be a trainer id: a whole number from 1',
  action: `action must be one of ${AUDIT_ACTIONS.join(', ')}`,
  actor: 'actor must be a user id: a whole number from 1',
} as const;

/** `GET /retrive_all_programs/?status=&trainer=`: the superusers' Programs list, narrowed. */
export class AdminProgramsQueryDto extends PaginationQueryDto {
  @rules(OptionalQuery(optionalTrim), IsIn(PROGRAM_STATUSES, { message: ADMIN_QUERY_MESSAGES.status }))
  status?: ProgramStatus;

  @queryWholeNumber(MAX_ROW_ID, ADMIN_QUERY_MESSAGES.trainer)
  trainer?: number;
}

/** `POST /reject/{id}/`: why a superuser sends a programme back to its trainer, who reads it (trimmed). */
export class RejectProgramDto {
  @rules(
    Transform(trim),
    IsString({ message: ADMIN_FORM_MESSAGES.reason }),
    IsNotEmpty({ message: ADMIN_FORM_MESSAGES.reason }),
    MaxLength(REJECTION_REASON_MAX_LENGTH, { message: ADMIN_FORM_MESSAGES.reason }),
  )
  reason!: string;
}

/** `GET /api/admin/audit/?action=&actor=`: the audit log, narrowed to one kind of action or one superuser. */
export class AuditQueryDto extends PaginationQueryDto {
  @rules(OptionalQuery(optionalTrim), IsIn(AUDIT_ACTIONS, { message: ADMIN_QUERY_MESSAGES.action }))
  action?: AuditAction;

  @queryWholeNumber(MAX_ROW_ID, ADMIN_QUERY_MESSAGES.actor)
  actor?: number;
}

/** `POST /api/admin/superusers/`: the account to make a superuser, named by its e-mail address. */
export class PromoteSuperuserDto {
  @rules(
    Transform(trimLowercase),
    IsString({ message: 'email is required' }),
    MaxLength(EMAIL_MAX_LENGTH, { message: VALIDATION_MESSAGES.email }),
    Matches(EMAIL_REGEX, { message: VALIDATION_MESSAGES.email }),
  )
  email!: string;
}

/**
 * `PUT /api/trainers/{id}/verify/`: a superuser verifies a trainer or takes it back. Only JSON's `true` or `false`:
 * IsIn compares strictly, so `"true"`, `1` or a missing field are refused.
 */
export class TrainerVerificationDto {
  @rules(IsIn([true, false], { message: ADMIN_FORM_MESSAGES.verified }))
  verified!: boolean;
}
