import { Injectable } from '@nestjs/common';
import { InjectRepository } from '@nestjs/typeorm';
import { IsNull, MoreThan, type Repository } from 'typeorm';
import { RefreshTokenEntity } from './refresh-token.entity.js';

/** A live refresh token as a login or a rotation stores it (its hash only). */
export type NewRefreshToken = Pick<RefreshTokenEntity, 'userId' | 'familyId' | 'tokenHash' | 'expiresAt'>;

/** The narrow queries on refresh tokens; a session is the family of tokens one login started. */
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

  /**
   * Revokes the token as rotated and inserts its successor, in one transaction: a refresh that lost the update
   * finds the successor once it sees the rotation. False, inserting nothing, when the token was revoked already
   * (a concurrent rotation won).
   */
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

  /** The token was rotated after `since`. */
  rotatedSince(tokenHash: string, since: Date): Promise<boolean> {
    return this.tokens.existsBy({ tokenHash, rotatedAt: MoreThan(since) });
  }

  /** The token, if it is neither revoked nor expired. */
  findLive(tokenHash: string): Promise<RefreshTokenEntity | null> {
    return this.tokens.findOneBy({ tokenHash, revokedAt: IsNull(), expiresAt: MoreThan(new Date()) });
  }

  /** The session has a token that is neither revoked nor expired. */
  isSessionLive(familyId: string): Promise<boolean> {
    return this.tokens.existsBy({ familyId, revokedAt: IsNull(), expiresAt: MoreThan(new Date()) });
  }

  async revokeSession(familyId: string): Promise<void> {
    await this.tokens.update({ familyId, revokedAt: IsNull() }, { revokedAt: new Date() });
  }

  async revokeAllOf(userId: number): Promise<void> {
    await this.tokens.update({ userId, revokedAt: IsNull() }, { revokedAt: new Date() });
  }
}
