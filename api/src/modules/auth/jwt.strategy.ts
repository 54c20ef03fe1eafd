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
      // The Bearer header, or else the web session's `accessToken` cookie (docs/architecture.md §5).
      jwtFromRequest: (req: Request) => presentedToken(req.headers)?.token ?? null,
      // A KeyObject, made once: given a string, jsonwebtoken first tries to read it as a PEM public key and builds
      // a secret key only when that throws, on every request (a tenth of a signed-in API request's CPU,
      // docs/performance.md). The typings say string | Buffer; jsonwebtoken takes a KeyObject as it is.
      secretOrKey: createSecretKey(Buffer.from(secret, 'utf8')) as unknown as Buffer,
      algorithms: TOKEN_VERIFICATION.algorithms,
      ignoreExpiration: TOKEN_VERIFICATION.ignoreExpiration,
    });
  }

  validate(claims: AccessTokenClaims): Promise<AuthContext> {
    return this.auth.resolve(claims);
  }
}
