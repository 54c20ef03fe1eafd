import { Module } from '@nestjs/common';
import { APP_GUARD } from '@nestjs/core';
import { PassportModule } from '@nestjs/passport';
import { UsersModule } from '../users/users.module.js';
import { AccountSecurityController } from './account-security.controller.js';
import { AccountSecurityService } from './account-security.service.js';
import { AuthController } from './auth.controller.js';
import { AuthService } from './auth.service.js';
import { JwtAuthGuard } from './jwt-auth.guard.js';
import { JwtStrategy } from './jwt.strategy.js';
import { PasswordModule } from './password.module.js';
import { RolesGuard } from './roles.guard.js';
import { SessionCache } from './session-cache.js';
import { SessionsModule } from './sessions.module.js';

@Module({
  imports: [PassportModule, SessionsModule, PasswordModule, UsersModule],
  controllers: [AuthController, AccountSecurityController],
  providers: [
    AuthService,
    AccountSecurityService,
    SessionCache,
    JwtStrategy,
    { provide: APP_GUARD, useClass: JwtAuthGuard },
    { provide: APP_GUARD, useClass: RolesGuard },
  ],
  exports: [AuthService],
})
export class AuthModule {}
