import { createCookie } from '@remix-run/node';
import { parseId } from './catalogue';
import { isSecureCookie } from './session.server';
import { redirectWithToast } from './toast.server';

/*
 * What the checkout's routes share (/programDetails/{id}, /checkout/paypal/orders and /checkout/paypal/return): the
 * order waiting for PayPal's approval, and the landing on the lessons once paid.
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

export async function pendingOrderHeaders(order: PendingOrder, request: Request): Promise<Headers> {
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
export async function pendingOrderProgram(request: Request, orderId: string): Promise<number | null> {
  const value: unknown = await pendingOrderCookie.parse(request.headers.get('Cookie'));
  if (typeof value !== 'object' || value === null) return null;
  const { order, program } = value as Record<string, unknown>;
  return order === orderId ? parseId(String(program)) : null;
}

/** The lessons page with docs/product.md §2's "Transaction completed by {name}". */
export function paidRedirect(request: Request, programId: number, message: string): Promise<Response> {
  return redirectWithToast(`/programLesson/${programId}`, { type: 'success', message }, request);
}
