import type { FieldErrors } from '~/utils/validation';
import type { Toast } from './toast';

/** 400 with field errors, keeping what was typed; `intent` says which of a page's forms the answer is for. */
export interface FormRejection {
  intent: string;
  errors: FieldErrors;
  values: Partial<Record<string, string>>;
  toast: Toast;
}
