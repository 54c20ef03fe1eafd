import { REVIEW_LIMITS, ReviewReasonDto } from '@fitcoach/contracts';
import type { ActionFunctionArgs, LoaderFunctionArgs } from '@remix-run/node';
import { adminList } from '~/utils/admin.server';
import type { ApiResult } from '~/utils/api/transport.server';
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

// docs/product.md §2.11 Reviews. The views are links (`?view=hidden`, the reports without it) and the hide form is a
// dialog of the URL (`?hide=<report id>`): a refused reason comes back into it. Whether a review may be hidden, shown
// or kept is the API's rule.

export const REASON_TEXT = `Give a reason, of 1 to ${REVIEW_LIMITS.reasonLength} characters.`;

export async function loadReviews(args: LoaderFunctionArgs) {
  if (new URL(args.request.url).searchParams.get('view') === 'hidden') {
    return {
      view: 'hidden' as const,
      ...(await adminList(args, (paging) => api.hiddenReviews(args, paging))),
    };
  }
  return {
    view: 'reported' as const,
    ...(await adminList(args, (paging) => api.reviewReports(args, paging))),
  };
}

/** The page the form was sent from, without its dialog. */
function pageOf(request: Request): string {
  const url = new URL(request.url);
  url.searchParams.delete('hide');
  return `${url.pathname}${url.search}`;
}

function backWith(args: ActionFunctionArgs, result: ApiResult<unknown>, success: string) {
  return redirectWithToast(
    pageOf(args.request),
    result.ok ? { type: 'success', message: success } : { type: 'error', message: result.error.message },
    args.request,
  );
}

async function hide(args: ActionFunctionArgs, id: number, form: FormData) {
  const values = { reason: textField(form, 'reason') };
  const errors = validateWithDto(ReviewReasonDto, values, { reason: REASON_TEXT });
  if (hasErrors(errors)) {
    return rejectForm(INTENTS.hide, { errors, values, message: REASON_TEXT, status: 400 });
  }
  const result = await api.hideReview(args, id, values.reason);
  if (!result.ok && result.status === 400) {
    const message = result.error.message;
    return rejectForm(INTENTS.hide, { errors: apiFieldErrors(result.error), values, message, status: 400 });
  }
  return backWith(args, result, 'Review hidden');
}

export async function reviewsAction(args: ActionFunctionArgs) {
  await requireSuperuser(args);
  const form = (await readForm(args.request))?.form;
  // `id` is the review's for hide and show, the report's for keep.
  const id = form ? parseId(textField(form, 'id')) : null;
  invariantResponse(form && id !== null, MESSAGES.invalidInput);
  switch (form.get('intent')) {
    case INTENTS.hide:
      return hide(args, id, form);
    case INTENTS.show:
      return backWith(args, await api.showReview(args, id), 'Review shown again');
    case INTENTS.keep:
      return backWith(args, await api.dismissReviewReport(args, id), 'Report dismissed');
  }
  throw new Response(MESSAGES.invalidInput, { status: 400 });
}
