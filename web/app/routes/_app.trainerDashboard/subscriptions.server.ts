import type {
  AccountView,
  FollowedProgram,
  StreakResponse,
  SubscriberEntry,
  TrainerResponse,
} from '@fitcoach/contracts';
import type { ActionFunctionArgs, LoaderFunctionArgs } from '@remix-run/node';
import { api } from '~/utils/api/endpoints.server';
import type { ListPage } from '~/utils/api/transport.server';
import { parseId, requirePageInRange } from '~/utils/catalogue';
import { INTENTS } from '~/utils/dashboard';
import { rejectForm } from '~/utils/forms.server';
import {
  SUBSCRIBERS_PAGE_SIZE,
  subscribedSearch,
  type SubscribersQuery,
  subscribersQuery,
  unsubscribeParam,
} from '~/utils/subscriptions';
import { redirectWithToast } from '~/utils/toast.server';
import { textField } from '~/utils/validation';
import { invariantResponse } from '~/utils/invariant';

/*
 * The dashboard's subscription views (docs/product.md §2): a member's followed programmes, and a trainer's
 * subscribers. The API decides what each may see (get_subscribers lists only the caller's programmes; getUserById
 * gives the e-mail only to the user's trainer); these loaders only ask.
 */

export interface SubscribedData {
  /** Null when the API could not list them. */
  programs: FollowedProgram[] | null;
  /** The programme whose unsubscription the member is asked to confirm. */
  confirmUnsubscribe: number | null;
  /** The member's streak; null when the API could not tell it (the card is then left out). */
  streak: StreakResponse | null;
}

export async function loadSubscribed(args: LoaderFunctionArgs): Promise<SubscribedData> {
  // The calendars' rule is the API's: each programme comes with its own, not one call a subscription.
  const [followed, streak] = await Promise.all([
    api.followedPrograms(args, { calendar: true }),
    api.streak(args),
  ]);
  const programs = followed.ok ? followed.data.flatMap((entry) => entry.program) : null;
  const asked = unsubscribeParam(new URL(args.request.url).searchParams);
  const confirmUnsubscribe = programs?.some((program) => program.id === asked) ? asked : null;
  return { programs, confirmUnsubscribe, streak: streak.ok ? streak.data : null };
}

export interface SubscribersData {
  query: SubscribersQuery;
  pageSize: number;
  /** Null when the API could not list them. */
  subscribers: ListPage<SubscriberEntry> | null;
  /** The trainer's programmes, for the filter. */
  programs: { id: number; program_name: string }[];
  /** The open 'User Details'. */
  details: AccountView | null;
  /** The instant the page was made (ISO): "n days ago" reads the same on the server and in the browser. */
  now: string;
}

export async function loadSubscribers(
  args: LoaderFunctionArgs,
  trainer: TrainerResponse,
): Promise<SubscribersData> {
  const query = subscribersQuery(new URL(args.request.url).searchParams);
  const [subscribers, programs, details] = await Promise.all([
    api.subscribers(args, {
      page: query.page,
      pageSize: SUBSCRIBERS_PAGE_SIZE,
      program: query.program ?? undefined,
      inactive: query.inactive,
    }),
    api.trainerPrograms(args, trainer.id),
    query.user === null ? null : api.userById(args, query.user),
  ]);
  if (subscribers.ok) requirePageInRange(query.page, SUBSCRIBERS_PAGE_SIZE, subscribers.data.total);
  return {
    query,
    pageSize: SUBSCRIBERS_PAGE_SIZE,
    subscribers: subscribers.ok ? subscribers.data : null,
    programs: programs.ok ? programs.data.map(({ id, program_name }) => ({ id, program_name })) : [],
    details: details?.ok ? details.data : null,
    now: new Date().toISOString(),
  };
}

/**
 * docs/product.md §2/§4: unsubscribing (after the confirmation) ends the subscription; paying again is needed to
 * return.
 */
export async function unsubscribe(args: ActionFunctionArgs, form: FormData) {
  const programId = parseId(textField(form, 'program'));
  invariantResponse(programId !== null, 'Not Found', { status: 404 });
  const result = await api.unfollowProgram(args, programId);
  if (!result.ok) {
    return rejectForm(INTENTS.unsubscribe, { message: result.error.message, status: result.status });
  }
  const to = new URL(args.request.url).pathname + subscribedSearch();
  return redirectWithToast(to, { type: 'success', message: result.data.message }, args.request);
}
