import { Transform, type TransformFnParams } from 'class-transformer';
import {
  ArrayMaxSize,
  ArrayNotEmpty,
  IsArray,
  IsInt,
  ValidateBy,
  ValidateIf,
  type ValidationArguments,
} from 'class-validator';
import { CHAT_MESSAGES, CHAT_TEXT_MAX_LENGTH } from '../chat.js';
import { rules } from './field-rules.js';

/*
 * The payloads of the socket's client events (CHAT_CLIENT_EVENTS) and of the REST chat routes that take the same
 * fields. Every refusal is one text of CHAT_MESSAGES: the socket answers it as `{ok: false, error}`.
 */

/** The longest list of recipients one forward may name. */
export const CHAT_FORWARD_MAX_RECIPIENTS = 50;

const DIGITS = /^[1-9]\d{0,9}$/;

/** A user or message id: a positive integer, as a number or a string of digits; null otherwise. */
export function readChatId(value: unknown): number | null {
  if (typeof value === 'number') return Number.isSafeInteger(value) && value > 0 ? value : null;
  if (typeof value === 'string' && DIGITS.test(value)) return Number(value);
  return null;
}

/** An id field (readChatId), any refusal saying `message`. */
function chatId(message: string): PropertyDecorator {
  return rules(
    Transform(({ value }: TransformFnParams) => readChatId(value) ?? Number.NaN),
    IsInt({ message }),
  );
}

/** Passes when `check` holds of the value; the refusal says `message`. */
function holds(
  name: string,
  check: (value: unknown, args?: ValidationArguments) => boolean,
  message: string,
) {
  return ValidateBy({ name, validator: { validate: check } }, { message });
}

const DATA_URL = /^data:image\/[a-z0-9.+-]+;base64,([A-Za-z0-9+/\s]*={0,2})$/i;

/**
 * An image as socket.io delivers binary (a Buffer, a typed array or an ArrayBuffer) or as a data URL, turned into
 * its bytes; anything else is left as it came, for the validator to refuse. The media service still checks the bytes.
 */
const imageBytes = ({ key, obj }: TransformFnParams): unknown => {
  // The value as sent: class-transformer copies a typed array or an ArrayBuffer into a plain object.
  const value: unknown = (obj as Record<string, unknown>)[key];
  if (Buffer.isBuffer(value)) return value;
  if (value instanceof Uint8Array) return Buffer.from(value);
  if (value instanceof ArrayBuffer) return Buffer.from(value);
  const match = typeof value === 'string' ? DATA_URL.exec(value) : null;
  return match ? Buffer.from(match[1], 'base64') : value;
};

/** A message text with something other than spaces; the length counts characters, not UTF-16 units. */
const isChatText = (value: unknown): boolean =>
  typeof value === 'string' &&
  value.trim() !== '' &&
  value.length <= 2 * CHAT_TEXT_MAX_LENGTH &&
  [...value].length <= CHAT_TEXT_MAX_LENGTH;

const isPresent = (value: unknown): boolean => value !== undefined && value !== null;

/** `message:send` and `POST /api/chat/sendMessage/`: a text or an image to a user. */
export class SendChatMessageDto {
  @chatId(CHAT_MESSAGES.badRecipient)
  to!: number;

  // Listed before `text`: a payload with both is refused as such, whatever the text.
  @rules(
    ValidateIf((payload: { image?: unknown }) => isPresent(payload.image)),
    Transform(imageBytes),
    holds(
      'textOrImage',
      (_value, args) => !isPresent((args?.object as { text?: unknown }).text),
      CHAT_MESSAGES.textAndImage,
    ),
    holds('imageBytes', (value) => Buffer.isBuffer(value), CHAT_MESSAGES.badImage),
  )
  image?: Buffer;

  @rules(
    ValidateIf((payload: { image?: unknown }) => !isPresent(payload.image)),
    holds('chatText', isChatText, CHAT_MESSAGES.badText),
  )
  text?: string;
}

/**
 * `message:forward`: a message to copy and a non-empty list of recipients; each recipient is checked on its own
 * (SendChatMessageDto's `to`), so one bad entry refuses that copy only.
 */
export class ForwardChatMessageDto {
  @chatId(CHAT_MESSAGES.badMessageId)
  messageId!: number;

  @rules(
    IsArray({ message: CHAT_MESSAGES.badForwardList }),
    ArrayNotEmpty({ message: CHAT_MESSAGES.badForwardList }),
    ArrayMaxSize(CHAT_FORWARD_MAX_RECIPIENTS, { message: CHAT_MESSAGES.badForwardList }),
  )
  to!: unknown[];
}

/** `message:delete`. */
export class DeleteChatMessageDto {
  @chatId(CHAT_MESSAGES.badMessageId)
  messageId!: number;
}

/** `conversation:read`, `conversation:typing` and `POST /api/chat/readConversation/`: the other user. */
export class ChatConversationDto {
  @chatId(CHAT_MESSAGES.badRecipient)
  with!: number;
}
