export interface ApiFieldError {
  field: string;
  message: string;
}

/** The error body (docs/architecture.md §10); `error_message` and `detail` copy `message` for docs/product.md §8. */
export interface ApiError {
  statusCode: number;
  message: string;
  errors?: ApiFieldError[];
  error_message?: string;
  detail?: string;
}

/** `POST /api/token/`'s refusal of an account whose address is not verified yet: the login page offers a new link. */
export const EMAIL_NOT_VERIFIED = 'Email not verified';

function isRecord(v: unknown): v is Record<string, unknown> {
  return typeof v === 'object' && v !== null && !Array.isArray(v);
}

function isOptionalString(v: unknown): boolean {
  return v === undefined || typeof v === 'string';
}

function isApiFieldError(v: unknown): v is ApiFieldError {
  return isRecord(v) && typeof v.field === 'string' && typeof v.message === 'string';
}

export function isApiError(v: unknown): v is ApiError {
  return (
    isRecord(v) &&
    typeof v.statusCode === 'number' &&
    typeof v.message === 'string' &&
    (v.errors === undefined || (Array.isArray(v.errors) && v.errors.every(isApiFieldError))) &&
    isOptionalString(v.error_message) &&
    isOptionalString(v.detail)
  );
}
