import { data } from '@remix-run/node';
import type { FormRejection } from '~/types/form';
import { actionToast } from './toast.server';
import { type FieldErrors, textField } from './validation';

interface Rejection {
  errors?: FieldErrors;
  values?: FormRejection['values'];
  message: string;
  status: number;
}

export function rejectForm(intent: string, { errors = {}, values = {}, message, status }: Rejection) {
  return data<FormRejection>(
    { intent, errors, values, toast: actionToast({ type: 'error', message }) },
    { status },
  );
}

export function textValues<N extends string>(form: FormData, names: readonly N[]): Record<N, string> {
  return Object.fromEntries(names.map((name) => [name, textField(form, name)])) as Record<N, string>;
}
