import {
  Body,
  Controller,
  Get,
  HttpCode,
  Param,
  Post,
  Put,
  Query,
  Res,
  UploadedFile,
  UseInterceptors,
} from '@nestjs/common';
import {
  EmailVerificationDto,
  AccountsQueryDto,
  PasswordResetConfirmDto,
  PasswordResetDto,
  RegisterDto,
  ResendVerificationDto,
  UpdateUserDto,
} from '@fitcoach/contracts';
import type { Response } from 'express';
import {
  Auth,
  type AuthContext,
  ChangesStateOnGet,
  Public,
  Roles,
} from '../../common/auth/auth.decorators.js';
import { RateLimit } from '../../common/rate-limit/rate-limit.js';
import { LegacyErrorKey } from '../../common/errors/legacy-error-key.interceptor.js';
import { IdPipe } from '../../common/http/id.pipe.js';
import { PaginatedResponse } from '../../common/http/pagination.interceptor.js';
import { imageUpload } from '../../common/media/image-upload.js';
import type { UploadedImage } from '../../common/media/media.service.js';
import { UsersService } from './users.service.js';
import { VerificationService } from './verification.service.js';
import { PasswordResetService } from './password-reset.service.js';
import { PresenceService } from '../../common/realtime/presence.service.js';
import { RequestBound } from '../../common/http/request-timeout.interceptor.js';

@Controller('users')
export class UsersController {
  constructor(
    private readonly users: UsersService,
    private readonly verification: VerificationService,
    private readonly passwordResets: PasswordResetService,
    private readonly presence: PresenceService,
  ) {}

  @Public()
  @Post('register')
  @RateLimit('register', { errorKey: 'error_message' })
  @UseInterceptors(new LegacyErrorKey('error_message'))
  register(@Body() dto: RegisterDto) {
    return this.users.register(dto);
  }

  @Public()
  @Post('email_verification')
  @UseInterceptors(new LegacyErrorKey('error_message'))
  async verifyEmail(@Body() dto: EmailVerificationDto, @Res({ passthrough: true }) res: Response) {
    const { status, Message } = await this.verification.verify(dto.token);
    res.status(status);
    return { Message };
  }

  @Public()
  @Post('resend_verification')
  @HttpCode(202)
  @RateLimit('resend', { perAccount: 'resendAccount' })
  resendVerification(@Body() dto: ResendVerificationDto) {
    return this.users.resendVerification(dto);
  }

  @Public()
  @Post('password_reset')
  @HttpCode(202)
  @RateLimit('passwordReset', { perAccount: 'passwordResetAccount' })
  requestPasswordReset(@Body() dto: PasswordResetDto) {
    return this.passwordResets.request(dto);
  }

  @Public()
  @Post('password_reset/confirm')
  @HttpCode(200)
  @RateLimit('passwordResetConfirm')
  confirmPasswordReset(@Body() dto: PasswordResetConfirmDto) {
    return this.passwordResets.confirm(dto);
  }

  @Get('me')
  me(@Auth() auth: AuthContext) {
    return this.users.me(auth);
  }

  @Put('updateUser')
  @RequestBound('upload')
  @UseInterceptors(imageUpload('profile_picture'))
  updateUser(
    @Auth() auth: AuthContext,
    @Body() dto: UpdateUserDto,
    @UploadedFile() picture: UploadedImage | undefined,
  ) {
    return this.users.update(auth, dto, picture);
  }

  @Get('getUserById/:id')
  getUserById(@Auth() auth: AuthContext, @Param('id', IdPipe) id: number) {
    return this.users.getById(auth, id);
  }

  @Get('getUserCount')
  @Roles('superuser')
  getUserCount() {
    return this.users.countUsers();
  }

  /** Members with at least one chat socket open (docs/architecture.md §8). */
  @Get('getLoggedInUsers')
  @Roles('superuser')
  async getLoggedInUsers() {
    return this.users.briefsOf(await this.presence.all(), false);
  }

  @Get('getAllUsers')
  @Roles('superuser')
  @UseInterceptors(PaginatedResponse)
  getAllUsers(@Query() query: AccountsQueryDto) {
    return this.users.listUsers(query);
  }

  @Get('changeUserAccess/:id')
  @ChangesStateOnGet()
  @Roles('superuser')
  changeUserAccess(@Auth() auth: AuthContext, @Param('id', IdPipe) id: number) {
    return this.users.changeAccess(auth, id);
  }
}
