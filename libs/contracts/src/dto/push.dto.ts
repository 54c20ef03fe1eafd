import { IsString, MaxLength, ValidateBy } from 'class-validator';
import { rules } from './field-rules.js';

/** The longest push service address taken; browsers' are a few hundred characters. */
export const PUSH_ENDPOINT_MAX_LENGTH = 2048;

export const PUSH_MESSAGES = {
  badEndpoint: 'endpoint must be the https address of a push service',
  badKeys: "keys must hold the browser's p256dh and auth keys (base64url)",
  notFound: 'Push subscription not found',
} as const;

const BASE64URL = /^[A-Za-z0-9_-]+={0,2}$/;

/** Base64url text that decodes to exactly `bytes` bytes. */
function isKey(value: unknown, bytes: number): boolean {
  return (
    typeof value === 'string' &&
    value.length <= 2 * bytes &&
    BASE64URL.test(value) &&
    Buffer.from(value, 'base64url').length === bytes
  );
}

/** A P-256 public key (65 bytes, uncompressed) and a 16-byte authentication secret, as PushSubscription.toJSON() gives them. */
export function isPushKeys(value: unknown): value is { p256dh: string; auth: string } {
  if (value === null || typeof value !== 'object' || Array.isArray(value)) return false;
  const { p256dh, auth } = value as Record<string, unknown>;
  return isKey(p256dh, 65) && isKey(auth, 16);
}

function isPushAddress(value: unknown): boolean {
  if (typeof value !== 'string' || !URL.canParse(value)) return false;
  const protocol = new URL(value).protocol;
  return protocol === 'https:' || protocol === 'http:';
}

function endpointField(): PropertyDecorator {
  return rules(
    IsString({ message: PUSH_MESSAGES.badEndpoint }),
    MaxLength(PUSH_ENDPOINT_MAX_LENGTH, { message: PUSH_MESSAGES.badEndpoint }),
    ValidateBy(
      { name: 'pushEndpoint', validator: { validate: isPushAddress } },
      { message: PUSH_MESSAGES.badEndpoint },
    ),
  );
}

/** `POST /api/push/subscriptions/`: a browser's PushSubscription as its toJSON() gives it. */
export class PushSubscriptionDto {
  @endpointField()
  endpoint!: string;

  @rules(
    ValidateBy({ name: 'pushKeys', validator: { validate: isPushKeys } }, { message: PUSH_MESSAGES.badKeys }),
  )
  keys!: { p256dh: string; auth: string };
}

/** `DELETE /api/push/subscriptions/`: the browser's endpoint. */
export class PushEndpointDto {
  @endpointField()
  endpoint!: string;
}

/** `GET /api/push/config/`: the VAPID public key browsers subscribe with (base64url). */
export interface PushConfigResponse {
  public_key: string;
}

/** What a push message carries to the service worker (web/public/sw.js). */
export interface PushMessage {
  title: string;
  body: string;
  /** A path of the site, opened when the notification is clicked. */
  url: string;
  /** Notifications with the same tag replace one another. */
  tag: string;
}
