import type { ProgramResponse, ReviewDto, ReviewListResponse } from '@fitcoach/contracts';
import { type ActionFunctionArgs, data, type LoaderFunctionArgs } from '@remix-run/node';
import { api } from '~/utils/api/endpoints.server';
import { pageParam, parseId } from '~/utils/catalogue';
import { invariantResponse } from '~/utils/invariant';
import { MESSAGES } from '~/utils/messages';
import { REVIEW_INTENTS, type ReviewIntent, REVIEWS_PAGE_SIZE, reviewSort } from '~/utils/reviews';
import { redirectWithToast } from '~/utils/toast.server';
import { apiFieldErrors, type FieldErrors, textField } from '~/utils/validation';

/*
 * The programme page's reviews (docs/product.md §2, ADR 062): a page of them and the caller's own, and the forms that
 * write, edit, delete, answer, mark helpful and report one. Every rule is the API's.
 */

/** A page of the reviews, or null when the API cannot say (the page stands without them). */
export async function loadReviews(
  args: LoaderFunctionArgs,
  programId: number,
): Promise<ReviewListResponse | null> {
  const params = new URL(args.request.url).searchParams;
  const result = await api.programReviews(args, programId, {
    page: pageParam(params, 'reviewPage'),
    pageSize: REVIEWS_PAGE_SIZE,
    sort: reviewSort(params),
  });
  return result.ok ? result.data : null;
}

/** What a refused review sends back: the form as typed and the API's words. */
export interface ReviewFormState {
  form: 'review';
  values: { stars: string; title: string; text: string };
  errors: FieldErrors;
  message: string;
}

function reviewBody(form: FormData): { body: ReviewDto; values: ReviewFormState['values'] } {
  const values = {
    stars: textField(form, 'stars'),
    title: textField(form, 'title'),
    text: textField(form, 'text'),
  };
  // A star count that is no number goes to the API as it is, which refuses it by name.
  const stars = /^\d+$/.test(values.stars) ? Number(values.stars) : values.stars;
  return { body: { stars, title: values.title, text: values.text } as ReviewDto, values };
}

export async function reviewAction(
  args: ActionFunctionArgs,
  program: ProgramResponse,
  intent: ReviewIntent,
  form: FormData,
) {
  const back = `/programDetails/${program.id}#reviews`;
  const done = (message: string) => redirectWithToast(back, { type: 'success', message }, args.request);
  const refused = (message: string) => redirectWithToast(back, { type: 'error', message }, args.request);
  if (intent === REVIEW_INTENTS.write || intent === REVIEW_INTENTS.edit) {
    const { body, values } = reviewBody(form);
    const id = parseId(textField(form, 'review'));
    invariantResponse(intent === REVIEW_INTENTS.write || id !== null, MESSAGES.invalidInput);
    const result =
      intent === REVIEW_INTENTS.write
        ? await api.writeReview(args, program.id, body)
        : await api.editReview(args, id ?? 0, body);
    if (result.ok) return done(intent === REVIEW_INTENTS.write ? 'Review published' : 'Review saved');
    return data<ReviewFormState>(
      { form: 'review', values, errors: apiFieldErrors(result.error), message: result.error.message },
      { status: result.status },
    );
  }
  const id = parseId(textField(form, 'review'));
  invariantResponse(id !== null, MESSAGES.invalidInput);
  switch (intent) {
    case REVIEW_INTENTS.remove: {
      const result = await api.deleteReview(args, id);
      return result.ok ? done('Review deleted') : refused(result.error.message);
    }
    case REVIEW_INTENTS.answer: {
      const result = await api.answerReview(args, id, textField(form, 'text'));
      return result.ok ? done('Answer published') : refused(result.error.message);
    }
    case REVIEW_INTENTS.helpful: {
      const result = await api.markReviewHelpful(args, id);
      return result.ok ? done('Thank you: your vote is counted') : refused(result.error.message);
    }
    case REVIEW_INTENTS.report: {
      const result = await api.reportReview(args, id, textField(form, 'reason'));
      return result.ok ? done('Report sent to the moderators') : refused(result.error.message);
    }
  }
}
