import { Body, Controller, Get, HttpCode, Param, Post, Query } from '@nestjs/common';
import {
  type ChatContact,
  ChatConversationDto,
  type ChatMessage,
  type NotificationResponse,
  type OnlineUsersResponse,
  SendChatMessageDto,
} from '@fitcoach/contracts';
import { Auth, type AuthContext, ChangesStateOnGet } from '../../common/auth/auth.decorators.js';
import { chatPayload } from './chat.payloads.js';
import { ChatService } from './chat.service.js';
import { ApiTags } from '@nestjs/swagger';
import { LIST, MESSAGE, OBJECT } from '../../common/openapi/answers.js';
import { RouteDoc } from '../../common/openapi/route-doc.js';

/** The REST side of chat (`/api/chat`): presence, history, notifications, and a send for clients without sockets. */
@ApiTags('chat')
@Controller('chat')
export class ChatController {
  constructor(private readonly chat: ChatService) {}

  @RouteDoc({
    summary: "The caller's contacts online",
    access: 'a signed-in user',
    caller: 'signed-in',
    ok: {
      status: 200,
      description: 'Contacts with a socket open on any instance',
      schema: {
        type: 'object',
        properties: { online_user_ids: { type: 'array', items: { type: 'integer' } } },
      },
    },
  })
  @Get('getOnlineUserIDs')
  async getOnlineUserIds(@Auth() auth: AuthContext): Promise<OnlineUsersResponse> {
    return { online_user_ids: await this.chat.onlineContacts(auth.user.id) };
  }

  /** The contacts sidebar of the site's chat page: contacts with presence, unread counts and latest message. */
  @RouteDoc({
    summary: "The caller's contacts with presence and unread counts",
    access: 'a signed-in user',
    caller: 'signed-in',
    ok: { status: 200, description: 'Latest conversation first', schema: LIST },
  })
  @Get('getContacts')
  getContacts(@Auth() auth: AuthContext): Promise<ChatContact[]> {
    return this.chat.contactList(auth.user.id);
  }

  @RouteDoc({
    summary: 'A conversation, 50 messages a page',
    access: 'a signed-in user, in their own conversations with a contact',
    caller: 'signed-in',
    notes: "`room` is `chat_{low}_{high}` or the other user's id.",
    queryParams: [
      { name: 'before', description: 'A message id: the page before it', schema: { type: 'integer' } },
    ],
    ok: { status: 200, description: 'Messages, newest last', schema: LIST },
    refusals: {
      400: 'A malformed `before`',
      403: 'Not contacts, a blocked account, or the session cookie from another site',
      404: 'A room the caller is not in',
    },
  })
  @Get('getMessages/:room')
  getMessages(
    @Auth() auth: AuthContext,
    @Param('room') room: string,
    @Query('before') before: unknown,
  ): Promise<ChatMessage[]> {
    return this.chat.history(auth.user, room, before);
  }

  /** Marks what it returns as read: a GET that changes state, so Bearer only (ADR 011). */
  @RouteDoc({
    summary: 'Take the unread notifications',
    access: 'a signed-in user, with a Bearer token',
    caller: 'bearer',
    notes: 'They are marked read as they are returned.',
    ok: { status: 200, description: 'The unread notifications', schema: LIST },
  })
  @Get('getNotifications')
  @ChangesStateOnGet()
  getNotifications(@Auth() auth: AuthContext): Promise<NotificationResponse[]> {
    return this.chat.takeNotifications(auth.user.id);
  }

  /** `{with}`: what that user sent is read (the socket's `conversation:read`, for pages without sockets). */
  @RouteDoc({
    summary: 'Mark what a contact sent as read',
    access: 'a signed-in user',
    caller: 'signed-in',
    bodySchema: { type: 'object', required: ['with'], properties: { with: { type: 'integer' } } },
    ok: { status: 200, description: 'Read', schema: MESSAGE },
  })
  @Post('readConversation')
  @HttpCode(200)
  async readConversation(@Auth() auth: AuthContext, @Body() body: unknown): Promise<{ message: string }> {
    await this.chat.read(auth.user, await chatPayload(ChatConversationDto, body));
    return { message: 'Conversation read' };
  }

  /** `{to, text}` (or `image` as a data URL): the socket's `message:send` for forms and API clients. */
  @RouteDoc({
    summary: 'Send a chat message',
    access: 'a signed-in user, to a contact',
    caller: 'signed-in',
    notes: 'Also delivered live on the socket; the send for clients without one.',
    bodySchema: {
      type: 'object',
      required: ['to'],
      properties: {
        to: { type: 'integer' },
        text: { type: 'string', minLength: 1, maxLength: 4000 },
        image: { type: 'string', description: 'A `data:image/...;base64,` URL' },
      },
    },
    ok: { status: 201, description: 'The message', schema: OBJECT },
    refusals: { 403: 'Not a contact, a blocked account, or the session cookie from another site' },
  })
  @Post('sendMessage')
  @HttpCode(201)
  async sendMessage(@Auth() auth: AuthContext, @Body() body: unknown): Promise<ChatMessage> {
    return this.chat.send(auth.user, await chatPayload(SendChatMessageDto, body));
  }
}
