import { createHash } from 'node:crypto';
import {
  type CallHandler,
  type CanActivate,
  type DynamicModule,
  type ExecutionContext,
  Global,
  HttpException,
  HttpStatus,
  Injectable,
  Logger,
  Module,
  type NestInterceptor,
  type OnApplicationShutdown,
  SetMetadata,
} from '@nestjs/common';
import { APP_GUARD, APP_INTERCEPTOR, Reflector } from '@nestjs/core';
import type { Request, Response } from 'express';
import { Redis } from 'ioredis';
import {
  RateLimiterMemory,
  RateLimiterRedis,
  RateLimiterRes,
  type RateLimiterAbstract,
} from 'rate-limiter-flexible';
import { catchError, type Observable, throwError } from 'rxjs';

export interface RateLimitRule {
  points: number;
  windowSeconds: number;
}

interface RateLimitTarget {
  rule: string;
  /** Counted per the request body's `email`. */
  perAccount?: string;
  /** The route's `LegacyErrorKey`, which never sees the 429: guards run before interceptors. */
  errorKey?: 'detail' | 'error_message';
}

const RATE_LIMIT = 'fitcoach:rate-limit';

/**
 * `perAccount` also counts per e-mail, so rotating client addresses does not multiply the attempts on one account.
 * Every address counts, registered or not, so the limit says nothing about which ones exist.
 */
export const RateLimit = (rule: string, options: Omit<RateLimitTarget, 'rule'> = {}) =>
  SetMetadata(RATE_LIMIT, { rule, ...options } satisfies RateLimitTarget);

/** A spent budget (429) or work this instance cannot take now (503); routes answer it with `Retry-After`. */
export class RetryLater extends HttpException {
  constructor(
    readonly retryAfterSeconds: number,
    body: { message: string } & Record<string, unknown>,
    status: number = HttpStatus.TOO_MANY_REQUESTS,
  ) {
    super(body, status);
  }
}

const tooManyAttempts = (seconds: number) => `Too many attempts. Try again in ${seconds} seconds.`;

/** Hashed so the store holds no addresses. */
function accountKey(email: string): string {
  return createHash('sha256').update(email.trim().toLowerCase()).digest('hex');
}

export class RateLimits implements OnApplicationShutdown {
  constructor(
    private readonly byRule: Map<string, RateLimiterAbstract>,
    private readonly redis?: Redis,
  ) {}

  async consume(rule: string, key: string, res: Response, errorKey?: string): Promise<void> {
    try {
      await this.take(rule, key, 1, tooManyAttempts, errorKey);
    } catch (error) {
      // A guard runs before the interceptors: the header is set here, not by RetryAfterHeader.
      if (error instanceof RetryLater) res.setHeader('Retry-After', String(error.retryAfterSeconds));
      throw error;
    }
  }

  /** For work that is not a route of its own, such as a service that REST and sockets share. */
  spend(rule: string, key: string, points: number, message: string): Promise<void> {
    return this.take(rule, key, points, () => message);
  }

  consumeAccount(rule: string, email: string, res: Response, errorKey?: string): Promise<void> {
    return this.consume(rule, accountKey(email), res, errorKey);
  }

  /** For a route whose account is the caller's rather than an address in its body (a password change). */
  spendOnAccount(rule: string, email: string): Promise<void> {
    return this.take(rule, accountKey(email), 1, tooManyAttempts);
  }

  async resetAccount(rule: string, email: string): Promise<void> {
    await this.limiter(rule).delete(accountKey(email));
  }

  async onApplicationShutdown(): Promise<void> {
    await this.redis?.quit().catch(() => this.redis?.disconnect());
  }

  private async take(
    rule: string,
    key: string,
    points: number,
    message: (seconds: number) => string,
    errorKey?: string,
  ): Promise<void> {
    try {
      await this.limiter(rule).consume(key, points);
    } catch (rejection) {
      if (!(rejection instanceof RateLimiterRes)) throw rejection;
      const seconds = Math.max(1, Math.ceil(rejection.msBeforeNext / 1000));
      const text = message(seconds);
      throw new RetryLater(seconds, { message: text, ...(errorKey ? { [errorKey]: text } : {}) });
    }
  }

  private limiter(rule: string): RateLimiterAbstract {
    const limiter = this.byRule.get(rule);
    if (!limiter) throw new Error(`Unknown rate limit rule "${rule}"`);
    return limiter;
  }
}

@Injectable()
class RateLimitGuard implements CanActivate {
  constructor(
    private readonly reflector: Reflector,
    private readonly limits: RateLimits,
  ) {}

  async canActivate(context: ExecutionContext): Promise<boolean> {
    const target = this.reflector.get<RateLimitTarget | undefined>(RATE_LIMIT, context.getHandler());
    if (!target) return true;
    const http = context.switchToHttp();
    const req = http.getRequest<Request>();
    const res = http.getResponse<Response>();
    await this.limits.consume(target.rule, req.ip ?? 'unknown', res, target.errorKey);
    // Guards run before validation: a body without a string e-mail is refused with 400 after this.
    const email: unknown = (req.body as { email?: unknown } | undefined)?.email;
    if (target.perAccount && typeof email === 'string') {
      await this.limits.consumeAccount(target.perAccount, email, res, target.errorKey);
    }
    return true;
  }
}

@Injectable()
class RetryAfterHeader implements NestInterceptor {
  intercept(context: ExecutionContext, next: CallHandler): Observable<unknown> {
    return next.handle().pipe(
      catchError((error: unknown) => {
        if (error instanceof RetryLater && context.getType() === 'http') {
          const res = context.switchToHttp().getResponse<Response>();
          if (!res.headersSent) res.setHeader('Retry-After', String(error.retryAfterSeconds));
        }
        return throwError(() => error);
      }),
    );
  }
}

export interface RateLimitOptions {
  rules: Record<string, RateLimitRule>;
  redisUrl?: string;
  prefix: string;
}

/**
 * In Redis with `redisUrl`, so instances share the counters, each insured by an in-process one so a request never
 * waits for Redis nor fails for its absence.
 */
export function createRateLimits(options: RateLimitOptions): RateLimits {
  const redis = options.redisUrl
    ? new Redis(options.redisUrl, { enableOfflineQueue: false, maxRetriesPerRequest: 1 })
    : undefined;
  const log = new Logger(RateLimits.name);
  redis?.on('error', (error: Error) =>
    log.warn(`Redis (rate limits, counted in this process): ${error.message}`),
  );
  const byRule = new Map<string, RateLimiterAbstract>(
    Object.entries(options.rules).map(([name, rule]) => {
      const settings = {
        points: rule.points,
        duration: rule.windowSeconds,
        keyPrefix: `${options.prefix}:rl:${name}`,
      };
      const local = new RateLimiterMemory(settings);
      return [
        name,
        redis ? new RateLimiterRedis({ ...settings, storeClient: redis, insuranceLimiter: local }) : local,
      ];
    }),
  );
  return new RateLimits(byRule, redis);
}

@Global()
@Module({})
export class RateLimitModule {
  static register(options: RateLimitOptions): DynamicModule {
    return {
      module: RateLimitModule,
      providers: [
        { provide: RateLimits, useFactory: () => createRateLimits(options) },
        { provide: APP_GUARD, useClass: RateLimitGuard },
        { provide: APP_INTERCEPTOR, useClass: RetryAfterHeader },
      ],
      exports: [RateLimits],
    };
  }
}
