import { Injectable } from '@nestjs/common';
import { InjectRepository } from '@nestjs/typeorm';
import { IsNull, MoreThan, Not, type Repository } from 'typeorm';
import { RefreshTokenEntity } from './refresh-token.entity.js';

export type NewRefreshToken = Pick<
  RefreshTokenEntity,
  'userId' | 'familyId' | 'tokenHash' | 'expiresAt' | 'signedInAt' | 'userAgent'
>;

export type LiveToken = Pick<
  RefreshTokenEntity,
  'id' | 'familyId' | 'createdAt' | 'signedInAt' | 'userAgent'
>;

/** A session is the family of tokens one login started. */
@Injectable()
export class SessionsRepository {
  constructor(
    @InjectRepository(RefreshTokenEntity) private readonly tokens: Repository<RefreshTokenEntity>,
  ) {}

  async insert(token: NewRefreshToken): Promise<void> {
    await this.tokens.insert({ ...token, revokedAt: null, rotatedAt: null });
  }

  findByHash(tokenHash: string): Promise<RefreshTokenEntity | null> {
    return this.tokens.findOneBy({ tokenHash });
  }

  /** In one transaction, so a refresh that lost the update finds the successor; false when another rotation won. */
  rotate(id: number, successor: NewRefreshToken, now: Date): Promise<boolean> {
    return this.tokens.manager.transaction(async (manager) => {
      const rotated = await manager.update(
        RefreshTokenEntity,
        { id, revokedAt: IsNull() },
        { revokedAt: now, rotatedAt: now },
      );
      if (rotated.affected !== 1) return false;
      await manager.insert(RefreshTokenEntity, { ...successor, revokedAt: null, rotatedAt: null });
      return true;
    });
  }

  rotatedSince(tokenHash: string, since: Date): Promise<boolean> {
    return this.tokens.existsBy({ tokenHash, rotatedAt: MoreThan(since) });
  }

  findLive(tokenHash: string): Promise<RefreshTokenEntity | null> {
    return this.tokens.findOneBy({ tokenHash, revokedAt: IsNull(), expiresAt: MoreThan(new Date()) });
  }

  isSessionLive(familyId: string): Promise<boolean> {
    return this.tokens.existsBy({ familyId, revokedAt: IsNull(), expiresAt: MoreThan(new Date()) });
  }

  /** One per live session: a rotation revokes its token as it adds the successor. */
  findLiveOf(userId: number): Promise<LiveToken[]> {
    return this.tokens.find({
      select: { id: true, familyId: true, createdAt: true, signedInAt: true, userAgent: true },
      where: { userId, revokedAt: IsNull(), expiresAt: MoreThan(new Date()) },
    });
  }

  async liveSessionsOfBut(userId: number, keep: string): Promise<string[]> {
    const live = await this.tokens.find({
      select: { familyId: true },
      where: { userId, familyId: Not(keep), revokedAt: IsNull(), expiresAt: MoreThan(new Date()) },
    });
    return [...new Set(live.map((token) => token.familyId))];
  }

  isSessionLiveOf(userId: number, familyId: string): Promise<boolean> {
    return this.tokens.existsBy({ userId, familyId, revokedAt: IsNull(), expiresAt: MoreThan(new Date()) });
  }

  /** False, adding nothing, when the session has no live token any more. */
  renew(familyId: string, successor: (live: RefreshTokenEntity) => NewRefreshToken): Promise<boolean> {
    return this.tokens.manager.transaction(async (manager) => {
      const live = await manager.findOneBy(RefreshTokenEntity, {
        familyId,
        revokedAt: IsNull(),
        expiresAt: MoreThan(new Date()),
      });
      if (!live) return false;
      const revoked = await manager.update(
        RefreshTokenEntity,
        { familyId, revokedAt: IsNull() },
        { revokedAt: new Date() },
      );
      if (!revoked.affected) return false;
      await manager.insert(RefreshTokenEntity, { ...successor(live), revokedAt: null, rotatedAt: null });
      return true;
    });
  }

  async revokeAllOfBut(userId: number, keep: string): Promise<void> {
    await this.tokens.update({ userId, familyId: Not(keep), revokedAt: IsNull() }, { revokedAt: new Date() });
  }

  async revokeSession(familyId: string): Promise<void> {
    await this.tokens.update({ familyId, revokedAt: IsNull() }, { revokedAt: new Date() });
  }

  async revokeAllOf(userId: number): Promise<void> {
    await this.tokens.update({ userId, revokedAt: IsNull() }, { revokedAt: new Date() });
  }
}
