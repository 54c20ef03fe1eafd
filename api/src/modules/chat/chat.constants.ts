import { CHAT_IMAGE_BUDGET, CHAT_SEND_BUDGET, CHAT_TYPING_BUDGET } from '@fitcoach/contracts';
import type { RateLimitRule } from '../../common/rate-limit/rate-limit.js';

/**
 * The chat's budgets per account, spent by ChatService whether the request came over REST or any socket of the
 * account; in Redis when REDIS_URL is set, so every instance counts the same budget
 * (docs/decisions/046-chat-budgets-per-account-and-bounded-image-decoding.md).
 */
export const CHAT_RATE_LIMITS = {
  chatSend: { points: CHAT_SEND_BUDGET.messages, windowSeconds: CHAT_SEND_BUDGET.seconds },
  chatTyping: { points: CHAT_TYPING_BUDGET.notices, windowSeconds: CHAT_TYPING_BUDGET.seconds },
  chatImageBytes: { points: CHAT_IMAGE_BUDGET.bytes, windowSeconds: CHAT_IMAGE_BUDGET.seconds },
} as const satisfies Record<string, RateLimitRule>;

export type ChatRateLimit = keyof typeof CHAT_RATE_LIMITS;
