import { type ExecutionContext, Injectable, UnauthorizedException } from '@nestjs/common';
import { Reflector } from '@nestjs/core';
import { AuthGuard } from '@nestjs/passport';
import { IS_OPTIONAL_AUTH, IS_PUBLIC } from '../../common/auth/auth.decorators.js';
import { AUTH_MESSAGES } from '../../common/auth/auth.messages.js';

/** Global and deny-by-default: every route needs a valid access token unless marked @Public(). */
@Injectable()
export class JwtAuthGuard extends AuthGuard('jwt') {
  constructor(private readonly reflector: Reflector) {
    super();
  }

  override async canActivate(context: ExecutionContext): Promise<boolean> {
    const targets = [context.getHandler(), context.getClass()];
    if (this.reflector.getAllAndOverride<boolean>(IS_PUBLIC, targets)) return true;
    if (this.reflector.getAllAndOverride<boolean>(IS_OPTIONAL_AUTH, targets)) {
      try {
        await super.canActivate(context);
      } catch {
        // An anonymous view of a public resource is always allowed, whatever the token was.
        context.switchToHttp().getRequest<{ user?: unknown }>().user = null;
      }
      return true;
    }
    return (await super.canActivate(context)) as boolean;
  }

  override handleRequest<T>(error: unknown, user: T, info: unknown): T {
    if (error) throw error;
    if (!user) {
      const missing = info instanceof Error && info.message === 'No auth token';
      throw new UnauthorizedException(missing ? AUTH_MESSAGES.notAuthenticated : AUTH_MESSAGES.invalidToken);
    }
    return user;
  }
}
