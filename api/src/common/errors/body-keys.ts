import { BadRequestException } from '@nestjs/common';
import { type ApiFieldError, BODY_MAX_KEYS } from '@fitcoach/contracts';
import { getMetadataStorage } from 'class-validator';

// class-transformer's time grows with the square of an object's keys, so bodies are checked before (ADR 045).

/** A key can be as long as the body: refusals show its start. */
const SHOWN_LENGTH = 64;

function shown(name: string): string {
  return name.length > SHOWN_LENGTH ? `${name.slice(0, SHOWN_LENGTH)}…` : name;
}

/** The path of the first object with too many keys ('' for the body itself), or null. */
export function crowdedPath(body: unknown): string | null {
  const pending: [unknown, string][] = [[body, '']];
  while (pending.length > 0) {
    const [value, path] = pending.pop()!;
    if (value === null || typeof value !== 'object') continue;
    const keys = Object.keys(value);
    if (keys.length > BODY_MAX_KEYS) return path;
    for (const key of keys) {
      pending.push([(value as Record<string, unknown>)[key], path === '' ? key : `${path}.${key}`]);
    }
  }
  return null;
}

const declaredByDto = new WeakMap<object, ReadonlySet<string>>();

/** Those with a rule in class-validator's metadata, which the pipe keeps. */
export function declaredFields(dto: new () => object): ReadonlySet<string> {
  let fields = declaredByDto.get(dto);
  if (!fields) {
    const rules = getMetadataStorage().getTargetValidationMetadatas(dto, '', false, false);
    fields = new Set(rules.map((rule) => rule.propertyName));
    declaredByDto.set(dto, fields);
  }
  return fields;
}

function refusal(message: string, errors?: ApiFieldError[]): BadRequestException {
  return new BadRequestException(errors ? { message, errors } : { message });
}

/** An undeclared field is refused by name rather than silently dropped. */
export function bodyKeysRefusal(body: unknown, dto: new () => object): BadRequestException | null {
  const crowded = crowdedPath(body);
  if (crowded === '') return refusal(`The request body has more than ${BODY_MAX_KEYS} fields`);
  if (crowded !== null) {
    const message = `${shown(crowded)} has more than ${BODY_MAX_KEYS} keys`;
    return refusal(message, [{ field: shown(crowded), message }]);
  }
  if (body === null || typeof body !== 'object' || Array.isArray(body)) return null;
  const declared = declaredFields(dto);
  const unknown = Object.keys(body)
    .filter((key) => !declared.has(key))
    .map(shown);
  if (unknown.length === 0) return null;
  const quoted = unknown.map((key) => `"${key}"`).join(', ');
  return refusal(
    `Unknown field${unknown.length === 1 ? '' : 's'} ${quoted}`,
    unknown.map((field) => ({ field, message: `Unknown field "${field}"` })),
  );
}
