import { describe, expect, it } from '@jest/globals';
import { ForbiddenException, type ExecutionContext } from '@nestjs/common';
import { Reflector } from '@nestjs/core';
import type { Role } from '@fitcoach/contracts';
import { RolesGuard } from './roles.guard.js';

function request(roles: Role[] | undefined, user: { isTrainer: boolean; isSuperuser: boolean } | null) {
  const reflector = { getAllAndOverride: () => roles } as unknown as Reflector;
  const context = {
    getHandler: () => undefined,
    getClass: () => undefined,
    switchToHttp: () => ({ getRequest: () => ({ user: user && { user } }) }),
  } as unknown as ExecutionContext;
  return () => new RolesGuard(reflector).canActivate(context);
}

describe(RolesGuard.name, () => {
  const member = { isTrainer: false, isSuperuser: false };
  const trainer = { isTrainer: true, isSuperuser: false };
  const superuser = { isTrainer: false, isSuperuser: true };

  it('lets anyone through a route that requires no role', () => {
    expect(request(undefined, null)()).toBe(true);
    expect(request([], member)()).toBe(true);
  });

  it('lets through a user with any one of the roles, and refuses the others with 403', () => {
    expect(request(['trainer'], trainer)()).toBe(true);
    expect(request(['trainer', 'superuser'], superuser)()).toBe(true);
    expect(request(['trainer', 'superuser'], trainer)()).toBe(true);
    expect(request(['superuser'], trainer)).toThrow(ForbiddenException);
    expect(request(['trainer'], member)).toThrow(ForbiddenException);
    expect(request(['trainer'], null)).toThrow(ForbiddenException);
  });
});
