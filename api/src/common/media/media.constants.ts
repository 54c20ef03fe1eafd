import { UPLOAD_IMAGE_TYPES } from '@fitcoach/contracts';

export const MEDIA_KINDS = ['profile', 'trainer', 'program', 'lesson', 'chat'] as const;
export type MediaKind = (typeof MEDIA_KINDS)[number];

export const MEDIA_URL_PREFIX = '/media';

/** By the MIME type that file-type reads from the bytes. */
export const ACCEPTED_IMAGE_TYPES: ReadonlySet<string> = new Set(UPLOAD_IMAGE_TYPES);

export const WEBP_QUALITY = 82;

/** A few kilobytes of PNG can declare billions of pixels; 40 megapixels covers phone cameras' photos. */
export const MAX_INPUT_PIXELS = 40_000_000;

/** sharp shares libuv's 4 threads with password hashing and file reads, so decodes must leave it threads. */
export const IMAGE_DECODES_AT_ONCE = 1;

export const IMAGE_DECODES_WAITING = 8;

export const IMAGE_DECODES_RETRY_AFTER_SECONDS = 5;
