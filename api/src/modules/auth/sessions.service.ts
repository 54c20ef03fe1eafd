import { createHash, randomUUID } from 'node:crypto';
import { Injectable, UnauthorizedException } from '@nestjs/common';
import { JwtService } from '@nestjs/jwt';
import { InjectRepository } from '@nestjs/typeorm';
import { IsNull, MoreThan, type Repository } from 'typeorm';
import type { TokenPairResponse } from '@fitcoach/contracts';
import { AUTH_MESSAGES } from '../../common/auth/auth.messages.js';
import {
  ACCESS_TOKEN_TTL_SECONDS,
  type AccessTokenClaims,
  REFRESH_TOKEN_TTL_SECONDS,
  type RefreshTokenClaims,
} from './auth.constants.js';
import { RefreshTokenEntity } from './refresh-token.entity.js';

const sha256 = (value: string) => createHash('sha256').update(value).digest('hex');

/** Sessions are refresh-token families: created at login, rotated on refresh, revoked at logout or on reuse. */
@Injectable()
export class SessionsService {
  constructor(
    private readonly jwt: JwtService,
    @InjectRepository(RefreshTokenEntity) private readonly tokens: Repository<RefreshTokenEntity>,
  ) {}

  start(userId: number): Promise<TokenPairResponse> {
    return this.issue(userId, randomUUID());
  }

  /** Rotates a refresh token. Presenting one that was already rotated or revoked revokes its whole session. */
  async rotate(claims: RefreshTokenClaims): Promise<TokenPairResponse> {
    const tokenHash = sha256(claims.jti);
    const now = new Date();
    const rotated = await this.tokens.update({ tokenHash, revokedAt: IsNull() }, { revokedAt: now });
    const row = await this.tokens.findOneBy({ tokenHash });
    if (!row || row.userId !== Number(claims.sub) || row.familyId !== claims.sid) {
      throw new UnauthorizedException(AUTH_MESSAGES.invalidToken);
    }
    if (rotated.affected !== 1 || row.expiresAt <= now) {
      await this.revokeSession(row.familyId);
      throw new UnauthorizedException(AUTH_MESSAGES.invalidToken);
    }
    return this.issue(row.userId, row.familyId);
  }

  async isActive(sessionId: string): Promise<boolean> {
    return this.tokens.existsBy({
      familyId: sessionId,
      revokedAt: IsNull(),
      expiresAt: MoreThan(new Date()),
    });
  }

  async revokeSession(sessionId: string): Promise<void> {
    await this.tokens.update({ familyId: sessionId, revokedAt: IsNull() }, { revokedAt: new Date() });
  }

  async revokeAllOf(userId: number): Promise<void> {
    await this.tokens.update({ userId, revokedAt: IsNull() }, { revokedAt: new Date() });
  }

  /** The session a refresh token belongs to, if the token is genuine and the caller's. */
  async sessionOf(refreshToken: string, userId: number): Promise<string | null> {
    try {
      const claims = await this.verifyRefresh(refreshToken);
      return Number(claims.sub) === userId ? claims.sid : null;
    } catch {
      return null;
    }
  }

  verifyAccess(token: string): Promise<AccessTokenClaims> {
    return this.verify<AccessTokenClaims>(token, 'access');
  }

  verifyRefresh(token: string): Promise<RefreshTokenClaims> {
    return this.verify<RefreshTokenClaims>(token, 'refresh');
  }

  private async verify<T extends { typ: string; sub: string; sid: string }>(token: string, typ: T['typ']) {
    let claims: T;
    try {
      claims = await this.jwt.verifyAsync<T>(token, { algorithms: ['HS256'] });
    } catch {
      throw new UnauthorizedException(AUTH_MESSAGES.invalidToken);
    }
    if (claims.typ !== typ || !/^\d+$/.test(claims.sub) || typeof claims.sid !== 'string') {
      throw new UnauthorizedException(AUTH_MESSAGES.invalidToken);
    }
    return claims;
  }

  private async issue(userId: number, sessionId: string): Promise<TokenPairResponse> {
    const jti = randomUUID();
    await this.tokens.insert({
      userId,
      familyId: sessionId,
      tokenHash: sha256(jti),
      expiresAt: new Date(Date.now() + REFRESH_TOKEN_TTL_SECONDS * 1000),
      revokedAt: null,
    });
    const sub = String(userId);
    const access: AccessTokenClaims = { sub, typ: 'access', sid: sessionId };
    const refresh: RefreshTokenClaims = { sub, typ: 'refresh', sid: sessionId, jti };
    return {
      access: await this.jwt.signAsync(access, { expiresIn: ACCESS_TOKEN_TTL_SECONDS }),
      refresh: await this.jwt.signAsync(refresh, { expiresIn: REFRESH_TOKEN_TTL_SECONDS }),
    };
  }
}
