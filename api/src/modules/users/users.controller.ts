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
import { PagedGet } from '../../common/http/paged-get.js';
import { imageUpload } from '../../common/media/image-upload.js';
import type { UploadedImage } from '../../common/media/media.service.js';
import { UsersService } from './users.service.js';
import { VerificationService } from './verification.service.js';
import { PasswordResetService } from './password-reset.service.js';
import { PresenceService } from '../../common/realtime/presence.service.js';
import { RequestBound } from '../../common/http/request-timeout.interceptor.js';
import { ApiTags } from '@nestjs/swagger';
import {
  ANYONE,
  COUNT,
  MESSAGE,
  OBJECT,
  PAGE,
  SIGNED_IN,
  USER_BRIEFS,
  message,
} from '../../common/openapi/answers.js';
import { RouteDoc } from '../../common/openapi/route-doc.js';

@ApiTags('users')
@Controller('users')
export class UsersController {
  constructor(
    private readonly users: UsersService,
    private readonly verification: VerificationService,
    private readonly passwordResets: PasswordResetService,
    private readonly presence: PresenceService,
  ) {}

  @RouteDoc({
    summary: 'Register an account',
    access: 'anyone (5 a minute per address)',
    caller: 'public',
    notes:
      'The account waits for its e-mail verification. Refusals also carry the text under `error_message`.',
    body: RegisterDto,
    ok: { status: 201, description: 'Registered: a verification link is mailed', schema: MESSAGE },
    refusals: { 409: 'The address is taken', 429: 'Too many registrations from the address' },
  })
  @Public()
  @Post('register')
  @RateLimit('register', { errorKey: 'error_message' })
  @UseInterceptors(new LegacyErrorKey('error_message'))
  register(@Body() dto: RegisterDto) {
    return this.users.register(dto);
  }

  @RouteDoc({
    summary: 'Verify an e-mail address with its link',
    ...ANYONE,
    notes:
      'Only the newest link of an account works, once, for 24 hours. Refusals also carry `error_message`.',
    body: EmailVerificationDto,
    ok: {
      status: 201,
      description: 'Verified',
      schema: { type: 'object', properties: { Message: { type: 'string' } } },
    },
    alsoOk: { 200: 'The account was active already' },
    refusals: {
      400: 'An invalid, used, replaced or expired link',
      409: 'Another account took the address in the meantime',
    },
  })
  @Public()
  @Post('email_verification')
  @UseInterceptors(new LegacyErrorKey('error_message'))
  async verifyEmail(@Body() dto: EmailVerificationDto, @Res({ passthrough: true }) res: Response) {
    const { status, Message } = await this.verification.verify(dto.token);
    res.status(status);
    return { Message };
  }

  @RouteDoc({
    summary: 'Send the verification link again',
    access: 'anyone (3 a minute per address, 3 an hour per account)',
    caller: 'public',
    notes: 'The same answer whether or not the address has an account.',
    body: ResendVerificationDto,
    ok: { status: 202, description: 'Accepted', schema: MESSAGE },
    refusals: { 429: 'Too many resends' },
  })
  @Public()
  @Post('resend_verification')
  @HttpCode(202)
  @RateLimit('resend', { perAccount: 'resendAccount' })
  resendVerification(@Body() dto: ResendVerificationDto) {
    return this.users.resendVerification(dto);
  }

  @RouteDoc({
    summary: 'Ask for a password reset link',
    access: 'anyone (3 a minute per address, 3 an hour per e-mail)',
    caller: 'public',
    notes: 'The same answer whether or not the address has an account; the link is single use, valid 1 hour.',
    body: PasswordResetDto,
    ok: { status: 202, description: 'Accepted', schema: MESSAGE },
    refusals: { 429: 'Too many requests' },
  })
  @Public()
  @Post('password_reset')
  @HttpCode(202)
  @RateLimit('passwordReset', { perAccount: 'passwordResetAccount' })
  requestPasswordReset(@Body() dto: PasswordResetDto) {
    return this.passwordResets.request(dto);
  }

  @RouteDoc({
    summary: 'Set a new password with a reset link',
    access: 'anyone holding a reset link (10 a minute per address)',
    caller: 'public',
    notes: 'Every session of the account ends; an unverified account is verified.',
    body: PasswordResetConfirmDto,
    ok: message('The password is set'),
    refusals: {
      400: 'A used, replaced, expired or unknown link, or a password breaking the rules',
      429: 'Too many attempts',
    },
  })
  @Public()
  @Post('password_reset/confirm')
  @HttpCode(200)
  @RateLimit('passwordResetConfirm')
  confirmPasswordReset(@Body() dto: PasswordResetConfirmDto) {
    return this.passwordResets.confirm(dto);
  }

  @RouteDoc({
    summary: 'The caller with their profile',
    ...SIGNED_IN,
    ok: { status: 200, description: 'The caller, with `profile` (body stats)', schema: OBJECT },
  })
  @Get('me')
  me(@Auth() auth: AuthContext) {
    return this.users.me(auth);
  }

  @RouteDoc({
    summary: "Update the caller's names, body stats and picture",
    access: 'a signed-in user, their own record only',
    caller: 'signed-in',
    notes: 'A new e-mail takes effect once verified (5 new addresses an hour per account).',
    form: { dto: UpdateUserDto, file: 'profile_picture' },
    ok: { status: 200, description: 'The updated account', schema: OBJECT },
    refusals: {
      400: 'A field breaking its rules, or a file that is no image',
      409: 'The new address is taken',
      413: 'A picture over 5 MB',
      429: 'Too many new addresses this hour',
    },
  })
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

  @RouteDoc({
    summary: 'An account as the caller may see it',
    access: 'a signed-in user, for their contacts only',
    caller: 'signed-in',
    notes:
      'The account itself and superusers see all; its trainer also e-mail and body stats; its subscribers name ' +
      'and picture.',
    ok: { status: 200, description: 'The account', schema: OBJECT },
    refusals: { 404: 'Unknown, or not a contact of the caller' },
  })
  @Get('getUserById/:id')
  getUserById(@Auth() auth: AuthContext, @Param('id', IdPipe) id: number) {
    return this.users.getById(auth, id);
  }

  @RouteDoc({
    summary: 'How many accounts there are',
    access: 'a superuser',
    caller: 'signed-in',
    ok: { status: 200, description: 'The number of accounts but superusers', schema: COUNT, example: [42] },
    role: 'superuser',
  })
  @Get('getUserCount')
  @Roles('superuser')
  getUserCount() {
    return this.users.countUsers();
  }

  /** Members with at least one chat socket open (docs/architecture.md §8). */
  @RouteDoc({
    summary: 'Members online',
    access: 'a superuser',
    caller: 'signed-in',
    ok: { status: 200, description: 'Members with a chat socket open', schema: USER_BRIEFS },
    role: 'superuser',
  })
  @Get('getLoggedInUsers')
  @Roles('superuser')
  async getLoggedInUsers() {
    return this.users.briefsOf(await this.presence.all(), false);
  }

  @PagedGet('getAllUsers', {
    summary: 'Every member, paged',
    access: 'a superuser',
    caller: 'signed-in',
    query: AccountsQueryDto,
    ok: { status: 200, description: 'One page of accounts', schema: PAGE },
    role: 'superuser',
    refusals: { 400: 'A malformed page, page_size, search or sort' },
  })
  getAllUsers(@Query() query: AccountsQueryDto) {
    return this.users.listUsers(query);
  }

  @RouteDoc({
    summary: 'Block or unblock an account',
    access: 'a superuser, with a Bearer token',
    caller: 'bearer',
    notes: 'Blocking ends every session of the account; recorded in the audit log.',
    ok: message('The account blocked or unblocked'),
    role: 'superuser',
    refusals: {
      404: 'Unknown account',
      409: 'Blocking oneself or another superuser',
    },
  })
  @Get('changeUserAccess/:id')
  @ChangesStateOnGet()
  @Roles('superuser')
  changeUserAccess(@Auth() auth: AuthContext, @Param('id', IdPipe) id: number) {
    return this.users.changeAccess(auth, id);
  }
}
