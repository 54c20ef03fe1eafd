import { Module } from '@nestjs/common';
import { TypeOrmModule } from '@nestjs/typeorm';
import { AccessModule } from '../access/access.module.js';
import { AuditModule } from '../audit/audit.module.js';
import { PasswordModule } from '../auth/password.module.js';
import { SessionsModule } from '../auth/sessions.module.js';
import { SuperusersService } from './superusers.service.js';
import { EmailVerificationEntity } from './email-verification.entity.js';
import { PasswordResetEntity } from './password-reset.entity.js';
import { PasswordResetService } from './password-reset.service.js';
import { ProfileEntity } from './profile.entity.js';
import { UserEntity } from './user.entity.js';
import { UsersController } from './users.controller.js';
import { UsersRepository } from './users.repository.js';
import { UsersService } from './users.service.js';
import { VerificationService } from './verification.service.js';

@Module({
  imports: [
    TypeOrmModule.forFeature([UserEntity, ProfileEntity, EmailVerificationEntity, PasswordResetEntity]),
    PasswordModule,
    SessionsModule,
    AuditModule,
    AccessModule,
  ],
  controllers: [UsersController],
  providers: [UsersService, SuperusersService, UsersRepository, VerificationService, PasswordResetService],
  exports: [UsersService, SuperusersService],
})
export class UsersModule {}
