import { Inject, Injectable } from '@nestjs/common';
import { PassportStrategy } from '@nestjs/passport';
import type { Request } from 'express';
import { ExtractJwt, Strategy } from 'passport-jwt';
import type { AuthContext } from '../../common/auth/auth.decorators.js';
import type { AccessTokenClaims } from './auth.constants.js';
import { AuthService } from './auth.service.js';
import { JWT_SECRET } from './auth.tokens.js';

/** The web session carries the same access token in its `accessToken` cookie (ARCHITECTURE §5). */
function fromSessionCookie(req: Request): string | null {
  const match = /(?:^|;\s*)accessToken=([^;]+)/.exec(req.headers.cookie ?? '');
  return match ? decodeURIComponent(match[1]) : null;
}

@Injectable()
export class JwtStrategy extends PassportStrategy(Strategy) {
  constructor(
    @Inject(JWT_SECRET) secret: string,
    private readonly auth: AuthService,
  ) {
    super({
      jwtFromRequest: ExtractJwt.fromExtractors([
        ExtractJwt.fromAuthHeaderAsBearerToken(),
        fromSessionCookie,
      ]),
      secretOrKey: secret,
      algorithms: ['HS256'],
      ignoreExpiration: false,
    });
  }

  validate(claims: AccessTokenClaims): Promise<AuthContext> {
    return this.auth.resolve(claims);
  }
}
