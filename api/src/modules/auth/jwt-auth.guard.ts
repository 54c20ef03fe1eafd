import { type ExecutionContext, Injectable, UnauthorizedException } from '@nestjs/common';
import { Reflector } from '@nestjs/core';
import { AuthGuard } from '@nestjs/passport';
import { IS_OPTIONAL_AUTH, IS_PUBLIC } from '../../common/auth/auth.decorators.js';
import { AUTH_MESSAGES } from '../../common/auth/auth.messages.js';

/**
 * Global and deny-by-default: every route needs a valid access token unless marked @Public(). An @OptionalAuth()
 * route also serves requests that carry no token at all, anonymously; a token that is there is checked as on any
 * other route, so an expired one is a 401 the client renews on rather than a silently anonymous answer.
 */
@Injectable()
export class JwtAuthGuard extends AuthGuard('jwt') {
  constructor(private readonly reflector: Reflector) {
    super();
  }

  override async canActivate(context: ExecutionContext): Promise<boolean> {
    if (this.isMarked(IS_PUBLIC, context)) return true;
    return (await super.canActivate(context)) as boolean;
  }

  override handleRequest<T>(error: unknown, user: T, info: unknown, context: ExecutionContext): T {
    if (error) throw error;
    if (user) return user;
    const missing = info instanceof Error && info.message === 'No auth token';
    // The guard stores what this returns as the request's user: null is the anonymous caller of @MaybeAuth().
    if (missing && this.isMarked(IS_OPTIONAL_AUTH, context)) return null as T;
    throw new UnauthorizedException(missing ? AUTH_MESSAGES.notAuthenticated : AUTH_MESSAGES.invalidToken);
  }

  private isMarked(key: typeof IS_PUBLIC | typeof IS_OPTIONAL_AUTH, context: ExecutionContext): boolean {
    return (
      this.reflector.getAllAndOverride<boolean>(key, [context.getHandler(), context.getClass()]) === true
    );
  }
}
