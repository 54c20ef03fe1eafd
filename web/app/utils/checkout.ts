import type { FollowedProgramsResponse } from '@fitcoach/contracts';

/*
 * The checkout of /programDetails/{id} (docs/product.md §2.6 Programme details) without JavaScript: the "Payment"
 * and "Warning" modals are steps of the page named in its URL, so a link opens them and the server renders them;
 * with JavaScript the same steps open as modals.
 */

/** The `intent` of the forms of the programme details page. */
export const CHECKOUT_INTENTS = {
  /** The signed-out visitor's Subscribe button, answered with "Please Login First !". */
  subscribe: 'subscribe',
  payTest: 'pay-test',
  payPayPal: 'pay-paypal',
  unsubscribe: 'unsubscribe',
} as const;

export type CheckoutStep = 'checkout' | 'unsubscribe' | null;

/** `?checkout=1` opens the Payment step, `?confirm=unsubscribe` the Warning step; anything else neither. */
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

/** Whether the member's followed programmes (`getFollowedPrograms`) include the programme `id`. */
export function isFollowing(followed: FollowedProgramsResponse[], id: number): boolean {
  return followed.some((entry) => entry.program.some((program) => program.id === id));
}

/**
 * The PayPal JS SDK script of the configured SDK: the public client id, the order's currency and `intent=capture`
 * (docs/product.md §9), as PayPal documents its query parameters.
 */
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

/**
 * Whether the page's document was loaded from `href` itself, rather than reached by an in-app navigation: the
 * Content-Security-Policy of a document is the one of the address it was loaded from.
 */
export function loadedAt(href: string): boolean {
  const [entry] = performance.getEntriesByType('navigation');
  return entry === undefined || entry.name === href;
}
