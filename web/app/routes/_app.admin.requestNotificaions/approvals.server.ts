import { RejectProgramDto } from '@fitcoach/contracts';
import type { ActionFunctionArgs, LoaderFunctionArgs } from '@remix-run/node';
import { adminChange, adminList } from '~/utils/admin.server';
import { api } from '~/utils/api/endpoints.server';
import { requireSuperuser } from '~/utils/auth.server';
import { parseId } from '~/utils/catalogue';
import { validateWithDto } from '~/utils/form-validation.server';
import { rejectForm } from '~/utils/forms.server';
import { invariantResponse } from '~/utils/invariant';
import { MESSAGES } from '~/utils/messages';
import { readForm } from '~/utils/multipart.server';
import { redirectWithToast } from '~/utils/toast.server';
import { apiFieldErrors, hasErrors, textField } from '~/utils/validation';
import { INTENTS } from './intents';

// docs/product.md §2.11 Pending Approvals. The reject form is a dialog of the URL (`?reject=<id>`): a refused reason
// comes back into it.

export const REASON_TEXT = 'Give the trainer a reason, of 1 to 500 characters.';

export function loadApprovals(args: LoaderFunctionArgs) {
  return adminList(args, (paging) => api.publishRequests(args, paging));
}

function pageOf(request: Request): string {
  const url = new URL(request.url);
  url.searchParams.delete('reject');
  return `${url.pathname}${url.search}`;
}

async function reject(args: ActionFunctionArgs, form: FormData) {
  const id = parseId(textField(form, 'id'));
  invariantResponse(id !== null, MESSAGES.invalidInput);
  const values = { reason: textField(form, 'reason') };
  const errors = validateWithDto(RejectProgramDto, values, { reason: REASON_TEXT });
  if (hasErrors(errors)) {
    return rejectForm(INTENTS.reject, { errors, values, message: REASON_TEXT, status: 400 });
  }
  const result = await api.rejectProgram(args, id, values.reason);
  if (!result.ok && result.status === 400) {
    const message = result.error.message;
    return rejectForm(INTENTS.reject, { errors: apiFieldErrors(result.error), values, message, status: 400 });
  }
  return redirectWithToast(
    pageOf(args.request),
    result.ok
      ? { type: 'success', message: result.data.message }
      : { type: 'error', message: result.error.message },
    args.request,
  );
}

export async function approvalsAction(args: ActionFunctionArgs) {
  await requireSuperuser(args);
  const form = (await readForm(args.request))?.form ?? null;
  if (form?.get('intent') === INTENTS.reject) return reject(args, form);
  return adminChange(args, form, (id) => api.publishProgram(args, id));
}
