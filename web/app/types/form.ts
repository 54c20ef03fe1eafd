import type { FieldErrors } from '~/utils/validation';
import type { Toast } from './toast';

/**
 * An action's answer to a refused form (STYLE: 400 with field errors, keeping what was typed). `intent` names the
 * form, so a page with several forms shows the answer next to the one that was sent.
 */
export interface FormRejection {
  intent: string;
  errors: FieldErrors;
  values: Partial<Record<string, string>>;
  toast: Toast;
}
