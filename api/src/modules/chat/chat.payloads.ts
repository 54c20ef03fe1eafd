import { BadRequestException } from '@nestjs/common';
import { CHAT_MESSAGES } from '@fitcoach/contracts';
import { plainToInstance } from 'class-transformer';
import { validate } from 'class-validator';
import { crowdedPath, declaredFields } from '../../common/errors/body-keys.js';

/**
 * Whether a field's value holds an object with more keys than a body may have (body-keys.ts: class-transformer's
 * time grows with their square). Binary is bytes, not keys, and a list's own length is its DTO's to judge.
 */
function crowded(value: unknown): boolean {
  if (Buffer.isBuffer(value) || value instanceof Uint8Array || value instanceof ArrayBuffer) return false;
  const entries = Array.isArray(value) ? (value as unknown[]) : [value];
  return entries.some((entry) => crowdedPath(entry) !== null);
}

/**
 * A chat payload (a socket event's or a REST chat route's body) checked by its DTO from libs/contracts
 * (dto/chat.dto.ts). A refusal is one text of CHAT_MESSAGES, a 400 on REST and `{ok: false, error}` on the socket,
 * not the validation pipe's list of fields: the first field listed in the DTO that fails names it. Fields the DTO
 * does not declare are ignored, as clients of the socket have always been allowed to send them.
 */
export async function chatPayload<T extends object>(dto: new () => T, payload: unknown): Promise<T> {
  if (typeof payload !== 'object' || payload === null || Array.isArray(payload)) {
    throw new BadRequestException(CHAT_MESSAGES.malformed);
  }
  const given = payload as Record<string, unknown>;
  const fields = [...declaredFields(dto)].filter((field) => Object.hasOwn(given, field));
  if (fields.some((field) => crowded(given[field]))) throw new BadRequestException(CHAT_MESSAGES.malformed);
  const checked = plainToInstance(dto, Object.fromEntries(fields.map((field) => [field, given[field]])));
  const [error] = await validate(checked, { stopAtFirstError: true });
  if (error) {
    throw new BadRequestException(Object.values(error.constraints ?? {})[0] ?? CHAT_MESSAGES.malformed);
  }
  return checked;
}
