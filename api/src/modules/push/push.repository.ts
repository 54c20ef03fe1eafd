import { createHash } from 'node:crypto';
import { Injectable } from '@nestjs/common';
import { InjectRepository } from '@nestjs/typeorm';
import { In, type Repository } from 'typeorm';
import { isUniqueViolation } from '../../common/database/errors.js';
import { NotificationSettingEntity } from '../reminders/notification-setting.entity.js';
import { PushSubscriptionEntity } from './push-subscription.entity.js';

export interface NewPushSubscription {
  userId: number;
  endpoint: string;
  p256dh: string;
  auth: string;
  sessionFamily: string | null;
}

/** The key an endpoint is found by: endpoints are too long to index. */
export function endpointHashOf(endpoint: string): string {
  return createHash('sha256').update(endpoint).digest('hex');
}

/** Browsers' push subscriptions, one row per endpoint. */
@Injectable()
export class PushRepository {
  constructor(
    @InjectRepository(PushSubscriptionEntity) private readonly rows: Repository<PushSubscriptionEntity>,
    @InjectRepository(NotificationSettingEntity)
    private readonly settings: Repository<NotificationSettingEntity>,
  ) {}

  /**
   * Inserts the endpoint's row, or hands an existing one to this account and session with the new keys. Two
   * registrations of one endpoint at once: the one that lost the insert updates.
   */
  async save(subscription: NewPushSubscription): Promise<number> {
    const endpointHash = endpointHashOf(subscription.endpoint);
    const existing = await this.findByHash(endpointHash);
    if (existing) return this.update(existing.id, subscription);
    try {
      const row = await this.rows.save(this.rows.create({ ...subscription, endpointHash }));
      return row.id;
    } catch (error) {
      if (!isUniqueViolation(error)) throw error;
      const winner = await this.findByHash(endpointHash);
      if (!winner) throw error;
      return this.update(winner.id, subscription);
    }
  }

  private async update(id: number, subscription: NewPushSubscription): Promise<number> {
    const { userId, p256dh, auth, sessionFamily } = subscription;
    await this.rows.update({ id }, { userId, p256dh, auth, sessionFamily });
    return id;
  }

  findByHash(endpointHash: string): Promise<PushSubscriptionEntity | null> {
    return this.rows.findOneBy({ endpointHash });
  }

  findById(id: number): Promise<PushSubscriptionEntity | null> {
    return this.rows.findOneBy({ id });
  }

  /** The account's subscriptions' ids, newest first. */
  async idsOf(userId: number): Promise<number[]> {
    const rows = await this.rows.find({ select: { id: true }, where: { userId }, order: { id: 'DESC' } });
    return rows.map((row) => row.id);
  }

  async remove(ids: number[]): Promise<void> {
    if (ids.length > 0) await this.rows.delete({ id: In(ids) });
  }

  async removeSession(sessionFamily: string): Promise<void> {
    await this.rows.delete({ sessionFamily });
  }

  async removeAllOf(userId: number): Promise<void> {
    await this.rows.delete({ userId });
  }

  /** The account's choices; no row: the defaults (every push on). */
  settingsOf(userId: number): Promise<NotificationSettingEntity | null> {
    return this.settings.findOneBy({ userId });
  }
}
