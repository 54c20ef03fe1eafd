import { createSecretKey } from 'node:crypto';
import { Inject, Injectable } from '@nestjs/common';
import { PassportStrategy } from '@nestjs/passport';
import type { Request } from 'express';
import { Strategy } from 'passport-jwt';
import { presentedToken } from '../../common/auth/access-token.js';
import type { AuthContext } from '../../common/auth/auth.decorators.js';
import { type AccessTokenClaims, TOKEN_VERIFICATION } from './auth.constants.js';
import { AuthService } from './auth.service.js';
import { JWT_SECRET } from './auth.tokens.js';

@Injectable()
export class JwtStrategy extends PassportStrategy(Strategy) {
  constructor(
    @Inject(JWT_SECRET) secret: string,
    private readonly auth: AuthService,
  ) {
    super({
      // The Bearer header, or else the web session's cookie (docs/architecture.md §5).
      jwtFromRequest: (req: Request) => presentedToken(req.headers)?.token ?? null,
      // Given a string, jsonwebtoken tries it as a PEM key and builds a secret key on every request; the typings
      // omit KeyObject, which jsonwebtoken takes as it is.
      secretOrKey: createSecretKey(Buffer.from(secret, 'utf8')) as unknown as Buffer,
      algorithms: TOKEN_VERIFICATION.algorithms,
      ignoreExpiration: TOKEN_VERIFICATION.ignoreExpiration,
    });
  }

  validate(claims: AccessTokenClaims): Promise<AuthContext> {
    return this.auth.resolve(claims);
  }
}
