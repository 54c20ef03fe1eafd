import {
  type CanActivate,
  type DynamicModule,
  type ExecutionContext,
  Global,
  HttpException,
  HttpStatus,
  Inject,
  Injectable,
  Module,
  type OnApplicationShutdown,
  SetMetadata,
} from '@nestjs/common';
import { APP_GUARD, Reflector } from '@nestjs/core';
import type { Request, Response } from 'express';
import { Redis } from 'ioredis';
import {
  RateLimiterMemory,
  RateLimiterRedis,
  RateLimiterRes,
  type RateLimiterAbstract,
} from 'rate-limiter-flexible';

export interface RateLimitRule {
  /** Requests allowed per window and client address. */
  points: number;
  windowSeconds: number;
}

const RATE_LIMIT = 'fitcoach:rate-limit';
const LIMITERS = Symbol('RATE_LIMITERS');

/** Limits the route per client address with the named rule of `RateLimitModule.register`. */
export const RateLimit = (rule: string) => SetMetadata(RATE_LIMIT, rule);

class Limiters implements OnApplicationShutdown {
  constructor(
    readonly byRule: Map<string, RateLimiterAbstract>,
    private readonly redis?: Redis,
  ) {}

  async onApplicationShutdown(): Promise<void> {
    await this.redis?.quit();
  }
}

@Injectable()
class RateLimitGuard implements CanActivate {
  constructor(
    private readonly reflector: Reflector,
    @Inject(LIMITERS) private readonly limiters: Limiters,
  ) {}

  async canActivate(context: ExecutionContext): Promise<boolean> {
    const rule = this.reflector.get<string | undefined>(RATE_LIMIT, context.getHandler());
    if (!rule) return true;
    const limiter = this.limiters.byRule.get(rule);
    if (!limiter) throw new Error(`Unknown rate limit rule "${rule}"`);
    const http = context.switchToHttp();
    // `trust proxy` makes req.ip the visitor's address, also when the web app calls on the visitor's behalf.
    const key = http.getRequest<Request>().ip ?? 'unknown';
    try {
      await limiter.consume(key);
      return true;
    } catch (rejection) {
      if (!(rejection instanceof RateLimiterRes)) throw rejection;
      const seconds = Math.max(1, Math.ceil(rejection.msBeforeNext / 1000));
      http.getResponse<Response>().setHeader('Retry-After', String(seconds));
      throw new HttpException(
        { message: `Too many attempts. Try again in ${seconds} seconds.` },
        HttpStatus.TOO_MANY_REQUESTS,
      );
    }
  }
}

/**
 * Per-address limits for the routes attackers hammer (login, registration, resends). With REDIS_URL the
 * counters live in Redis, so several instances share them; otherwise in this process.
 */
@Global()
@Module({})
export class RateLimitModule {
  static register(options: {
    rules: Record<string, RateLimitRule>;
    redisUrl?: string;
    prefix: string;
  }): DynamicModule {
    return {
      module: RateLimitModule,
      providers: [
        {
          provide: LIMITERS,
          useFactory: () => {
            const redis = options.redisUrl
              ? new Redis(options.redisUrl, { enableOfflineQueue: false, maxRetriesPerRequest: 1 })
              : undefined;
            const byRule = new Map<string, RateLimiterAbstract>(
              Object.entries(options.rules).map(([name, rule]) => {
                const settings = {
                  points: rule.points,
                  duration: rule.windowSeconds,
                  keyPrefix: `${options.prefix}:rl:${name}`,
                };
                return [
                  name,
                  redis
                    ? new RateLimiterRedis({ ...settings, storeClient: redis })
                    : new RateLimiterMemory(settings),
                ];
              }),
            );
            return new Limiters(byRule, redis);
          },
        },
        { provide: APP_GUARD, useClass: RateLimitGuard },
      ],
    };
  }
}
