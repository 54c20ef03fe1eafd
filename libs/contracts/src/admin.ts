import type { UserBriefResponse } from './dto/users.dto.js';

// `GET /api/admin/stats` (docs/product.md §2.11); the spec's count paths keep their own answers for its client.

/** An amount of money in one currency, in major units (as `price` is). */
export interface Money {
  currency: string;
  amount: number;
}

export interface AdminTotals {
  /** Accounts that are not superusers (trainers included), as `getUserCount`. */
  users: number;
  trainers: number;
  programs: number;
  active_subscriptions: number;
  /** Completed payments, refunded ones excluded, per currency. */
  revenue: Money[];
}

export interface TopProgram {
  id: number;
  name: string;
  users: number;
  trainer: string;
  revenue: Money[];
}

/** One day of the last 30: revenue taken and subscriptions started that day (UTC). */
export interface AdminDay {
  date: string;
  revenue: Money[];
  subscriptions: number;
}

export interface AdminStatsResponse {
  totals: AdminTotals;
  top_programs: TopProgram[];
  online_users: UserBriefResponse[];
  online_trainers: UserBriefResponse[];
  days: AdminDay[];
}

export const ADMIN_TOP_PROGRAMS = 5;
export const ADMIN_DAYS = 30;

// The audit log (ADR 023): written with each superuser action and each account its owner deleted.

export const AUDIT_ACTIONS = [
  'block_user',
  'unblock_user',
  'publish_program',
  'block_program',
  'reject_program',
  'promote_superuser',
  'demote_superuser',
  'retry_job',
  'delete_account',
  'verify_trainer',
  'unverify_trainer',
  'hide_review',
  'show_review',
] as const;
export type AuditAction = (typeof AUDIT_ACTIONS)[number];

export const AUDIT_TARGET_TYPES = ['user', 'program', 'failed_job', 'trainer', 'review'] as const;
export type AuditTargetType = (typeof AUDIT_TARGET_TYPES)[number];

/** Names are as they were at the time; `actor.id` is null once that account is gone. */
export interface AuditEntryResponse {
  id: number;
  action: AuditAction;
  actor: { id: number | null; name: string };
  target: { type: AuditTargetType; id: number; label: string };
  reason: string | null;
  created_at: string;
}

// Dead letters (docs/decisions/035-dead-letters-and-bounded-waits.md): jobs that failed their last attempt.

/** `GET /api/admin/failedJobs/`: one job's final failure, newest first. */
export interface FailedJobResponse {
  id: number;
  queue: string;
  name: string;
  /** The runner's job id (an outbox job's is `outbox-{row}-{ms}`). */
  job_id: string;
  runner: string;
  attempts: number;
  last_error: string;
  failed_at: string;
  retried_at: string | null;
}

export const FAILED_JOB_MESSAGES = {
  notFound: 'Failed job not found',
  alreadyRetried: 'This job was queued again already',
  noHandler: 'No handler runs this job any more',
  retried: 'Job queued again',
} as const;
