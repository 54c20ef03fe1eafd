import {
  type PaymentsConfigResponse,
  type ProgramDetailResponse,
  type ProgramResponse,
  type ScheduleDto,
  SUBSCRIPTION_MESSAGES,
  type UserResponse,
} from '@fitcoach/contracts';
import type { CheckoutSchedule } from '~/components/catalogue/checkout';
import { type ActionFunctionArgs, data, type LoaderFunctionArgs, redirect } from '@remix-run/node';
import { api } from '~/utils/api/endpoints.server';
import type { ApiResult } from '~/utils/api/transport.server';
import { getUser } from '~/utils/auth.server';
import {
  CHECKOUT_INTENTS,
  CHECKOUT_SEARCH,
  type CheckoutStep,
  checkoutStep,
  isFollowing,
  stepFor,
} from '~/utils/checkout';
import { paidRedirect, pendingOrderHeaders } from '~/utils/checkout.server';
import { readForm } from '~/utils/multipart.server';
import { DEFAULT_REMINDER_TIME, DEFAULT_TIME_ZONE, timeZoneOptions } from '~/utils/schedule';
import { scheduleFromForm } from '~/utils/schedule.server';
import { actionToast, redirectWithToast } from '~/utils/toast.server';
import { textField } from '~/utils/validation';
import { isReviewIntent } from '~/utils/reviews';
import { reviewAction } from './reviews.server';

/*
 * The checkout on the programme's details page (docs/product.md §2 Programme details): the web creates and captures orders
 * through the API, which takes the amount and currency from its own database and refuses what a member may not
 * buy. Failures are told in the API's words, on the page the member came from, so that a retry is one press away.
 */

/** What the details page offers the visitor: docs/product.md §2 Programme details and §6 (trainers subscribe to nothing). */
export type CheckoutView =
  | { kind: 'visitor' }
  | { kind: 'trainer'; preview: boolean }
  | {
      kind: 'member';
      subscribed: boolean;
      /** The API lets the caller watch without subscribing (superusers): `can_watch`. */
      preview: boolean;
      step: CheckoutStep;
      /** Read only while the Payment step is open; null with the reason when the API could not say. */
      config: PaymentsConfigResponse | null;
      configError: string | null;
      /** The schedule fields' defaults, while the Payment step is open. */
      schedule: CheckoutSchedule | null;
    };

export async function loadCheckout(
  args: LoaderFunctionArgs,
  user: UserResponse | null,
  program: ProgramDetailResponse,
): Promise<CheckoutView> {
  if (!user) return { kind: 'visitor' };
  // Who may watch is the API's rule: `can_watch` is true for the owner and superusers (and subscribers).
  if (user.is_trainer) return { kind: 'trainer', preview: program.can_watch };
  const step = checkoutStep(new URL(args.request.url).searchParams);
  // A member who is no superuser may watch exactly when they have an active subscription (the API's rule for
  // `can_watch`), so only a superuser's subscriptions are asked for.
  const [followed, config] = await Promise.all([
    user.is_superuser ? api.followedPrograms(args, { program: program.id }) : null,
    step === 'checkout' ? api.paymentsConfig(args) : null,
  ]);
  // Unknown is shown as not subscribed: buying again is refused by the API (409) with its own message.
  const subscribed = followed ? followed.ok && isFollowing(followed.data, program.id) : program.can_watch;
  return {
    kind: 'member',
    subscribed,
    preview: program.can_watch,
    step: stepFor(step, subscribed),
    config: config?.ok ? config.data : null,
    configError: config && !config.ok ? config.error.message : null,
    schedule: step === 'checkout' ? checkoutSchedule() : null,
  };
}

/**
 * docs/product.md §2.6: today (in UTC, the server's guess), an evening reminder and UTC; the page puts the
 * browser's own zone and today there in place once its JavaScript runs.
 */
function checkoutSchedule(): CheckoutSchedule {
  return {
    values: {
      start_date: new Date().toISOString().slice(0, 10),
      reminder_time: DEFAULT_REMINDER_TIME,
      timezone: DEFAULT_TIME_ZONE,
    },
    zones: timeZoneOptions(),
  };
}

function refused(message: string, status: number) {
  return data({ toast: actionToast({ type: 'error', message }) }, { status });
}

function refusedBy<T>(result: ApiResult<T> & { ok: false }) {
  return refused(result.error.message, result.status);
}

/**
 * "Pay (test payment)" and "Pay with PayPal" without JavaScript: create the order; one with nothing to approve (the
 * test provider's, or one PayPal has approved already) is captured at once and shows the lessons, any other sends
 * the member to PayPal's approval page, whose return route captures it.
 */
async function pay(args: ActionFunctionArgs, program: ProgramResponse, schedule: ScheduleDto) {
  const order = await api.createOrder(args, program.id, program.currency);
  if (!order.ok) return refusedBy(order);
  if (order.data.approve_url === null) {
    const capture = await api.captureOrder(args, order.data.id);
    if (!capture.ok) return refusedBy(capture);
    return paidRedirect(args, capture.data, schedule);
  }
  const headers = await pendingOrderHeaders(
    { order: order.data.id, program: program.id, schedule },
    args.request,
  );
  return redirect(order.data.approve_url, { headers });
}

async function unsubscribe(args: ActionFunctionArgs, program: ProgramResponse) {
  const result = await api.unfollowProgram(args, program.id);
  if (!result.ok) return refusedBy(result);
  const to = `/programDetails/${program.id}`;
  return redirectWithToast(to, { type: 'success', message: result.data.message }, args.request);
}

/** The action of /programDetails/{id}: subscribe (pay) or unsubscribe. */
export async function programDetailsAction(args: ActionFunctionArgs, program: ProgramResponse) {
  const user = await getUser(args);
  // docs/product.md §8: subscribing or unsubscribing while signed out.
  if (!user) return refused(SUBSCRIPTION_MESSAGES.loginFirst, 401);
  const submitted = await readForm(args.request);
  const intent = submitted ? textField(submitted.form, 'intent') : '';
  if (submitted && isReviewIntent(intent)) return reviewAction(args, program, intent, submitted.form);
  switch (intent) {
    case CHECKOUT_INTENTS.payTest:
    case CHECKOUT_INTENTS.payPayPal:
      // The intent is a field once the form was read, so `submitted` is there.
      return pay(args, program, scheduleFromForm(submitted?.form ?? new FormData()));
    case CHECKOUT_INTENTS.unsubscribe:
      return unsubscribe(args, program);
    case CHECKOUT_INTENTS.subscribe:
      // A signed-in member subscribes through the Payment step (the button is a link to it for them).
      return redirect(`/programDetails/${program.id}${CHECKOUT_SEARCH}`);
    default:
      return refused('Unknown action.', 400);
  }
}
