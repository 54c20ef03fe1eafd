import { Inject, Injectable, Logger, NotFoundException, type OnModuleInit } from '@nestjs/common';
import webPush from 'web-push';
import {
  type PushConfigResponse,
  type PushEndpointDto,
  PUSH_MESSAGES,
  type PushMessage,
  type PushSubscriptionDto,
} from '@fitcoach/contracts';
import type { AuthContext } from '../../common/auth/auth.decorators.js';
import { APP_CONFIG, type AppConfig } from '../../common/config/app-config.js';
import { fieldError } from '../../common/errors/validation.js';
import { JobsService } from '../../common/jobs/jobs.service.js';
import { Permission } from '../access/access.rules.js';
import { AccessService } from '../access/access.service.js';
import type { PushSendJob } from './push.jobs.js';
import { endpointHashOf, PushRepository } from './push.repository.js';
import { loadVapidKeys, type VapidKeys } from './vapid-keys.js';

/** How many browsers one account keeps subscribed; registering one more drops the oldest. */
export const PUSH_SUBSCRIPTIONS_PER_ACCOUNT = 20;

/** How long a push service keeps a message for a browser that is offline: a reminder a day late is no use. */
const TIME_TO_LIVE_SECONDS = 12 * 60 * 60;

/** A push service that does not answer within this is tried again later (the job's retries). */
const SEND_TIMEOUT_MS = 10_000;

/**
 * What a push service answers for a subscription that will never take a message again: unknown (404), expired
 * (410), or made for another VAPID key pair (403, after the keys were rotated).
 */
const GONE = new Set([403, 404, 410]);

const LOOPBACK_HOSTS = new Set(['localhost', '127.0.0.1', '[::1]']);

/** What a reminder says; the tag is the service's. */
export type ReminderMessage = Omit<PushMessage, 'tag'>;

/** The push service answered something other than success, 404 or 410: the job tries again. */
class PushServiceError extends Error {}

/**
 * Web Push (docs/decisions/060-web-push-and-an-installable-site.md): browsers' subscriptions, and messages to
 * them through the `push` queue. A subscription belongs to the session that registered it and ends with it.
 */
@Injectable()
export class PushService implements OnModuleInit {
  private readonly logger = new Logger('Push');
  private keys?: VapidKeys;

  constructor(
    @Inject(APP_CONFIG) private readonly config: AppConfig,
    private readonly subscriptions: PushRepository,
    private readonly jobs: JobsService,
    private readonly access: AccessService,
  ) {}

  async onModuleInit(): Promise<void> {
    this.keys = await loadVapidKeys(this.config.vapidKeys, this.config.dataDir);
    this.jobs.register('push.send', 'push', (job) => this.send(job));
  }

  publicConfig(): PushConfigResponse {
    return { public_key: this.vapid().publicKey };
  }

  async subscribe(auth: AuthContext, dto: PushSubscriptionDto): Promise<{ id: number }> {
    this.requireReachable(dto.endpoint);
    const id = await this.subscriptions.save({
      userId: auth.user.id,
      endpoint: dto.endpoint,
      p256dh: dto.keys.p256dh,
      auth: dto.keys.auth,
      sessionFamily: auth.sessionId,
    });
    const kept = await this.subscriptions.idsOf(auth.user.id);
    await this.subscriptions.remove(kept.slice(PUSH_SUBSCRIPTIONS_PER_ACCOUNT));
    return { id };
  }

  /** The caller's own subscription only: another account's endpoint is as unknown as one never registered. */
  async unsubscribe(auth: AuthContext, dto: PushEndpointDto): Promise<void> {
    const row = await this.subscriptions.findByHash(endpointHashOf(dto.endpoint));
    if (!row) throw new NotFoundException(PUSH_MESSAGES.notFound);
    await this.access.requireAccess(auth, Permission.PushSubscriptionDelete, row);
    await this.subscriptions.remove([row.id]);
  }

  /** A lesson reminder on every browser the member subscribed, when their settings allow; how many were queued. */
  async sendReminder(userId: number, message: ReminderMessage): Promise<number> {
    return this.queue(userId, 'reminders', { ...message, tag: 'reminder' });
  }

  /** A chat message the recipient has no page open to see, when their settings allow. */
  async sendChatMessage(userId: number, senderName: string, preview: string): Promise<number> {
    return this.queue(userId, 'chat', {
      title: `New message from ${senderName}`,
      body: [...preview].slice(0, 100).join(''),
      url: '/chat',
      tag: 'chat',
    });
  }

  async removeSession(sessionFamily: string): Promise<void> {
    await this.subscriptions.removeSession(sessionFamily);
  }

  async removeAllOf(userId: number): Promise<void> {
    await this.subscriptions.removeAllOf(userId);
  }

  /** The account's notification settings; without a row every push is on. */
  private async allows(userId: number, kind: 'reminders' | 'chat'): Promise<boolean> {
    const settings = await this.subscriptions.settingsOf(userId);
    if (!settings) return true;
    return kind === 'reminders' ? settings.pushReminders : settings.pushChat;
  }

  /** Most members have no browser subscribed: their settings are not read. */
  private async queue(userId: number, kind: 'reminders' | 'chat', message: PushMessage): Promise<number> {
    const ids = await this.subscriptions.idsOf(userId);
    if (ids.length === 0 || !(await this.allows(userId, kind))) return 0;
    for (const subscriptionId of ids) await this.jobs.enqueue('push.send', { subscriptionId, message });
    return ids.length;
  }

  /** One message to one browser. A subscription the push service no longer takes (GONE) is removed. */
  private async send({ subscriptionId, message }: PushSendJob): Promise<void> {
    const row = await this.subscriptions.findById(subscriptionId);
    if (!row) return;
    const keys = this.vapid();
    const request = webPush.generateRequestDetails(
      { endpoint: row.endpoint, keys: { p256dh: row.p256dh, auth: row.auth } },
      JSON.stringify(message),
      {
        vapidDetails: { subject: this.config.vapidSubject, ...keys },
        TTL: TIME_TO_LIVE_SECONDS,
        contentEncoding: 'aes128gcm',
        topic: message.tag,
      },
    );
    // web-push's own sender speaks https only; fetch also reaches the loopback stand-in the tests use.
    const headers = Object.fromEntries(
      Object.entries(request.headers).filter(([name]) => name.toLowerCase() !== 'content-length'),
    );
    const answer = await fetch(request.endpoint, {
      method: request.method,
      headers: headers as Record<string, string>,
      body: request.body ? new Uint8Array(request.body) : null,
      redirect: 'error',
      signal: AbortSignal.timeout(SEND_TIMEOUT_MS),
    });
    await answer.body?.cancel();
    if (GONE.has(answer.status)) {
      await this.subscriptions.remove([row.id]);
      this.logger.log(`Push subscription ${row.id} is gone at its push service (${answer.status}): removed`);
      return;
    }
    if (!answer.ok) throw new PushServiceError(`The push service answered ${answer.status}`);
  }

  /** https only, so that nobody has the server post to plain addresses; the tests' loopback stand-in outside production. */
  private requireReachable(endpoint: string): void {
    const url = new URL(endpoint);
    if (url.protocol === 'https:') return;
    if (this.config.nodeEnv !== 'production' && LOOPBACK_HOSTS.has(url.hostname)) return;
    throw fieldError('endpoint', PUSH_MESSAGES.badEndpoint);
  }

  private vapid(): VapidKeys {
    if (!this.keys) throw new Error('The VAPID keys are read when the module starts');
    return this.keys;
  }
}
