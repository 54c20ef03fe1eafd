import { Body, Controller, Get, HttpCode, Post, Put } from '@nestjs/common';
import { ApiTags } from '@nestjs/swagger';
import { UnsubscribeRemindersDto, UpdateNotificationSettingsDto } from '@fitcoach/contracts';
import { Auth, type AuthContext, Public } from '../../common/auth/auth.decorators.js';
import { ANYONE, message, SIGNED_IN, type SchemaObject } from '../../common/openapi/answers.js';
import { RouteDoc } from '../../common/openapi/route-doc.js';
import { NotificationSettingsService } from './notification-settings.service.js';

const SETTINGS: SchemaObject = {
  type: 'object',
  required: ['reminder_emails', 'push_reminders', 'push_chat'],
  properties: {
    reminder_emails: { type: 'boolean' },
    push_reminders: { type: 'boolean' },
    push_chat: { type: 'boolean' },
  },
  additionalProperties: false,
};

@ApiTags('users')
@Controller('users/notification_settings')
export class NotificationSettingsController {
  constructor(private readonly settings: NotificationSettingsService) {}

  @RouteDoc({
    summary: "The caller's notification settings",
    ...SIGNED_IN,
    notes: 'Every switch is on until the account changes it.',
    ok: { status: 200, description: 'The settings', schema: SETTINGS },
  })
  @Get()
  get(@Auth() auth: AuthContext) {
    return this.settings.settingsOf(auth.user.id);
  }

  @RouteDoc({
    summary: "Change the caller's notification settings",
    ...SIGNED_IN,
    notes: 'Switches not sent keep their value.',
    body: UpdateNotificationSettingsDto,
    ok: { status: 200, description: 'The settings after the change', schema: SETTINGS },
    refusals: { 400: 'A switch that is not true or false, or an unknown field' },
  })
  @Put()
  update(@Auth() auth: AuthContext, @Body() dto: UpdateNotificationSettingsDto) {
    return this.settings.update(auth.user.id, dto);
  }

  @RouteDoc({
    summary: "Turn off reminder e-mails with a reminder mail's link",
    ...ANYONE,
    notes: "The token of the mail's unsubscribe link is the credential; no sign-in.",
    body: UnsubscribeRemindersDto,
    ok: message('Unsubscribed'),
    refusals: { 400: 'A missing, malformed or forged token' },
  })
  @Public()
  @Post('unsubscribe')
  @HttpCode(200)
  unsubscribe(@Body() dto: UnsubscribeRemindersDto) {
    return this.settings.unsubscribe(dto.token);
  }
}
