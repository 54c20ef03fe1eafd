import { BadRequestException } from '@nestjs/common';
import { CHAT_MESSAGES, CHAT_TEXT_MAX_LENGTH } from '@fitcoach/contracts';

/*
 * Socket payloads arrive as whatever a client sent: these readers turn them into checked values or refuse them
 * with the texts of CHAT_MESSAGES (a 400 on REST, `{ok: false, error}` on the socket).
 */

const DIGITS = /^[1-9]\d{0,9}$/;

/** The longest list of recipients one forward may name. */
export const FORWARD_MAX_RECIPIENTS = 50;

export function objectPayload(payload: unknown): Record<string, unknown> {
  if (typeof payload !== 'object' || payload === null || Array.isArray(payload)) {
    throw new BadRequestException(CHAT_MESSAGES.malformed);
  }
  return payload as Record<string, unknown>;
}

/** A user or message id: a positive integer, as a number or a string of digits; null otherwise. */
export function readId(value: unknown): number | null {
  if (typeof value === 'number') return Number.isSafeInteger(value) && value > 0 ? value : null;
  if (typeof value === 'string' && DIGITS.test(value)) return Number(value);
  return null;
}

export function requireId(value: unknown, message: string): number {
  const id = readId(value);
  if (id === null) throw new BadRequestException(message);
  return id;
}

/** A message text: a string with something other than spaces, at most CHAT_TEXT_MAX_LENGTH characters. */
export function readText(value: unknown): string {
  if (
    typeof value !== 'string' ||
    value.trim() === '' ||
    value.length > 2 * CHAT_TEXT_MAX_LENGTH ||
    [...value].length > CHAT_TEXT_MAX_LENGTH
  ) {
    throw new BadRequestException(CHAT_MESSAGES.badText);
  }
  return value;
}

const DATA_URL = /^data:image\/[a-z0-9.+-]+;base64,([A-Za-z0-9+/\s]*={0,2})$/i;

/** An image sent as a data URL or as binary; the bytes still go through the media service's checks. */
export function readImage(value: unknown): Buffer {
  if (Buffer.isBuffer(value)) return value;
  if (value instanceof Uint8Array) return Buffer.from(value);
  if (value instanceof ArrayBuffer) return Buffer.from(value);
  if (typeof value === 'string') {
    const match = DATA_URL.exec(value);
    if (match) return Buffer.from(match[1], 'base64');
  }
  throw new BadRequestException(CHAT_MESSAGES.badImage);
}

/** The recipients of a forward: a non-empty list, each entry checked on its own later. */
export function readRecipients(value: unknown): unknown[] {
  if (!Array.isArray(value) || value.length === 0 || value.length > FORWARD_MAX_RECIPIENTS) {
    throw new BadRequestException(CHAT_MESSAGES.badForwardList);
  }
  return value;
}
