import { PromoteSuperuserDto } from '@fitcoach/contracts';
import type { ActionFunctionArgs, LoaderFunctionArgs } from '@remix-run/node';
import { adminList } from '~/utils/admin.server';
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

// The API keeps the last superuser and refuses what it must; the page tells its answer.

export function loadSuperusers(args: LoaderFunctionArgs) {
  return adminList(args, (paging) => api.superusers(args, paging));
}

function pageOf(request: Request): string {
  const url = new URL(request.url);
  url.searchParams.delete('promote');
  url.searchParams.delete('demote');
  return `${url.pathname}${url.search}`;
}

async function promote(args: ActionFunctionArgs, form: FormData) {
  const values = { email: textField(form, 'email') };
  const errors = validateWithDto(PromoteSuperuserDto, values);
  if (hasErrors(errors)) {
    return rejectForm(INTENTS.promote, {
      errors,
      values,
      message: errors.email ?? MESSAGES.invalidInput,
      status: 400,
    });
  }
  const result = await api.promoteSuperuser(args, values.email);
  if (!result.ok) {
    const fieldErrors = apiFieldErrors(result.error);
    return rejectForm(INTENTS.promote, {
      errors: { email: fieldErrors.email ?? result.error.message },
      values,
      message: result.error.message,
      status: result.status,
    });
  }
  return redirectWithToast(
    pageOf(args.request),
    { type: 'success', message: result.data.message },
    args.request,
  );
}

/** A superuser who stepped down has no admin panel any more: they land on the home page. */
async function demote(args: ActionFunctionArgs, form: FormData, me: number) {
  const id = parseId(textField(form, 'id'));
  invariantResponse(id !== null, MESSAGES.invalidInput);
  const result = await api.demoteSuperuser(args, id);
  const done = result.ok && id === me;
  return redirectWithToast(
    done ? '/' : pageOf(args.request),
    result.ok
      ? { type: 'success', message: result.data.message }
      : { type: 'error', message: result.error.message },
    args.request,
  );
}

export async function superusersAction(args: ActionFunctionArgs) {
  const me = await requireSuperuser(args);
  const form = (await readForm(args.request))?.form;
  invariantResponse(form !== undefined, MESSAGES.invalidInput);
  switch (form.get('intent')) {
    case INTENTS.promote:
      return promote(args, form);
    case INTENTS.demote:
      return demote(args, form, me.id);
    default:
      return rejectForm('', { message: MESSAGES.invalidInput, status: 400 });
  }
}
