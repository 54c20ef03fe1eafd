import type { PushMessage } from '@fitcoach/contracts';

/** The `push` queue's job: one message to one browser's subscription. */
export interface PushSendJob {
  subscriptionId: number;
  message: PushMessage;
}

declare module '@fitcoach/contracts' {
  interface JobPayloads {
    'push.send': PushSendJob;
  }
}
