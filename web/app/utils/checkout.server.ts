import { createCookie } from '@remix-run/node';
import { parseId } from './catalogue';
import { isSecureCookie } from './session.server';
import { redirectWithToast } from './toast.server';

/**
 * The programme an order was made for, until PayPal's return (which names only the order) lands on its page. It
 * only chooses where a failure is shown, so it needs no signature.
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

export async function forgetPendingOrder(response: Response, request: Request): Promise<Response> {
  const cookie = await pendingOrderCookie.serialize('', { maxAge: 0, secure: isSecureCookie(request) });
  response.headers.append('Set-Cookie', cookie);
  return response;
}

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
