import { createParamDecorator, type ExecutionContext, SetMetadata } from '@nestjs/common';
import type { Role } from '@fitcoach/contracts';

export const IS_PUBLIC = 'fitcoach:public';
export const IS_OPTIONAL_AUTH = 'fitcoach:optional-auth';
export const ROLES = 'fitcoach:roles';
export const CHANGES_STATE_ON_GET = 'fitcoach:changes-state-on-get';

/**
 * The caller's account row as the guard loaded it. Declared here, not taken from the users module, so that common
 * code depends on no module; the users module's UserEntity has exactly these columns.
 */
export interface AuthUser {
  id: number;
  firstName: string;
  lastName: string;
  email: string;
  passwordHash: string;
  pendingEmail: string | null;
  profilePicture: string | null;
  isVerified: boolean;
  isTrainer: boolean;
  isSuperuser: boolean;
  blocked: boolean;
  deletedAt: Date | null;
  createdAt: Date;
  updatedAt: Date;
}

/** Who is calling: the account as loaded on this request, and the session its access token belongs to. */
export interface AuthContext {
  user: AuthUser;
  sessionId: string;
}

/** Opts a route out of the global deny-by-default authentication. */
export const Public = () => SetMetadata(IS_PUBLIC, true);

/**
 * Public, but a signed-in caller is recognised (e.g. an owner sees more of a public resource). Only a request
 * without a token is anonymous: an invalid or expired token, a revoked session or a blocked account is refused as
 * on any authenticated route (401, 403), so that clients renew their token instead of seeing less.
 */
export const OptionalAuth = () => SetMetadata(IS_OPTIONAL_AUTH, true);

/**
 * A GET of the spec's that changes state (blocking a user, publishing a programme, ...). It works with a Bearer
 * token only: the session cookie would let a link on another site run it (ADR 011).
 */
export const ChangesStateOnGet = () => SetMetadata(CHANGES_STATE_ON_GET, true);

/** Coarse role check; ownership of a row is always checked in the service. */
export const Roles = (...roles: Role[]) => SetMetadata(ROLES, roles);

/** The authenticated caller; services take it as their first argument. */
export const Auth = createParamDecorator((_data: unknown, context: ExecutionContext): AuthContext => {
  const request = context.switchToHttp().getRequest<{ user?: AuthContext }>();
  if (!request.user) throw new Error('@Auth() used on a route without authentication');
  return request.user;
});

/** The caller on an @OptionalAuth() route: null for anonymous visitors, who sent no token. */
export const MaybeAuth = createParamDecorator(
  (_data: unknown, context: ExecutionContext): AuthContext | null => {
    return context.switchToHttp().getRequest<{ user?: AuthContext | null }>().user ?? null;
  },
);
