import type { FollowedProgramsResponse } from '@fitcoach/contracts';

// docs/product.md §2.6: the "Payment" and "Warning" steps are named in the URL: links open them without JavaScript.

export const CHECKOUT_INTENTS = {
  /** The signed-out visitor's Subscribe button, answered with "Please Login First !". */
  subscribe: 'subscribe',
  payTest: 'pay-test',
  payPayPal: 'pay-paypal',
  unsubscribe: 'unsubscribe',
} as const;

export type CheckoutStep = 'checkout' | 'unsubscribe' | null;

export function checkoutStep(search: URLSearchParams): CheckoutStep {
  if (search.get('confirm') === 'unsubscribe') return 'unsubscribe';
  if (search.get('checkout') === '1') return 'checkout';
  return null;
}

/** The step a member may open: Payment while not subscribed, Warning (unsubscribe) while subscribed. */
export function stepFor(step: CheckoutStep, subscribed: boolean): CheckoutStep {
  if (subscribed) return step === 'unsubscribe' ? step : null;
  return step === 'checkout' ? step : null;
}

export const CHECKOUT_SEARCH = '?checkout=1';
export const UNSUBSCRIBE_SEARCH = '?confirm=unsubscribe';

export function isFollowing(followed: FollowedProgramsResponse[], id: number): boolean {
  return followed.some((entry) => entry.program.some((program) => program.id === id));
}

/** The PayPal SDK's script URL with `intent=capture` (docs/product.md §9), as PayPal documents its parameters. */
export function paypalSdkScriptUrl(sdkUrl: string, clientId: string, currency: string): string {
  const url = new URL(sdkUrl);
  url.searchParams.set('client-id', clientId);
  url.searchParams.set('currency', currency);
  url.searchParams.set('intent', 'capture');
  return url.toString();
}

/** docs/product.md §8: what the browser logs when the PayPal script cannot load. */
export const PAYPAL_SCRIPT_FAILURE = 'Failed to load the PayPal JS SDK script.';

/** PayPal's return URL (docs/decisions/014-paypal-return-url-captures-on-get.md), which captures the order. */
export function paypalReturnPath(orderId: string): string {
  return `/checkout/paypal/return?token=${encodeURIComponent(orderId)}`;
}

/** Whether this document was loaded from `href` itself: a document's CSP is that of the address it came from. */
export function loadedAt(href: string): boolean {
  const [entry] = performance.getEntriesByType('navigation');
  return entry === undefined || entry.name === href;
}
