import type { IncomingHttpHeaders } from 'node:http';
import { request } from 'node:http';
import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import { connectInProcess } from '../../api/src/common/web/in-process-connection.js';
import { createTestApp, type TestApp } from '../fixtures/app.js';
import { createSession } from '../fixtures/users.js';

/*
 * The security headers (api/src/common/http/security-headers.ts): a Content-Security-Policy per page, PayPal's
 * origins only on the checkout; HSTS only behind https; private answers never stored.
 */

const CHECKOUT = '/programDetails/7?checkout=1';

/** The header's directives, each with its sources. */
async function policy(t: TestApp, path = '/api/health'): Promise<Map<string, string[]>> {
  const res = await t.http().get(path);
  const header = String(res.headers['content-security-policy']);
  return new Map(
    header.split(';').map((directive) => {
      const [name = '', ...sources] = directive.trim().split(/\s+/);
      return [name, sources];
    }),
  );
}

const PAYPAL = ['https://*.paypal.com', 'https://*.paypalobjects.com'];
const NONCE = expect.stringMatching(/^'nonce-[A-Za-z0-9+/=]+'$/);

describe('the CSP with the test payment provider', () => {
  let t: TestApp;

  beforeAll(async () => {
    t = await createTestApp({ env: { PUBLIC_URL: 'http://fitcoach.test:3000' } });
  });

  afterAll(async () => {
    await t.close();
  });

  it.each(['/api/health', '/', '/programDetails/7', '/programDetails/7?checkout=0', '/chat?checkout=1'])(
    '%s: scripts, frames, calls and forms of this site only (and YouTube frames), no PayPal',
    async (path) => {
      const directives = await policy(t, path);
      expect(directives.get('script-src')).toEqual(["'self'", NONCE]);
      expect(directives.get('img-src')).toEqual(["'self'", 'data:', 'blob:']);
      expect(directives.get('connect-src')).toEqual(["'self'", 'ws://fitcoach.test:3000']);
      expect(directives.get('frame-src')).toEqual([
        "'self'",
        'https://www.youtube-nocookie.com',
        'https://www.youtube.com',
      ]);
      expect(directives.get('form-action')).toEqual(["'self'"]);
      expect(directives.get('worker-src')).toEqual(["'self'"]);
      expect(directives.get('manifest-src')).toEqual(["'self'"]);
    },
  );

  it("allows PayPal's SDK on the checkout: its scripts, images, frames and calls", async () => {
    const directives = await policy(t, CHECKOUT);
    expect(directives.get('script-src')).toEqual(["'self'", NONCE, ...PAYPAL]);
    expect(directives.get('img-src')).toEqual(["'self'", 'data:', 'blob:', ...PAYPAL]);
    expect(directives.get('connect-src')).toEqual([
      "'self'",
      'ws://fitcoach.test:3000',
      'https://*.paypal.com',
    ]);
    expect(directives.get('frame-src')).toContain('https://*.paypal.com');
  });

  it("lets the checkout's form be answered with a redirect to PayPal's approval page, and to no other site", async () => {
    expect((await policy(t, CHECKOUT)).get('form-action')).toEqual(["'self'", 'https://*.paypal.com']);
  });

  it('sends no HSTS over a plain http public address', async () => {
    const res = await t.http().get('/api/health').expect(200);
    expect(res.headers['strict-transport-security']).toBeUndefined();
  });
});

describe('the CSP with PayPal configured elsewhere (a local PayPal) behind https', () => {
  let t: TestApp;

  beforeAll(async () => {
    t = await createTestApp({
      env: {
        PUBLIC_URL: 'https://fitcoach.test',
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

  it("adds the SDK's origin to script-src and the API's (its approval page) to form-action, on the checkout only", async () => {
    const directives = await policy(t, CHECKOUT);
    expect(directives.get('script-src')).toEqual(["'self'", NONCE, ...PAYPAL, 'http://127.0.0.1:4011']);
    expect(directives.get('form-action')).toEqual([
      "'self'",
      'https://*.paypal.com',
      'http://127.0.0.1:4010',
    ]);
    const elsewhere = await policy(t, '/programDetails/7');
    expect(elsewhere.get('script-src')).toEqual(["'self'", NONCE]);
    expect(elsewhere.get('form-action')).toEqual(["'self'"]);
  });

  it('connects to its own socket over wss and upgrades insecure requests', async () => {
    const directives = await policy(t);
    expect(directives.get('connect-src')).toEqual(["'self'", 'wss://fitcoach.test']);
    expect(directives.has('upgrade-insecure-requests')).toBe(true);
  });

  it('sends HSTS', async () => {
    const res = await t.http().get('/api/health').expect(200);
    expect(res.headers['strict-transport-security']).toMatch(/^max-age=\d+/);
  });
});

describe('Cache-Control of API answers', () => {
  let t: TestApp;

  beforeAll(async () => {
    t = await createTestApp();
  });

  afterAll(async () => {
    await t.close();
  });

  it('is no-store on every answer to a signed-in caller, so no cache keeps a private one', async () => {
    const session = await createSession(t);
    for (const path of ['/api/users/me/', '/api/users/getFollowedPrograms/', '/api/chat/getContacts/']) {
      const res = await t.http().get(path).set('Authorization', session.bearer).expect(200);
      expect([path, res.headers['cache-control']]).toEqual([path, 'no-store']);
    }
    const refused = await t.http().get('/api/users/getUserCount/').set('Authorization', session.bearer);
    expect([refused.status, refused.headers['cache-control']]).toEqual([403, 'no-store']);
  });

  it('is no-store for the site session cookie too', async () => {
    const session = await createSession(t);
    const res = await t
      .http()
      .get('/api/users/me/')
      .set('Cookie', `accessToken=${session.bearer.replace(/^Bearer /, '')}`)
      .set('Origin', 'http://localhost:3000')
      .set('Host', 'localhost:3000');
    expect(res.headers['cache-control']).toBe('no-store');
  });

  it('is left to the route for anonymous catalogue reads, which caches may share', async () => {
    const res = await t.http().get('/api/fitness_programs/retrive_all/').expect(200);
    expect(res.headers['cache-control']).toBeUndefined();
  });
});

describe("the site's own API calls, over an in-process connection", () => {
  let t: TestApp;

  beforeAll(async () => {
    t = await createTestApp();
  });

  afterAll(async () => {
    await t.close();
  });

  /** An answer's status, headers and body, asked for over a connection this process opened to itself. */
  function callInProcess(path: string, headers: Record<string, string>) {
    return new Promise<{ status: number; headers: IncomingHttpHeaders; body: string }>((resolve, reject) => {
      request(
        `http://api.internal${path}`,
        { headers, createConnection: () => connectInProcess(t.app.getHttpServer()) },
        (res) => {
          res.setEncoding('latin1');
          let body = '';
          res.on('data', (chunk: string) => (body += chunk));
          res.on('end', () => resolve({ status: res.statusCode ?? 0, headers: res.headers, body }));
        },
      )
        .on('error', reject)
        .end();
    });
  }

  it('are answered without what only a browser reads: no policy, security headers or compression', async () => {
    const session = await createSession(t);
    const headers = { Authorization: session.bearer, 'Accept-Encoding': 'gzip, br' };
    const fromNetwork = await t.http().get('/api/users/me/').set(headers).expect(200);
    expect(fromNetwork.headers['content-security-policy']).toContain('script-src');
    expect(fromNetwork.headers['x-content-type-options']).toBe('nosniff');

    const own = await callInProcess('/api/users/me/', headers);
    expect(own.status).toBe(200);
    expect(own.headers['content-security-policy']).toBeUndefined();
    expect(own.headers['x-content-type-options']).toBeUndefined();
    expect(own.headers['content-encoding']).toBeUndefined();
    expect(JSON.parse(own.body)).toEqual(fromNetwork.body);
  });

  it('still go through the guards: the same refusal without a session', async () => {
    const own = await callInProcess('/api/users/me/', {});
    expect(own.status).toBe(401);
    expect(JSON.parse(own.body)).toMatchObject({ statusCode: 401 });
  });
});
