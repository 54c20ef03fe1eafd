// docs/product.md §5 and §9 limits, read by the API's validators and the forms' HTML attributes alike. Browsers
// compile the *_PATTERN strings with the `v` flag: keep them free of syntax it rejects.

export interface NumericRange {
  readonly min: number;
  readonly max: number;
}

export const AGE = { min: 12, max: 120 } as const satisfies NumericRange;
export const HEIGHT_CM = { min: 100, max: 200 } as const satisfies NumericRange;
export const WEIGHT_KG = { min: 0, max: 500 } as const satisfies NumericRange;
export const BODY_FAT_PERCENT = { min: 0, max: 100 } as const satisfies NumericRange;

export const PHONE_DIGITS = 10;
export const PHONE_PATTERN = `^[0-9]{${PHONE_DIGITS}}$`;
export const PHONE_REGEX = new RegExp(PHONE_PATTERN);

// docs/product.md §5 gives only lower bounds; the upper ones keep typos (an extra zero) out of the catalogue.
export const PROGRAM_DURATION_DAYS = { min: 1, max: 3650 } as const satisfies NumericRange;
export const PROGRAM_PRICE = { min: 1, max: 1_000_000 } as const satisfies NumericRange;
export const EXPERIENCE_YEARS = { min: 0, max: 80 } as const satisfies NumericRange;

// docs/product.md §5: letters of any script with their marks, spaces, hyphens, apostrophes and periods, checked
// after trim and NFC. Only the part before the first letter excludes letters, so the match never backtracks.
export const NAME_PATTERN = "^[\\p{M} '’.\\-]*\\p{L}[\\p{L}\\p{M} '’.\\-]*$";
export const NAME_REGEX = new RegExp(NAME_PATTERN, 'u');
export const NAME_MAX_LENGTH = 50;

// docs/product.md §5's x@y.z shape, not RFC 5322. Labels cannot hold a dot, so the match is linear; `[.]` because
// Node 20's V8 fails `(?:\.[^@]+)+` with the `v` flag.
export const EMAIL_PATTERN = '^[^\\s@]+@[^\\s@.]+(?:[.][^\\s@.]+)+$';
export const EMAIL_REGEX = new RegExp(EMAIL_PATTERN);
export const EMAIL_MAX_LENGTH = 255;

// The upper bound stops very long inputs from costing an argon2 hash each.
export const PASSWORD = { minLength: 8, maxLength: 128 } as const;

export const TEXT_MAX_LENGTH = {
  about: 2000,
  certifications: 500,
  programName: 255,
  description: 5000,
  lessonTitle: 255,
} as const;

// Why a superuser rejects a programme: its trainer reads it on the dashboard and in an e-mail.
export const REJECTION_REASON_MAX_LENGTH = 500;

export const TOKEN_COOKIE_MAX_AGE_SECONDS = 7 * 24 * 60 * 60;
export const TOAST_AUTO_CLOSE_MS = 5000;
export const SLIDER = { scrollPx: 500, arrowsWhenMoreThan: 4 } as const;
export const EXCERPT_WORDS = 20;
// More pending notifications than `showOneByOneUpTo` collapse into one "You received {n} messages".
export const PENDING_NOTIFICATIONS = { showOneByOneUpTo: 3, spacingMs: 500 } as const;
export const PROGRESS_DEGREES_PER_PERCENT = 3.6;
// `maxPage` keeps the offset ((page - 1) × page size) an ordinary integer that every database takes.
export const PAGINATION = { defaultPageSize: 50, maxPageSize: 100, maxPage: 1_000_000 } as const;
export const UPLOAD_MAX_BYTES = 5 * 1024 * 1024;
/** The image formats an upload may be, by MIME type: the API reads it from the bytes, a page's file picker offers them. */
export const UPLOAD_IMAGE_TYPES = [
  'image/jpeg',
  'image/png',
  'image/webp',
  'image/gif',
  'image/avif',
] as const;
export const JSON_BODY_MAX_BYTES = 1024 * 1024;
/** Keys of one object in a request body, at any depth: more than any form has, few enough to transform cheaply. */
export const BODY_MAX_KEYS = 100;
/** Stored images fit inside this square: large enough for a full-width cover, small enough for a phone. */
export const MAX_IMAGE_DIMENSION = 1600;
/** Widths of the copies the API makes on first request (api/src/common/media/media-files.ts) for `srcset`. */
export const IMAGE_WIDTHS = [320, 640, 960] as const;

export function htmlRange(r: { readonly min: number; readonly max?: number }): { min: number; max?: number } {
  return r.max === undefined ? { min: r.min } : { min: r.min, max: r.max };
}
