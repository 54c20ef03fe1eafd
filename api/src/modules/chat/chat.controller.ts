import { Body, Controller, Get, HttpCode, Param, Post, Query } from '@nestjs/common';
import type {
  ChatContact,
  ChatMessage,
  NotificationResponse,
  OnlineUsersResponse,
} from '@fitcoach/contracts';
import { Auth, type AuthContext, ChangesStateOnGet } from '../../common/auth/auth.decorators.js';
import { ChatService } from './chat.service.js';

/** The REST side of chat (`/api/chat`): presence, history, notifications, and a send for clients without sockets. */
@Controller('chat')
export class ChatController {
  constructor(private readonly chat: ChatService) {}

  @Get('getOnlineUserIDs')
  async getOnlineUserIds(@Auth() auth: AuthContext): Promise<OnlineUsersResponse> {
    return { online_user_ids: await this.chat.onlineContacts(auth.user.id) };
  }

  /** The contacts sidebar of the site's chat page: contacts with presence, unread counts and latest message. */
  @Get('getContacts')
  getContacts(@Auth() auth: AuthContext): Promise<ChatContact[]> {
    return this.chat.contactList(auth.user.id);
  }

  @Get('getMessages/:room')
  getMessages(
    @Auth() auth: AuthContext,
    @Param('room') room: string,
    @Query('before') before: unknown,
  ): Promise<ChatMessage[]> {
    return this.chat.history(auth.user, room, before);
  }

  /** Marks what it returns as read: a GET that changes state, so Bearer only (ADR 011). */
  @Get('getNotifications')
  @ChangesStateOnGet()
  getNotifications(@Auth() auth: AuthContext): Promise<NotificationResponse[]> {
    return this.chat.takeNotifications(auth.user.id);
  }

  /** `{with}`: what that user sent is read (the socket's `conversation:read`, for pages without sockets). */
  @Post('readConversation')
  @HttpCode(200)
  async readConversation(@Auth() auth: AuthContext, @Body() body: unknown): Promise<{ message: string }> {
    await this.chat.read(auth.user, body);
    return { message: 'Conversation read' };
  }

  /** `{to, text}` (or `image` as a data URL): the socket's `message:send` for forms and API clients. */
  @Post('sendMessage')
  @HttpCode(201)
  sendMessage(@Auth() auth: AuthContext, @Body() body: unknown): Promise<ChatMessage> {
    return this.chat.send(auth.user, body);
  }
}
