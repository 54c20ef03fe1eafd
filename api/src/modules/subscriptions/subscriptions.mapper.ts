import {
  type FollowedProgram,
  fullName,
  type ScheduleDay,
  type SubscriberEntry,
  type SubscriptionScheduleResponse,
} from '@fitcoach/contracts';
import { toProgramResponse } from '../programs/programs.mapper.js';
import type { EnrolmentProgress } from './progress.repository.js';
import type { SubscriptionEntity } from './subscription.entity.js';

/**
 * A followed programme: the public Program plus the member's progress, the subscription's start and schedule, and
 * its calendar when asked for.
 */
export function toFollowedProgram(
  subscription: SubscriptionEntity,
  progress: number,
  schedule: SubscriptionScheduleResponse,
  calendar?: ScheduleDay[],
): FollowedProgram {
  if (!subscription.program)
    throw new Error(`Subscription ${subscription.id} was loaded without its programme`);
  return {
    ...toProgramResponse(subscription.program),
    progress,
    subscribed_on: subscription.startedAt.toISOString(),
    ...schedule,
    ...(calendar ? { calendar } : {}),
  };
}

/**
 * A row of a trainer's Subscribers view; loaded with the member and the programme's id and name. Its last activity
 * is the later of the subscription's start and the member's latest completion in the programme: following again
 * counts as activity. It is inactive when that is before `inactiveBefore` and a lesson is left to do.
 */
export function toSubscriberEntry(
  subscription: SubscriptionEntity,
  progress: EnrolmentProgress,
  inactiveBefore: Date,
): SubscriberEntry {
  const { user, program } = subscription;
  if (!user || !program) throw new Error(`Subscription ${subscription.id} was loaded without its member`);
  const { lastCompletedAt } = progress;
  const lastActivity =
    lastCompletedAt && lastCompletedAt > subscription.startedAt ? lastCompletedAt : subscription.startedAt;
  return {
    user: user.id,
    username: fullName(user.firstName, user.lastName),
    created_on: subscription.startedAt.toISOString(),
    status: subscription.status,
    progress: progress.percentage,
    program: [{ id: program.id, program_name: program.name }],
    last_activity: lastActivity.toISOString(),
    inactive: lastActivity < inactiveBefore && !progress.completed,
  };
}
