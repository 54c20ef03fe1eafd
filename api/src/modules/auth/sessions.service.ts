import { createHmac, createSecretKey, type KeyObject, randomUUID } from 'node:crypto';
import { Inject, Injectable, UnauthorizedException } from '@nestjs/common';
import { EventEmitter2 } from '@nestjs/event-emitter';
import { JwtService } from '@nestjs/jwt';
import type { SessionResponse, TokenPairResponse } from '@fitcoach/contracts';
import { AUTH_MESSAGES } from '../../common/auth/auth.messages.js';
import { hashToken } from '../../common/auth/token-hash.js';
import {
  SESSION_EVENTS,
  type SessionRevokedEvent,
  type UserSessionsRevokedEvent,
} from '../../common/events/session-events.js';
import {
  ACCESS_TOKEN_TTL_SECONDS,
  type AccessTokenClaims,
  REFRESH_REUSE_GRACE_SECONDS,
  REFRESH_TOKEN_TTL_SECONDS,
  type RefreshTokenClaims,
  TOKEN_VERIFICATION,
  USER_AGENT_MAX_LENGTH,
} from './auth.constants.js';
import { JWT_SECRET } from './auth.tokens.js';
import type { RefreshTokenEntity } from './refresh-token.entity.js';
import { SessionsRepository } from './sessions.repository.js';

/** Whole seconds, as every database keeps a datetime. */
const wholeSeconds = (offsetSeconds = 0) => new Date((Math.floor(Date.now() / 1000) + offsetSeconds) * 1000);

const refreshExpiry = () => wholeSeconds(REFRESH_TOKEN_TTL_SECONDS);

export function keptUserAgent(header: string | undefined): string | null {
  const value = header?.trim().slice(0, USER_AGENT_MAX_LENGTH).trim();
  return value ? value : null;
}

export function hasClaimsOf(claims: { typ?: unknown; sub?: unknown; sid?: unknown }, typ: string): boolean {
  return (
    claims.typ === typ &&
    typeof claims.sub === 'string' &&
    /^\d+$/.test(claims.sub) &&
    typeof claims.sid === 'string'
  );
}

/** Sessions are refresh-token families, revoked whole on reuse (ADR 008). */
@Injectable()
export class SessionsService {
  constructor(
    private readonly jwt: JwtService,
    private readonly tokens: SessionsRepository,
    @Inject(JWT_SECRET) private readonly secret: string,
    private readonly events: EventEmitter2,
  ) {
    this.key = createSecretKey(Buffer.from(secret, 'utf8'));
  }

  /** Made once: given the string, jsonwebtoken builds one on every verification. */
  private readonly key: KeyObject;

  async start(userId: number, userAgent: string | null = null): Promise<TokenPairResponse> {
    const sessionId = randomUUID();
    const jti = randomUUID();
    const expiresAt = refreshExpiry();
    const signedInAt = wholeSeconds();
    await this.tokens.insert({
      userId,
      familyId: sessionId,
      tokenHash: hashToken(jti),
      expiresAt,
      signedInAt,
      userAgent,
    });
    return this.sign(userId, sessionId, jti, expiresAt);
  }

  /**
   * The successor's `jti` is an HMAC of the token's own, so concurrent refreshes within the grace period get the
   * same successor; any other reuse revokes the whole session.
   */
  async rotate(claims: RefreshTokenClaims, userAgent: string | null = null): Promise<TokenPairResponse> {
    const tokenHash = hashToken(claims.jti);
    const row = await this.tokens.findByHash(tokenHash);
    if (!row || row.userId !== Number(claims.sub) || row.familyId !== claims.sid) {
      throw new UnauthorizedException(AUTH_MESSAGES.invalidToken);
    }
    const successorJti = this.successorOf(claims.jti);
    const expiresAt = refreshExpiry();
    const won = await this.tokens.rotate(
      row.id,
      {
        userId: row.userId,
        familyId: row.familyId,
        tokenHash: hashToken(successorJti),
        expiresAt,
        signedInAt: row.signedInAt,
        userAgent: row.userAgent ?? userAgent,
      },
      new Date(),
    );
    if (won) return this.sign(row.userId, row.familyId, successorJti, expiresAt);
    const successor = await this.liveSuccessor(tokenHash, successorJti);
    if (successor) return this.sign(row.userId, row.familyId, successorJti, successor.expiresAt);
    await this.revokeSession(row.familyId);
    throw new UnauthorizedException(AUTH_MESSAGES.invalidToken);
  }

  /** For a password change; 401 when the session ended meanwhile. */
  async renew(userId: number, sessionId: string): Promise<TokenPairResponse> {
    const jti = randomUUID();
    const expiresAt = refreshExpiry();
    const renewed = await this.tokens.renew(sessionId, (live) => ({
      userId,
      familyId: sessionId,
      tokenHash: hashToken(jti),
      expiresAt,
      signedInAt: live.signedInAt,
      userAgent: live.userAgent,
    }));
    if (!renewed) throw new UnauthorizedException(AUTH_MESSAGES.invalidToken);
    return this.sign(userId, sessionId, jti, expiresAt);
  }

  /** Most recently used first. */
  async listOf(userId: number, current: string): Promise<SessionResponse[]> {
    const live = await this.tokens.findLiveOf(userId);
    return live
      .sort((a, b) => b.createdAt.getTime() - a.createdAt.getTime() || b.id - a.id)
      .map((token) => ({
        id: token.familyId,
        created_at: token.signedInAt.toISOString(),
        last_used_at: token.createdAt.toISOString(),
        user_agent: token.userAgent,
        current: token.familyId === current,
      }));
  }

  isLiveSessionOf(userId: number, sessionId: string): Promise<boolean> {
    return this.tokens.isSessionLiveOf(userId, sessionId);
  }

  async revokeAllOfBut(userId: number, keep: string): Promise<number> {
    const ended = await this.tokens.liveSessionsOfBut(userId, keep);
    await this.tokens.revokeAllOfBut(userId, keep);
    for (const sessionId of ended) {
      this.events.emit(SESSION_EVENTS.revoked, { sessionId } satisfies SessionRevokedEvent);
    }
    return ended.length;
  }

  async isActive(sessionId: string): Promise<boolean> {
    return this.tokens.isSessionLive(sessionId);
  }

  async revokeSession(sessionId: string): Promise<void> {
    await this.tokens.revokeSession(sessionId);
    this.events.emit(SESSION_EVENTS.revoked, { sessionId } satisfies SessionRevokedEvent);
  }

  async revokeAllOf(userId: number): Promise<void> {
    await this.tokens.revokeAllOf(userId);
    this.events.emit(SESSION_EVENTS.allOfUserRevoked, { userId } satisfies UserSessionsRevokedEvent);
  }

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
      claims = await this.jwt.verifyAsync<T>(token, {
        ...TOKEN_VERIFICATION,
        secret: this.key as unknown as string,
      });
    } catch {
      throw new UnauthorizedException(AUTH_MESSAGES.invalidToken);
    }
    if (!hasClaimsOf(claims, typ)) throw new UnauthorizedException(AUTH_MESSAGES.invalidToken);
    return claims;
  }

  private successorOf(jti: string): string {
    return createHmac('sha256', this.secret).update(`refresh-successor:${jti}`).digest('base64url');
  }

  private async liveSuccessor(tokenHash: string, successorJti: string): Promise<RefreshTokenEntity | null> {
    const graceStart = new Date(Date.now() - REFRESH_REUSE_GRACE_SECONDS * 1000);
    if (!(await this.tokens.rotatedSince(tokenHash, graceStart))) return null;
    return this.tokens.findLive(hashToken(successorJti));
  }

  /** The refresh token's claims all come from the row, so it is the same each time. */
  private async sign(
    userId: number,
    sessionId: string,
    jti: string,
    expiresAt: Date,
  ): Promise<TokenPairResponse> {
    const sub = String(userId);
    const exp = Math.floor(expiresAt.getTime() / 1000);
    const access: AccessTokenClaims = { sub, typ: 'access', sid: sessionId };
    const refresh: RefreshTokenClaims = { sub, typ: 'refresh', sid: sessionId, jti };
    return {
      access: await this.jwt.signAsync(access, { expiresIn: ACCESS_TOKEN_TTL_SECONDS }),
      refresh: await this.jwt.signAsync({ ...refresh, iat: exp - REFRESH_TOKEN_TTL_SECONDS, exp }),
    };
  }
}
