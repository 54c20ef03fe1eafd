import { type DynamicModule, Module } from '@nestjs/common';
import { APP_FILTER, APP_INTERCEPTOR, APP_PIPE, RouterModule } from '@nestjs/core';
import { EventEmitterModule } from '@nestjs/event-emitter';
import type { RetryPolicy } from '@fitcoach/contracts';
import type { DataSource } from 'typeorm';
import type { AppConfig } from './common/config/app-config.js';
import { ResponseCacheModule } from './common/cache/response-cache.module.js';
import { ConfigModule } from './common/config/config.module.js';
import { DatabaseModule } from './common/database/database.module.js';
import { AllExceptionsFilter } from './common/errors/all-exceptions.filter.js';
import { RequestTimeout } from './common/http/request-timeout.interceptor.js';
import { createValidationPipe } from './common/errors/validation.js';
import { HealthModule } from './common/health/health.module.js';
import { MetricsModule } from './common/metrics/metrics.module.js';
import { loggerOptions } from './common/logging/logger-options.js';
import { LoggingModule } from './common/logging/logging.module.js';
import { JobsModule } from './common/jobs/jobs.module.js';
import type { WebMode } from './common/web/remix-handler.js';
import { WebModule } from './common/web/web.module.js';
import { MediaModule } from './common/media/media.module.js';
import { RealtimeModule } from './common/realtime/realtime.module.js';
import { ClockModule } from './common/time/clock.js';
import { AuthModule } from './modules/auth/auth.module.js';
import { MailModule } from './modules/mail/mail.module.js';
import { AUTH_RATE_LIMITS } from './modules/auth/auth.constants.js';
import { RateLimitModule } from './common/rate-limit/rate-limit.js';
import { UsersModule } from './modules/users/users.module.js';
import { AccountModule } from './modules/account/account.module.js';
import { TrainersModule } from './modules/trainers/trainers.module.js';
import { ProgramsModule } from './modules/programs/programs.module.js';
import { LessonsModule } from './modules/lessons/lessons.module.js';
import { PaymentsModule } from './modules/payments/payments.module.js';
import { SubscriptionsModule } from './modules/subscriptions/subscriptions.module.js';
import { ChatModule } from './modules/chat/chat.module.js';
import { CHAT_RATE_LIMITS } from './modules/chat/chat.constants.js';
import { AdminModule } from './modules/admin/admin.module.js';
import { SitemapModule } from './modules/sitemap/sitemap.module.js';
import { RemindersModule } from './modules/reminders/reminders.module.js';
import { PushModule } from './modules/push/push.module.js';
import { RecordModule } from './modules/record/record.module.js';
import { ReviewsModule } from './modules/reviews/reviews.module.js';
import { InsightsModule } from './modules/insights/insights.module.js';
import { SeedModule } from './database/seeds/seed.module.js';

/** Modules whose controllers answer under /api. */
const API_MODULES = [
  HealthModule,
  AuthModule,
  UsersModule,
  AccountModule,
  TrainersModule,
  ProgramsModule,
  LessonsModule,
  PaymentsModule,
  SubscriptionsModule,
  ChatModule,
  AdminModule,
  SitemapModule,
  RemindersModule,
  PushModule,
  RecordModule,
  ReviewsModule,
  InsightsModule,
];

export interface AppModuleOptions {
  /** Serve the Remix site too (off for API-only tests). */
  web?: WebMode | false;
  /** Redis key prefix for queues, rate limits and cache messages; tests isolate themselves with their own. */
  queuePrefix?: string;
  retryPolicy?: RetryPolicy;
  /** Extra modules, e.g. test-only job processors. */
  extraModules?: DynamicModule['imports'];
}

@Module({})
export class AppModule {
  static register(config: AppConfig, dataSource: DataSource, options: AppModuleOptions = {}): DynamicModule {
    return {
      module: AppModule,
      imports: [
        ConfigModule.forRoot(config),
        LoggingModule.forRoot(loggerOptions(config)),
        EventEmitterModule.forRoot(),
        DatabaseModule.register(dataSource),
        JobsModule.register({
          redisUrl: config.redisUrl,
          prefix: options.queuePrefix,
          retryPolicy: options.retryPolicy,
        }),
        RateLimitModule.register({
          rules: { ...AUTH_RATE_LIMITS, ...CHAT_RATE_LIMITS },
          redisUrl: config.redisUrl,
          prefix: options.queuePrefix ?? 'fitcoach',
        }),
        ResponseCacheModule.register({ prefix: options.queuePrefix ?? 'fitcoach' }),
        MetricsModule,
        ClockModule,
        MediaModule,
        RealtimeModule,
        MailModule,
        ...API_MODULES,
        RouterModule.register([{ path: 'api', children: API_MODULES }]),
        SeedModule,
        ...(options.extraModules ?? []),
        ...(options.web ? [WebModule.register(options.web)] : []),
      ],
      providers: [
        { provide: APP_FILTER, useClass: AllExceptionsFilter },
        { provide: APP_PIPE, useFactory: createValidationPipe },
        { provide: APP_INTERCEPTOR, useClass: RequestTimeout },
      ],
    };
  }
}
