import { type ChatMessage, fullName, type NotificationResponse } from '@fitcoach/contracts';
import type { ChatMessageEntity } from './chat-message.entity.js';
import type { NotificationEntity } from './notification.entity.js';

/** A message as clients see it; loaded with its sender's name. */
export function toChatMessage(message: ChatMessageEntity): ChatMessage {
  const { sender } = message;
  if (!sender) throw new Error(`Chat message ${message.id} was loaded without its sender`);
  return {
    id: message.id,
    sender: message.senderId,
    sender_name: fullName(sender.firstName, sender.lastName),
    recipient: message.recipientId,
    type: message.type,
    message: message.text,
    image: message.image,
    timestamp: message.createdAt.toISOString(),
    deleted: message.deletedAt !== null,
    forwarded: message.forwarded,
  };
}

export function toNotificationResponse(notification: NotificationEntity): NotificationResponse {
  return {
    id: notification.id,
    sender: notification.senderName,
    sender_id: notification.senderId,
    message: notification.message,
    category: notification.category,
    timestamp: notification.createdAt.toISOString(),
  };
}
