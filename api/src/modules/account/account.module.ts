import { Module } from '@nestjs/common';
import { AuditModule } from '../audit/audit.module.js';
import { PasswordModule } from '../auth/password.module.js';
import { SessionsModule } from '../auth/sessions.module.js';
import { UsersRepository } from '../users/users.repository.js';
import { AccountDataRepository } from './account-data.repository.js';
import { AccountController } from './account.controller.js';
import { AccountService } from './account.service.js';

/** docs/product.md §2.9. */
@Module({
  imports: [PasswordModule, SessionsModule, AuditModule],
  controllers: [AccountController],
  providers: [AccountService, AccountDataRepository, UsersRepository],
})
export class AccountModule {}
