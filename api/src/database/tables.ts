/** The tables that grow with a site's use, in the order the seeds write them: every table after those it references. */
export const GROWING_TABLES = [
  'user',
  'profile',
  'trainer',
  'program',
  'publish_request',
  'lesson',
  'payment',
  'subscription',
  'payment_event',
  'lesson_completion',
  'chat_message',
  'notification',
  'refresh_token',
  'email_verification',
  'audit_entry',
  'outbox',
] as const;
