import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import { createTestApp, type TestApp } from '../fixtures/app.js';

/*
 * The Content-Security-Policy that the checkout of /programDetails/{id} needs (api/src/app.factory.ts): PayPal's JS
 * SDK and, without JavaScript, the checkout form's redirect to PayPal's approval page.
 */

/** The header's directives, each with its sources. */
async function policy(t: TestApp): Promise<Map<string, string[]>> {
  const res = await t.http().get('/api/health').expect(200);
  const header = String(res.headers['content-security-policy']);
  return new Map(
    header.split(';').map((directive) => {
      const [name = '', ...sources] = directive.trim().split(/\s+/);
      return [name, sources];
    }),
  );
}

const PAYPAL = ['https://*.paypal.com', 'https://*.paypalobjects.com'];

describe('the CSP with the test payment provider', () => {
  let t: TestApp;

  beforeAll(async () => {
    t = await createTestApp();
  });

  afterAll(async () => {
    await t.close();
  });

  it("allows PayPal's SDK: its scripts, images and calls", async () => {
    const directives = await policy(t);
    expect(directives.get('script-src')).toEqual([
      "'self'",
      expect.stringMatching(/^'nonce-[A-Za-z0-9+/=]+'$/),
      ...PAYPAL,
    ]);
    expect(directives.get('img-src')).toEqual(["'self'", 'data:', 'blob:', ...PAYPAL]);
    expect(directives.get('connect-src')).toEqual(["'self'", 'ws:', 'wss:', 'https://*.paypal.com']);
    expect(directives.get('frame-src')).toContain('https://*.paypal.com');
  });

  it("lets a form be answered with a redirect to PayPal's approval page, and to no other site", async () => {
    expect((await policy(t)).get('form-action')).toEqual(["'self'", 'https://*.paypal.com']);
  });
});

describe('the CSP with PayPal configured elsewhere (a local PayPal)', () => {
  let t: TestApp;

  beforeAll(async () => {
    t = await createTestApp({
      env: {
        PAYPAL_CLIENT_ID: 'client-id',
        PAYPAL_CLIENT_SECRET: 'client-secret',
        PAYPAL_API_URL: 'http://127.0.0.1:4010',
        PAYPAL_SDK_URL: 'http://127.0.0.1:4011/sdk/js',
      },
    });
  });

  afterAll(async () => {
    await t.close();
  });

  it("adds the SDK's origin to script-src and the API's (its approval page) to form-action", async () => {
    const directives = await policy(t);
    expect(directives.get('script-src')).toEqual([
      "'self'",
      expect.stringMatching(/^'nonce-/),
      ...PAYPAL,
      'http://127.0.0.1:4011',
    ]);
    expect(directives.get('form-action')).toEqual([
      "'self'",
      'https://*.paypal.com',
      'http://127.0.0.1:4010',
    ]);
  });
});
