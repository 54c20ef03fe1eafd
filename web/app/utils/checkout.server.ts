import {
  type PaymentsConfigResponse,
  type ProgramResponse,
  SUBSCRIPTION_MESSAGES,
} from '@fitcoach/contracts';
import {
  type ActionFunctionArgs,
  createCookie,
  data,
  type LoaderFunctionArgs,
  redirect,
} from '@remix-run/node';
import type { CurrentUser } from '~/types/user';
import { api, type ApiResult } from './api.server';
import { getUser } from './auth.server';
import { parseId } from './catalogue';
import {
  CHECKOUT_INTENTS,
  CHECKOUT_SEARCH,
  type CheckoutStep,
  checkoutStep,
  isFollowing,
  stepFor,
} from './checkout';
import { readForm } from './multipart.server';
import { isSecureCookie } from './session.server';
import { actionToast, redirectWithToast } from './toast.server';
import { textField } from './validation';

/*
 * The checkout's server side (docs/product.md §2.6 Programme details): the web creates and captures orders through
 * the API, which takes the amount and currency from its own database and refuses what a member may not buy.
 * Failures are told in the API's words, on the page the member came from, so that a retry is one press away.
 */

/**
 * The programme an order was created for, remembered until PayPal sends the member back: PayPal's return URL names
 * only the order, and a failed capture should land on that programme's page. It only ever chooses which page of
 * this site a failure is shown on, so it needs no signature; it is sent to the return route only.
 */
const pendingOrderCookie = createCookie('checkout', {
  path: '/checkout/paypal',
  httpOnly: true,
  sameSite: 'lax',
  // Long enough to sign in to PayPal and approve.
  maxAge: 60 * 60,
});

interface PendingOrder {
  order: string;
  program: number;
}

async function pendingOrderHeaders(order: PendingOrder, request: Request): Promise<Headers> {
  const cookie = await pendingOrderCookie.serialize(order, { secure: isSecureCookie(request) });
  return new Headers({ 'Set-Cookie': cookie });
}

/** Forgets the pending order once PayPal's return is handled: appended to that answer's headers. */
export async function forgetPendingOrder(response: Response, request: Request): Promise<Response> {
  const cookie = await pendingOrderCookie.serialize('', { maxAge: 0, secure: isSecureCookie(request) });
  response.headers.append('Set-Cookie', cookie);
  return response;
}

/** The programme the pending order `orderId` was created for, when this browser created it. */
export async function pendingOrderProgramme(request: Request, orderId: string): Promise<number | null> {
  const value: unknown = await pendingOrderCookie.parse(request.headers.get('Cookie'));
  if (typeof value !== 'object' || value === null) return null;
  const { order, program } = value as Record<string, unknown>;
  return order === orderId ? parseId(String(program)) : null;
}

/**
 * What the details page offers the visitor: docs/product.md §2.6 Programme details and §6 (trainers subscribe to
 * nothing).
 */
export type CheckoutView =
  | { kind: 'visitor' }
  | { kind: 'trainer'; preview: boolean }
  | {
      kind: 'member';
      subscribed: boolean;
      /** Superusers may open the lessons without subscribing. */
      preview: boolean;
      step: CheckoutStep;
      /** Read only while the Payment step is open; null with the reason when the API could not say. */
      config: PaymentsConfigResponse | null;
      configError: string | null;
    };

async function isOwner(args: LoaderFunctionArgs, programme: ProgramResponse): Promise<boolean> {
  const own = await api.ownTrainer(args);
  return own.ok && own.data.data.id === programme.trainer;
}

export async function loadCheckout(
  args: LoaderFunctionArgs,
  user: CurrentUser | null,
  programme: ProgramResponse,
): Promise<CheckoutView> {
  if (!user) return { kind: 'visitor' };
  if (user.is_trainer)
    return { kind: 'trainer', preview: user.is_superuser || (await isOwner(args, programme)) };
  const step = checkoutStep(new URL(args.request.url).searchParams);
  const [followed, config] = await Promise.all([
    api.followedProgrammes(args),
    step === 'checkout' ? api.paymentsConfig(args) : null,
  ]);
  // Unknown is shown as not subscribed: buying again is refused by the API (409) with its own message.
  const subscribed = followed.ok && isFollowing(followed.data, programme.id);
  return {
    kind: 'member',
    subscribed,
    preview: user.is_superuser,
    step: stepFor(step, subscribed),
    config: config?.ok ? config.data : null,
    configError: config && !config.ok ? config.error.message : null,
  };
}

function refused(message: string, status: number) {
  return data({ toast: actionToast({ type: 'error', message }) }, { status });
}

function refusedBy<T>(result: ApiResult<T> & { ok: false }) {
  return refused(result.error.message, result.status);
}

/** The lessons page with docs/product.md §2's "Transaction completed by {name}". */
export function paidRedirect(request: Request, programmeId: number, message: string): Promise<Response> {
  return redirectWithToast(`/programLesson/${programmeId}`, { type: 'success', message }, request);
}

/**
 * "Pay (test payment)" and "Pay with PayPal" without JavaScript: create the order; one with nothing to approve (the
 * test provider's, or one PayPal has approved already) is captured at once and shows the lessons, any other sends
 * the member to PayPal's approval page, whose return route captures it.
 */
async function pay(args: ActionFunctionArgs, programme: ProgramResponse) {
  const order = await api.createOrder(args, programme.id, programme.currency);
  if (!order.ok) return refusedBy(order);
  if (order.data.approve_url === null) {
    const capture = await api.captureOrder(args, order.data.id);
    if (!capture.ok) return refusedBy(capture);
    return paidRedirect(args.request, programme.id, capture.data.message);
  }
  const headers = await pendingOrderHeaders({ order: order.data.id, program: programme.id }, args.request);
  return redirect(order.data.approve_url, { headers });
}

async function unsubscribe(args: ActionFunctionArgs, programme: ProgramResponse) {
  const result = await api.unfollowProgramme(args, programme.id);
  if (!result.ok) return refusedBy(result);
  const to = `/programDetails/${programme.id}`;
  return redirectWithToast(to, { type: 'success', message: result.data.message }, args.request);
}

/** The action of /programDetails/{id}: subscribe (pay) or unsubscribe. */
export async function programmeDetailsAction(args: ActionFunctionArgs, programme: ProgramResponse) {
  const user = await getUser(args);
  // docs/product.md §8: subscribing or unsubscribing while signed out.
  if (!user) return refused(SUBSCRIPTION_MESSAGES.loginFirst, 401);
  const submitted = await readForm(args.request);
  const intent = submitted ? textField(submitted.form, 'intent') : '';
  switch (intent) {
    case CHECKOUT_INTENTS.payTest:
    case CHECKOUT_INTENTS.payPayPal:
      return pay(args, programme);
    case CHECKOUT_INTENTS.unsubscribe:
      return unsubscribe(args, programme);
    case CHECKOUT_INTENTS.subscribe:
      // A signed-in member subscribes through the Payment step (the button is a link to it for them).
      return redirect(`/programDetails/${programme.id}${CHECKOUT_SEARCH}`);
    default:
      return refused('Unknown action.', 400);
  }
}

/** `POST /checkout/paypal/orders` for PayPal's JS buttons: the created order's id, or the API's refusal. */
export async function createOrderForButtons(args: ActionFunctionArgs): Promise<Response> {
  const submitted = await readForm(args.request);
  const programmeId = submitted ? parseId(textField(submitted.form, 'program')) : null;
  const currency = submitted ? textField(submitted.form, 'currency') : '';
  if (programmeId === null) return Response.json({ message: 'Unknown programme.' }, { status: 404 });
  const order = await api.createOrder(args, programmeId, currency);
  if (!order.ok) return Response.json({ message: order.error.message }, { status: order.status });
  const headers = await pendingOrderHeaders({ order: order.data.id, program: programmeId }, args.request);
  return Response.json({ id: order.data.id }, { status: 201, headers });
}
