import { type CanActivate, type ExecutionContext, ForbiddenException, Injectable } from '@nestjs/common';
import { Reflector } from '@nestjs/core';
import type { Role } from '@fitcoach/contracts';
import { type AuthContext, ROLES } from '../../common/auth/auth.decorators.js';
import { AUTH_MESSAGES } from '../../common/auth/auth.messages.js';

@Injectable()
export class RolesGuard implements CanActivate {
  constructor(private readonly reflector: Reflector) {}

  canActivate(context: ExecutionContext): boolean {
    const roles = this.reflector.getAllAndOverride<Role[] | undefined>(ROLES, [
      context.getHandler(),
      context.getClass(),
    ]);
    if (!roles?.length) return true;
    const auth = context.switchToHttp().getRequest<{ user?: AuthContext }>().user;
    const allowed = roles.some((role) =>
      role === 'trainer' ? auth?.user.isTrainer : auth?.user.isSuperuser,
    );
    if (!allowed) throw new ForbiddenException(AUTH_MESSAGES.forbidden);
    return true;
  }
}
