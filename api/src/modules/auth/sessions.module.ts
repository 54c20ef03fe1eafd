import { Module } from '@nestjs/common';
import { JwtModule } from '@nestjs/jwt';
import { TypeOrmModule } from '@nestjs/typeorm';
import { APP_CONFIG, type AppConfig } from '../../common/config/app-config.js';
import { JWT_SECRET } from './auth.tokens.js';
import { loadJwtSecret } from './jwt-secret.js';
import { RefreshTokenEntity } from './refresh-token.entity.js';
import { SessionsRepository } from './sessions.repository.js';
import { SessionsService } from './sessions.service.js';

@Module({
  imports: [
    TypeOrmModule.forFeature([RefreshTokenEntity]),
    JwtModule.registerAsync({
      inject: [APP_CONFIG],
      useFactory: (config: AppConfig) => ({
        secret: loadJwtSecret(config),
        signOptions: { algorithm: 'HS256' },
      }),
    }),
  ],
  providers: [
    SessionsService,
    SessionsRepository,
    { provide: JWT_SECRET, inject: [APP_CONFIG], useFactory: (config: AppConfig) => loadJwtSecret(config) },
  ],
  exports: [SessionsService, JWT_SECRET],
})
export class SessionsModule {}
