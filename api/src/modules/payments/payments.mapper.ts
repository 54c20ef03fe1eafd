import type { SubscriptionResponse } from '@fitcoach/contracts';
import type { SubscriptionEntity } from '../subscriptions/subscription.entity.js';

export function toSubscriptionResponse(subscription: SubscriptionEntity): SubscriptionResponse {
  return {
    id: subscription.id,
    user: subscription.userId,
    program: subscription.programId,
    status: subscription.status,
    started_at: subscription.startedAt.toISOString(),
  };
}
