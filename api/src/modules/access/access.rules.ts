import type { AuthUser } from '../../common/auth/auth.decorators.js';
import type { ProgramEntity } from '../programs/program.entity.js';

/**
 * Who asks: the caller of a request (an AuthContext), a socket's account (`{ user }`), or null for an anonymous
 * visitor.
 */
export type Caller = { user: Pick<AuthUser, 'id' | 'isSuperuser' | 'isTrainer'> } | null;

/**
 * Every rule "who may do X to Y" of the API, by name (docs/product.md §6). AccessService checks them; the pure
 * ones, which need no database read, are the functions below too.
 */
export enum Permission {
  /** See a programme: published by a trainer who is not blocked, or LessonVideoRead. Refused with 404. */
  ProgramRead = 'program.read',
  /** Edit a programme, its lessons and its publish request: its trainer only. Refused with 403. */
  ProgramUpdate = 'program.update',
  /** The owner's view of a programme (drafts, publish requests, subscribers): its trainer or a superuser. */
  ProgramManage = 'program.manage',
  /**
   * Watch a programme's lessons: its trainer, superusers and its active subscribers; in a daily programme a
   * subscriber's lesson n from their day n on (`AccessService.lessonLocks`).
   */
  LessonVideoRead = 'lesson.video.read',
  /**
   * Mark a lesson of a programme completed: its active subscribers, once the lesson is open to them
   * (`AccessService.requireLessonOpen`). Refused with 403.
   */
  LessonComplete = 'lesson.complete',
  /** Subscribe to (or buy) a programme: anyone but its trainer. Refused with 403. */
  ProgramSubscribe = 'program.subscribe',
  /** A member's progress in a programme: the member, the programme's trainer and superusers. Refused with 403. */
  ProgressRead = 'progress.read',
  /**
   * The trainer's side of a trainer profile (the phone number, a profile or programmes not public yet): the
   * trainer and superusers.
   */
  TrainerManage = 'trainer.manage',
  /** Everything of an account: the account itself and superusers. */
  UserRead = 'user.read',
  /** A member's account as their trainer sees it: the caller trains them (an active subscription). */
  UserReadAsCoach = 'user.read.coach',
  /** A trainer's account as their member sees it: the trainer trains the caller. */
  UserReadAsMember = 'user.read.member',
  /** Update an account's profile: the account itself. Refused with 403. */
  UserUpdate = 'user.update',
  /** A subscription's schedule, to read or change it: its member only. Refused with 404. */
  SubscriptionSchedule = 'subscription.schedule',
  /** Block or unblock an account: anyone's but one's own. Refused with 409. */
  AccountAccessChange = 'account.access.change',
  /** Block an account: superusers block members and trainers (`moderates`). Refused with 409. */
  AccountBlock = 'account.block',
  /** A payment's order (to capture it): its payer only, superusers included. Refused with 404. */
  PaymentRead = 'payment.read',
  /** A payment's receipt: its payer only, superusers included. Refused with 404. */
  ReceiptRead = 'receipt.read',
  /** Chat with an account: one of the two follows a programme of the other's. Refused with 403. */
  ChatWith = 'chat.with',
  /** A chat message: its sender and its recipient. Refused with 404. */
  MessageRead = 'message.read',
  /** Delete a chat message: its sender. Refused with 403. */
  MessageDelete = 'message.delete',
  /** Remove a browser's push subscription: the account it belongs to. Refused with 404. */
  PushSubscriptionDelete = 'push.subscription.delete',
  /**
   * A part of a member's training record (logs, measurements or photos): the member, or a trainer they follow
   * (an active subscription) with whom they share that part (RECORD_SHARE_DEFAULTS without a choice of theirs).
   * Superusers do not read it. Endpoints refuse in their own words (404 or 403).
   */
  RecordRead = 'record.read',
}

/** The caller is the account a row belongs to; superusers are not, whatever they may read. */
export function isSelf(auth: Caller, ownerUserId: number | null | undefined): boolean {
  return auth !== null && ownerUserId !== null && ownerUserId !== undefined && auth.user.id === ownerUserId;
}

/**
 * The one "self, owner or superuser" rule (docs/product.md §6): the caller is the account a row belongs to (a
 * user's own record, a programme's or trainer profile's trainer), or a superuser, who moderates everything.
 * Anonymous callers and rows whose owner is not known are never theirs.
 */
export function isSelfOrSuperuser(auth: Caller, ownerUserId: number | null | undefined): boolean {
  if (!auth) return false;
  return auth.user.isSuperuser || isSelf(auth, ownerUserId);
}

/**
 * Whether the caller moderates the account (blocks it): superusers moderate members and trainers, not one another
 * nor themselves, so that no superuser can lock the others out. A superuser is demoted first (docs/product.md §6).
 */
export function moderates(auth: Caller, account: Pick<AuthUser, 'id' | 'isSuperuser'>): boolean {
  return auth !== null && auth.user.isSuperuser && !account.isSuperuser && !isSelf(auth, account.id);
}

/** Published by a trainer who is not blocked: what everyone sees and anyone may buy. Needs the trainer's account. */
export function isPublic(program: ProgramEntity): boolean {
  return program.isPublished === true && program.trainer?.user?.blocked === false;
}
