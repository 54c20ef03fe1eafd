import type { UserBriefResponse } from './dto/users.dto.js';
import { UPLOAD_MAX_BYTES } from './limits.js';

/*
 * Real-time chat, presence and notifications (docs/architecture.md §8): the socket.io events between the site (or
 * any API client) and the gateway, and the REST answers of /api/chat. A conversation is always between a member and
 * the trainer of a programme the member follows ("contacts"); the server derives it from the two user ids.
 */

/** The longest text message, in characters. */
export const CHAT_TEXT_MAX_LENGTH = 4000;

/** The largest image a message may carry, as bytes before base64 (the same limit as every other upload). */
export const CHAT_IMAGE_MAX_BYTES = UPLOAD_MAX_BYTES;

/** History pages: how many messages `getMessages` answers at most. */
export const CHAT_HISTORY_PAGE_SIZE = 50;

/**
 * Messages one account may send (a send, or each copy a forward makes) per window, over REST and all of its sockets
 * together, on every instance: a person typing fast stays far below it, a script does not.
 */
export const CHAT_SEND_BUDGET = { messages: 20, seconds: 10 } as const;

/** Typing notices per account and window: the site sends one every few seconds while a key is pressed. */
export const CHAT_TYPING_BUDGET = { notices: 10, seconds: 10 } as const;

/**
 * Image bytes one account may send in chat per window (each one is decoded and stored): four of the largest images,
 * or a few more phone photos, every ten minutes. Forwarding an image shares its file and costs nothing here.
 */
export const CHAT_IMAGE_BUDGET = { bytes: 20 * 1024 * 1024, seconds: 600 } as const;

/** Sockets one account may hold open at once, on all instances together; a new one closes the oldest past it. */
export const CHAT_SOCKETS_PER_ACCOUNT = 10;

/** Client → server events; each is acknowledged with `ChatAck`. */
export const CHAT_CLIENT_EVENTS = {
  send: 'message:send',
  forward: 'message:forward',
  delete: 'message:delete',
  read: 'conversation:read',
  /** `{with}`: the user is typing to `with`, who gets `typing {userId}`. */
  typing: 'conversation:typing',
} as const;

/** Server → client events. */
export const CHAT_SERVER_EVENTS = {
  newMessage: 'message:new',
  deleted: 'message:deleted',
  presence: 'presence',
  snapshot: 'presence:snapshot',
  notification: 'notification',
  unread: 'unread',
  typing: 'typing',
  /** To superusers' sockets: any member or trainer coming online or going offline (the admin dashboard). */
  adminPresence: 'presence:admin',
  /** Just before the server closes the sockets of a session that ended: the page signs out at once. */
  sessionEnded: 'session:ended',
} as const;

/** `session:ended`: the account was blocked, or this session signed out (logout, another device, a password change). */
export interface SessionEndedEvent {
  reason: 'blocked' | 'signed_out';
}

export type ChatMessageType = 'text' | 'image';

/** One message as every client sees it. A deleted message keeps its row; its text and image become null. */
export interface ChatMessage {
  id: number;
  /** The sender's user id. */
  sender: number;
  sender_name: string;
  /** The recipient's user id. */
  recipient: number;
  type: ChatMessageType;
  message: string | null;
  /** The image's URL path (`/media/chat/...`), for an image message. */
  image: string | null;
  /** ISO 8601. */
  timestamp: string;
  deleted: boolean;
  forwarded: boolean;
}

export type ChatAck<T extends object = object> = ({ ok: true } & T) | { ok: false; error: string };

export type ChatSendAck = ChatAck<{ message: ChatMessage }>;
export type ChatForwardAck = ChatAck<{ messages: ChatMessage[]; refused: { to: unknown; error: string }[] }>;

/** `presence`: a contact came online or went offline. */
export interface PresenceEvent {
  userId: number;
  online: boolean;
}

/** `presence:admin`: who came online or went offline, for the admin dashboard's Online tables. */
export interface AdminPresenceEvent {
  user: UserBriefResponse;
  trainer: boolean;
  online: boolean;
}

/** `presence:snapshot`, sent on connect: the user's contacts that are online. */
export interface PresenceSnapshot {
  online: number[];
}

/** `unread`: unread messages per sender (user id as a string key) and in total; sent on connect and on change. */
export interface UnreadCounts {
  counts: Record<string, number>;
  total: number;
}

export const NOTIFICATION_CATEGORIES = ['message', 'subscriber', 'program'] as const;
export type NotificationCategory = (typeof NOTIFICATION_CATEGORIES)[number];

/** `notification` over the socket, to a user who is online (stored notifications are for the others). */
export interface NotificationEvent {
  id: null;
  category: NotificationCategory;
  sender_id: number | null;
  sender: string;
  message: string;
  payload: Record<string, unknown> | null;
}

/** `GET /api/chat/getNotifications`: the unread ones, which the call marks read. */
export interface NotificationResponse {
  id: number;
  sender: string;
  sender_id: number | null;
  message: string;
  category: NotificationCategory;
  timestamp: string;
}

/** `typing`: a contact is typing to the user. */
export interface TypingEvent {
  userId: number;
}

/** `GET /api/chat/getContacts/`: everyone the user may chat with, for the contacts sidebar. */
export interface ChatContact {
  id: number;
  name: string;
  profile_picture: string | null;
  /** Whether the contact is the trainer of one of the user's programmes (else a subscriber of the user's). */
  is_trainer: boolean;
  online: boolean;
  unread: number;
  last_message: ChatMessage | null;
}

export interface OnlineUsersResponse {
  online_user_ids: number[];
}

/** The room name of docs/api.md (`chat_{lowId}_{highId}`) for two users. */
export function conversationRoom(a: number, b: number): string {
  return `chat_${Math.min(a, b)}_${Math.max(a, b)}`;
}

/** The texts of chat refusals and notifications. */
export const CHAT_MESSAGES = {
  notContact: 'You can only chat with your trainers and subscribers',
  toSelf: 'You cannot send a message to yourself',
  badRecipient: '"to" must be a user id',
  badText: `A message must be a text of 1 to ${CHAT_TEXT_MAX_LENGTH} characters, or an image`,
  textAndImage: 'Send either a text or an image, not both',
  badImage: 'The image must be a JPEG, PNG, WebP, GIF or AVIF picture of at most 5 MB',
  badMessageId: '"messageId" must be a message id',
  badForwardList: '"to" must be a list of user ids',
  messageNotFound: 'Message not found',
  notYourMessage: 'You can only delete your own messages',
  deletedMessage: 'A deleted message cannot be forwarded',
  unknownEvent: 'Unknown event',
  malformed: 'Malformed payload',
  tooFast: `Too many messages: at most ${CHAT_SEND_BUDGET.messages} every ${CHAT_SEND_BUDGET.seconds} seconds. Wait a moment and try again`,
  typingTooFast: `Too many typing notices: at most ${CHAT_TYPING_BUDGET.notices} every ${CHAT_TYPING_BUDGET.seconds} seconds`,
  tooManyImages: `Too many images: at most ${CHAT_IMAGE_BUDGET.bytes / (1024 * 1024)} MB every ${CHAT_IMAGE_BUDGET.seconds / 60} minutes. Try again later`,
  sessionExpired: 'Your session has expired: reconnect with a new access token',
  unauthenticated: 'Authentication required',
  crossSite: 'Cross-site connections with the session cookie are refused',
  imageNotification: 'sent you an image',
} as const;
