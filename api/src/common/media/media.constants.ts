import { UPLOAD_IMAGE_TYPES } from '@fitcoach/contracts';

/** The kinds of uploaded images; each is stored in its own directory under `DATA_DIR/media`. */
export const MEDIA_KINDS = ['profile', 'trainer', 'program', 'lesson', 'chat'] as const;
export type MediaKind = (typeof MEDIA_KINDS)[number];

/** The URL path the stored images are served under, and the name of their directory in DATA_DIR. */
export const MEDIA_URL_PREFIX = '/media';

/** Formats accepted on upload, by the MIME type that file-type reads from the bytes. */
export const ACCEPTED_IMAGE_TYPES: ReadonlySet<string> = new Set(UPLOAD_IMAGE_TYPES);

export const WEBP_QUALITY = 82;

/**
 * Refuse to decode larger images: a few kilobytes of PNG can declare billions of pixels (a decompression bomb).
 * 40 megapixels covers the photos of today's phone cameras.
 */
export const MAX_INPUT_PIXELS = 40_000_000;

/**
 * Images decoded at once per process, each by one libvips thread (`sharp.concurrency(1)`): sharp runs on libuv's
 * thread pool (4 threads), which password hashing (argon2) and file reads share, so decodes must leave it threads.
 */
export const IMAGE_DECODES_AT_ONCE = 1;

/** Decodes that may wait for their turn; past it an upload is answered 503 with Retry-After. */
export const IMAGE_DECODES_WAITING = 8;

/** How long a refused upload is asked to wait before trying again. */
export const IMAGE_DECODES_RETRY_AFTER_SECONDS = 5;
