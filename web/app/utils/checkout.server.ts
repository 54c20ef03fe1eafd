import type { CaptureResponse, ScheduleDto } from '@fitcoach/contracts';
import { createCookie } from '@remix-run/node';
import { api } from './api/endpoints.server';
import { parseId } from './catalogue';
import { parseSchedule } from './schedule.server';
import { isSecureCookie, type RouteArgs } from './session.server';
import { redirectWithToast } from './toast.server';

/**
 * The programme an order was made for, and the schedule chosen with it, until PayPal's return (which names only the
 * order) lands on its page. It chooses where a failure is shown, and the member's own schedule is all it can set
 * (the API checks it), so it needs no signature.
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
  schedule: ScheduleDto | null;
}

export async function pendingOrderHeaders(order: PendingOrder, request: Request): Promise<Headers> {
  const cookie = await pendingOrderCookie.serialize(order, { secure: isSecureCookie(request) });
  return new Headers({ 'Set-Cookie': cookie });
}

export async function forgetPendingOrder(response: Response, request: Request): Promise<Response> {
  const cookie = await pendingOrderCookie.serialize('', { maxAge: 0, secure: isSecureCookie(request) });
  response.headers.append('Set-Cookie', cookie);
  return response;
}

/** The programme and schedule of the order the cookie names, when it is `orderId`. */
export async function pendingOrder(
  request: Request,
  orderId: string,
): Promise<Pick<PendingOrder, 'schedule'> & { program: number | null }> {
  const value: unknown = await pendingOrderCookie.parse(request.headers.get('Cookie'));
  if (typeof value !== 'object' || value === null) return { program: null, schedule: null };
  const { order, program, schedule } = value as Record<string, unknown>;
  if (order !== orderId) return { program: null, schedule: null };
  return { program: parseId(String(program)), schedule: parseSchedule(schedule) };
}

/**
 * Once a capture names the new subscription, sets the schedule chosen at checkout on it (docs/product.md §2.6), then
 * shows the lessons with docs/product.md §2's "Transaction completed by {name}"; a schedule the API refuses is told
 * too, and the subscription keeps the default one (today, UTC, no reminder).
 */
export async function paidRedirect(
  args: RouteArgs,
  capture: CaptureResponse,
  schedule: ScheduleDto | null,
): Promise<Response> {
  let message = capture.message;
  if (schedule) {
    const saved = await api.updateSchedule(args, capture.subscription.id, schedule);
    if (!saved.ok) message = `${message}. Your schedule was not saved: ${saved.error.message}`;
  }
  const to = `/programLesson/${capture.subscription.program}`;
  return redirectWithToast(to, { type: 'success', message }, args.request);
}
