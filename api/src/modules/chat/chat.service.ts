import {
  BadRequestException,
  ForbiddenException,
  Injectable,
  Logger,
  NotFoundException,
  type OnModuleDestroy,
} from '@nestjs/common';
import {
  CHAT_HISTORY_PAGE_SIZE,
  CHAT_MESSAGES,
  CHAT_SERVER_EVENTS,
  type ChatContact,
  type ChatConversationDto,
  type ChatMessage,
  type DeleteChatMessageDto,
  type ForwardChatMessageDto,
  fullName,
  type NotificationResponse,
  readChatId,
  type SendChatMessageDto,
  type UnreadCounts,
} from '@fitcoach/contracts';
import { EventEmitter2 } from '@nestjs/event-emitter';
import { type ChatMessageUnseenEvent, DOMAIN_EVENTS } from '../../common/events/domain-events.js';
import { MediaService } from '../../common/media/media.service.js';
import { RateLimits, RetryLater } from '../../common/rate-limit/rate-limit.js';
import { Permission } from '../access/access.rules.js';
import { AccessService } from '../access/access.service.js';
import type { UserEntity } from '../users/user.entity.js';
import type { ChatRateLimit } from './chat.constants.js';
import { toChatMessage, toNotificationResponse } from './chat.mapper.js';
import { ChatMessageEntity } from './chat-message.entity.js';
import { ChatRepository, type NewChatMessage } from './chat.repository.js';
import { NotificationsRepository } from './notifications.repository.js';
import { NotificationsService } from './notifications.service.js';
import { PresenceService } from '../../common/realtime/presence.service.js';
import { RealtimeService } from '../../common/realtime/realtime.service.js';

/** A notification shows the start of a text message. */
const NOTIFICATION_PREVIEW_LENGTH = 200;

/** How long a user's unread counts wait for further changes before they are sent. */
const UNREAD_COALESCE_MS = 150;

const ROOM = /^chat_([1-9]\d{0,9})_([1-9]\d{0,9})$/;

const BUDGET_REFUSALS: Record<ChatRateLimit, string> = {
  chatSend: CHAT_MESSAGES.tooFast,
  chatTyping: CHAT_MESSAGES.typingTooFast,
  chatImageBytes: CHAT_MESSAGES.tooManyImages,
};

export interface ForwardResult {
  messages: ChatMessage[];
  refused: { to: unknown; error: string }[];
}

/**
 * Chat between contacts (docs/architecture.md §8): who may write to whom, storing messages, and telling both
 * sides' sockets. Refusals are HTTP exceptions; the gateway turns them into `{ok: false, error}`.
 */
@Injectable()
export class ChatService implements OnModuleDestroy {
  private readonly logger = new Logger(ChatService.name);
  private readonly pendingUnread = new Map<number, NodeJS.Timeout>();

  constructor(
    private readonly messages: ChatRepository,
    private readonly notifications: NotificationsRepository,
    private readonly notifier: NotificationsService,
    private readonly media: MediaService,
    private readonly presence: PresenceService,
    private readonly realtime: RealtimeService,
    private readonly limits: RateLimits,
    private readonly access: AccessService,
    private readonly events: EventEmitter2,
  ) {}

  /**
   * `message:send` and the REST send: a text or an image to a contact. A well-formed send spends the account's send
   * budget before anything is looked up, whether it is then refused or not; an image spends its bytes too.
   */
  async send(user: UserEntity, { to, text, image }: SendChatMessageDto): Promise<ChatMessage> {
    this.refuseSelf(user, to);
    await this.spend(user, 'chatSend');
    await this.requireContact(user, to);
    if (image) {
      await this.spend(user, 'chatImageBytes', image.length);
      return this.deliver(user, {
        senderId: user.id,
        recipientId: to,
        type: 'image',
        text: null,
        image: await this.media.storeImage('chat', { buffer: image }, 'image'),
        forwarded: false,
      });
    }
    return this.deliver(user, {
      senderId: user.id,
      recipientId: to,
      type: 'text',
      text: text ?? null,
      image: null,
      forwarded: false,
    });
  }

  /**
   * A trainer's comment on a member's workout log: an ordinary text message linked to the log, delivered, counted
   * and pushed like any other. Who may comment is the record module's rule, checked before.
   */
  async comment(
    user: UserEntity,
    to: number,
    text: string,
    workoutLogId: number,
  ): Promise<ChatMessageEntity> {
    this.refuseSelf(user, to);
    await this.spend(user, 'chatSend');
    const view = await this.deliver(user, {
      senderId: user.id,
      recipientId: to,
      type: 'text',
      text,
      image: null,
      forwarded: false,
      workoutLogId,
    });
    return Object.assign(new ChatMessageEntity(), {
      id: view.id,
      text,
      sender: user,
      createdAt: new Date(view.timestamp),
    });
  }

  /**
   * `message:forward`: a copy of a message the user can see, to each contact named; the others are refused. Each copy
   * spends one send of the budget (the first when the forward arrives); copies past it are refused like a recipient.
   */
  async forward(
    user: UserEntity,
    { messageId, to: recipients }: ForwardChatMessageDto,
  ): Promise<ForwardResult> {
    await this.spend(user, 'chatSend');
    const original = await this.visibleMessage(user, messageId);
    if (original.deletedAt !== null) throw new BadRequestException(CHAT_MESSAGES.deletedMessage);
    const result: ForwardResult = { messages: [], refused: [] };
    for (const to of recipients) {
      try {
        const recipientId = this.recipient(user, to);
        await this.requireContact(user, recipientId);
        if (result.messages.length > 0) await this.spend(user, 'chatSend');
        result.messages.push(
          await this.deliver(user, {
            senderId: user.id,
            recipientId,
            type: original.type,
            text: original.text,
            image: original.image,
            forwarded: true,
          }),
        );
      } catch (error) {
        const refused =
          error instanceof BadRequestException ||
          error instanceof ForbiddenException ||
          error instanceof RetryLater;
        if (!refused) throw error;
        result.refused.push({ to, error: error.message });
      }
    }
    return result;
  }

  /** `message:delete`: the sender removes a message's content; both sides see it deleted. */
  async remove(user: UserEntity, { messageId }: DeleteChatMessageDto): Promise<void> {
    const message = await this.visibleMessage(user, messageId);
    await this.access.requireAccess({ user }, Permission.MessageDelete, message);
    if (!(await this.messages.markDeleted(message.id, new Date()))) return;
    const image = message.image;
    const deleted = await this.messages.findWithSender(message.id);
    if (!deleted) return;
    if (image && !(await this.messages.imageInUse(image))) await this.media.remove(image);
    this.realtime.toUsers(
      [message.senderId, message.recipientId],
      CHAT_SERVER_EVENTS.deleted,
      toChatMessage(deleted),
    );
    if (message.readAt === null) this.publishUnread(message.recipientId);
  }

  /** `conversation:read`: what the other user sent is read, on every tab of the reader. */
  async read(user: UserEntity, { with: other }: ChatConversationDto): Promise<void> {
    await this.notifications.markMessagesFromRead(user.id, other);
    if ((await this.messages.markRead(user.id, other, new Date())) > 0) this.publishUnread(user.id);
  }

  /** A page of a conversation's history, newest last; `room` is `chat_{low}_{high}` or the other user's id. */
  async history(user: UserEntity, room: string, before: unknown): Promise<ChatMessage[]> {
    const other = this.otherOf(user, room);
    const cursor = before === undefined ? null : readChatId(before);
    if (cursor === null && before !== undefined)
      throw new BadRequestException('"before" must be a message id');
    await this.access.requireAccess({ user }, Permission.ChatWith, other);
    const page = await this.messages.history(user.id, other, cursor, CHAT_HISTORY_PAGE_SIZE);
    return page.map(toChatMessage);
  }

  async unread(userId: number): Promise<UnreadCounts> {
    const counts = await this.messages.unreadCounts(userId);
    let total = 0;
    const byUser: Record<string, number> = {};
    for (const [sender, count] of counts) {
      byUser[String(sender)] = count;
      total += count;
    }
    return { counts: byUser, total };
  }

  contacts(userId: number): Promise<number[]> {
    return this.messages.contactIds(userId);
  }

  /** The contacts sidebar: each contact with presence, unread count and the conversation's latest message. */
  async contactList(userId: number): Promise<ChatContact[]> {
    const ids = await this.messages.contactIds(userId);
    if (ids.length === 0) return [];
    const [accounts, trainers, online, unread, latest] = await Promise.all([
      this.messages.accounts(ids),
      this.messages.trainerIdsOf(userId),
      this.presence.onlineAmong(ids),
      this.messages.unreadCounts(userId),
      this.messages.latestPerConversation(userId),
    ]);
    const onlineIds = new Set(online);
    const latestWith = new Map(
      latest.map((message) => [
        message.senderId === userId ? message.recipientId : message.senderId,
        message,
      ]),
    );
    const contacts = accounts.map((account): ChatContact => {
      const last = latestWith.get(account.id);
      return {
        id: account.id,
        name: fullName(account.firstName, account.lastName),
        profile_picture: account.profilePicture,
        is_trainer: trainers.has(account.id),
        online: onlineIds.has(account.id),
        unread: unread.get(account.id) ?? 0,
        last_message: last ? toChatMessage(last) : null,
      };
    });
    // Latest conversation first; contacts never written to after them, by name.
    return contacts.sort(
      (a, b) =>
        (b.last_message?.id ?? 0) - (a.last_message?.id ?? 0) || a.name.localeCompare(b.name) || a.id - b.id,
    );
  }

  /** `conversation:typing`: tells the contact, and nobody else, that the user is typing to them. */
  async typing(user: UserEntity, { with: to }: ChatConversationDto): Promise<void> {
    this.refuseSelf(user, to);
    await this.spend(user, 'chatTyping');
    await this.requireContact(user, to);
    this.realtime.toUsers([to], CHAT_SERVER_EVENTS.typing, { userId: user.id });
  }

  async onlineContacts(userId: number): Promise<number[]> {
    return this.presence.onlineAmong(await this.messages.contactIds(userId));
  }

  async takeNotifications(userId: number): Promise<NotificationResponse[]> {
    return (await this.notifications.takeUnread(userId)).map(toNotificationResponse);
  }

  /** Someone other than the user; whether they are a contact is `requireContact`'s. */
  private refuseSelf(user: UserEntity, to: number): void {
    if (to === user.id) throw new BadRequestException(CHAT_MESSAGES.toSelf);
  }

  /** One entry of a forward's list, checked on its own so that a bad one refuses that copy only. */
  private recipient(user: UserEntity, to: unknown): number {
    const id = readChatId(to);
    if (id === null) throw new BadRequestException(CHAT_MESSAGES.badRecipient);
    this.refuseSelf(user, id);
    return id;
  }

  private requireContact(user: UserEntity, other: number): Promise<void> {
    return this.access.requireAccess({ user }, Permission.ChatWith, other);
  }

  /** Spends the account's budget (CHAT_RATE_LIMITS), shared by REST and every socket of the account. */
  private spend(user: UserEntity, rule: ChatRateLimit, points = 1): Promise<void> {
    return this.limits.spend(rule, String(user.id), points, BUDGET_REFUSALS[rule]);
  }

  /** A message the user sent or received; anything else is not found, whether it exists or not. */
  private async visibleMessage(user: UserEntity, id: number): Promise<ChatMessageEntity> {
    const message = await this.messages.findWithSender(id);
    if (!message) throw new NotFoundException(CHAT_MESSAGES.messageNotFound);
    await this.access.requireAccess({ user }, Permission.MessageRead, message);
    return message;
  }

  private otherOf(user: UserEntity, room: string): number {
    const match = ROOM.exec(room);
    const other = match ? this.partner(user.id, Number(match[1]), Number(match[2])) : readChatId(room);
    if (other === null || other === user.id) throw new NotFoundException('Conversation not found');
    return other;
  }

  /** The other member of a `chat_{low}_{high}` room the user is in, or null. */
  private partner(userId: number, low: number, high: number): number | null {
    if (low >= high) return null;
    if (low === userId) return high;
    return high === userId ? low : null;
  }

  /** Stores a message, then tells both users' sockets and notifies the recipient. */
  private async deliver(user: UserEntity, message: NewChatMessage): Promise<ChatMessage> {
    const saved = await this.messages.insert(message);
    saved.sender = user;
    const view = toChatMessage(saved);
    this.realtime.toUsers([message.senderId, message.recipientId], CHAT_SERVER_EVENTS.newMessage, view);
    const senderName = fullName(user.firstName, user.lastName);
    const preview = message.text?.slice(0, NOTIFICATION_PREVIEW_LENGTH) ?? CHAT_MESSAGES.imageNotification;
    const live = await this.notifier.notify(message.recipientId, {
      category: 'message',
      senderId: user.id,
      senderName,
      message: preview,
      payload: { message_id: saved.id },
    });
    if (!live) {
      this.events.emit(DOMAIN_EVENTS.chatMessageUnseen, {
        recipientId: message.recipientId,
        senderName,
        preview,
      } satisfies ChatMessageUnseenEvent);
    }
    this.publishUnread(message.recipientId);
    return view;
  }

  /**
   * Sends the user's unread counts once changes pause: a burst of messages to one user costs one count query, not
   * one per message (docs/performance.md, Chat).
   */
  private publishUnread(userId: number): void {
    if (this.pendingUnread.has(userId)) return;
    const timer = setTimeout(() => {
      this.pendingUnread.delete(userId);
      this.unread(userId).then(
        (counts) => this.realtime.toUsers([userId], CHAT_SERVER_EVENTS.unread, counts),
        (error: unknown) => this.logger.error({ err: error }, `Unread counts of user ${userId} not sent`),
      );
    }, UNREAD_COALESCE_MS);
    this.pendingUnread.set(userId, timer);
  }

  onModuleDestroy(): void {
    for (const timer of this.pendingUnread.values()) clearTimeout(timer);
    this.pendingUnread.clear();
  }
}
