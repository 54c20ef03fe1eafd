import { describe, expect, it } from '@jest/globals';
import type { FollowedProgram, FollowedProgramsResponse } from '@fitcoach/contracts';
import { checkoutStep, isFollowing, paypalReturnPath, paypalSdkScriptUrl, stepFor } from './checkout';

const step = (query: string) => checkoutStep(new URLSearchParams(query));

describe(checkoutStep.name, () => {
  it('reads the Payment and Warning steps from the URL', () => {
    expect(step('checkout=1')).toBe('checkout');
    expect(step('confirm=unsubscribe')).toBe('unsubscribe');
  });

  it('opens no step for anything else', () => {
    expect(step('')).toBeNull();
    expect(step('checkout=0')).toBeNull();
    expect(step('checkout=yes')).toBeNull();
    expect(step('confirm=delete')).toBeNull();
  });

  it('prefers the Warning step when a URL names both', () => {
    expect(step('checkout=1&confirm=unsubscribe')).toBe('unsubscribe');
  });
});

describe(stepFor.name, () => {
  it('opens the Payment step only for a member who is not subscribed', () => {
    expect(stepFor('checkout', false)).toBe('checkout');
    expect(stepFor('checkout', true)).toBeNull();
  });

  it('opens the Warning step only for a subscriber', () => {
    expect(stepFor('unsubscribe', true)).toBe('unsubscribe');
    expect(stepFor('unsubscribe', false)).toBeNull();
  });

  it('keeps a closed step closed', () => {
    expect(stepFor(null, true)).toBeNull();
    expect(stepFor(null, false)).toBeNull();
  });
});

describe(isFollowing.name, () => {
  const program = (id: number) => ({ id, progress: 0, subscribed_on: '2026-11-23' }) as FollowedProgram;
  const followed = (ids: number[]): FollowedProgramsResponse[] => [
    { id: 1, user: 9, created_on: '2026-11-23', status: 'active', program: ids.map(program) },
  ];

  it('finds the programme among the followed ones', () => {
    expect(isFollowing(followed([3, 7]), 7)).toBe(true);
  });

  it('is false for another programme, no programmes, or no container', () => {
    expect(isFollowing(followed([3]), 7)).toBe(false);
    expect(isFollowing(followed([]), 7)).toBe(false);
    expect(isFollowing([], 7)).toBe(false);
  });
});

describe(paypalSdkScriptUrl.name, () => {
  it('adds the client id, the currency and the capture intent', () => {
    const url = new URL(paypalSdkScriptUrl('https://www.paypal.com/sdk/js', 'client-abc', 'EUR'));
    expect(url.origin + url.pathname).toBe('https://www.paypal.com/sdk/js');
    expect(Object.fromEntries(url.searchParams)).toEqual({
      'client-id': 'client-abc',
      currency: 'EUR',
      intent: 'capture',
    });
  });

  it('keeps the parameters the configured URL has, and encodes the values', () => {
    const url = new URL(paypalSdkScriptUrl('http://127.0.0.1:4010/sdk/js?debug=true', 'a&b', 'USD'));
    expect(url.searchParams.get('debug')).toBe('true');
    expect(url.searchParams.get('client-id')).toBe('a&b');
  });
});

describe(paypalReturnPath.name, () => {
  it("is PayPal's return URL with the order id as its token", () => {
    expect(paypalReturnPath('5O190127TN364715T')).toBe('/checkout/paypal/return?token=5O190127TN364715T');
    expect(paypalReturnPath('a&b=c')).toBe('/checkout/paypal/return?token=a%26b%3Dc');
  });
});
