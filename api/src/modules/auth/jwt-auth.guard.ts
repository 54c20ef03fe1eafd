import {
  type ExecutionContext,
  ForbiddenException,
  Inject,
  Injectable,
  UnauthorizedException,
} from '@nestjs/common';
import { Reflector } from '@nestjs/core';
import { AuthGuard } from '@nestjs/passport';
import type { Request } from 'express';
import { presentedToken } from '../../common/auth/access-token.js';
import {
  type AuthContext,
  CHANGES_STATE_ON_GET,
  IS_OPTIONAL_AUTH,
  IS_PUBLIC,
} from '../../common/auth/auth.decorators.js';
import { AUTH_MESSAGES } from '../../common/auth/auth.messages.js';
import { cookieSessionRefusal } from '../../common/auth/same-origin.js';
import { APP_CONFIG, type AppConfig } from '../../common/config/app-config.js';

type MarkerKey = typeof IS_PUBLIC | typeof IS_OPTIONAL_AUTH | typeof CHANGES_STATE_ON_GET;

/**
 * Deny-by-default. On an @OptionalAuth() route an expired token is still a 401 the client renews on, not a silently
 * anonymous answer; cookie-authenticated requests are same-origin only (ADR 011).
 */
@Injectable()
export class JwtAuthGuard extends AuthGuard('jwt') {
  constructor(
    private readonly reflector: Reflector,
    @Inject(APP_CONFIG) private readonly config: AppConfig,
  ) {
    super();
  }

  override async canActivate(context: ExecutionContext): Promise<boolean> {
    // A socket was authenticated at the handshake (ChatGateway).
    if (context.getType() === 'ws') return true;
    if (this.isMarked(IS_PUBLIC, context)) return true;
    await super.canActivate(context);
    const req = context.switchToHttp().getRequest<Request & { user?: AuthContext | null }>();
    if (req.user && presentedToken(req.headers)?.source === 'cookie') {
      const refusal = cookieSessionRefusal(
        req,
        this.config.publicUrl,
        this.isMarked(CHANGES_STATE_ON_GET, context),
      );
      if (refusal) throw new ForbiddenException(refusal);
    }
    return true;
  }

  override handleRequest<T>(error: unknown, user: T, info: unknown, context: ExecutionContext): T {
    if (error) throw error;
    if (user) return user;
    const missing = info instanceof Error && info.message === 'No auth token';
    if (missing && this.isMarked(IS_OPTIONAL_AUTH, context)) return null as T;
    throw new UnauthorizedException(missing ? AUTH_MESSAGES.notAuthenticated : AUTH_MESSAGES.invalidToken);
  }

  private isMarked(key: MarkerKey, context: ExecutionContext): boolean {
    return (
      this.reflector.getAllAndOverride<boolean>(key, [context.getHandler(), context.getClass()]) === true
    );
  }
}
