import { request as httpRequest } from 'node:http';
import { describe, expect, it } from '@jest/globals';
import { io } from 'socket.io-client';
import { shutDownGracefully } from '../../api/src/common/lifecycle/graceful-shutdown.js';
import { ShutdownState } from '../../api/src/common/lifecycle/shutdown-state.js';
import { createTestApp, type TestApp } from '../fixtures/app.js';
import { listen } from '../fixtures/sockets.js';
import { createSession } from '../fixtures/users.js';

/*
 * SIGTERM (api/src/main.ts → shutDownGracefully): readiness turns 503, the server stops accepting, a request in flight
 * is still answered, sockets are closed so that their clients reconnect elsewhere, and the whole is bounded.
 */

/** A POST whose body is sent in two halves, so that it is in flight for as long as the test wants. */
function halfSentRequest(base: string, path: string, body: string) {
  const url = new URL(path, base);
  const request = httpRequest(url, {
    method: 'POST',
    agent: false,
    headers: {
      'Content-Type': 'application/json',
      'Content-Length': Buffer.byteLength(body),
      Connection: 'close',
    },
  });
  const answer = new Promise<{ status: number; body: string }>((resolve, reject) => {
    request.on('response', (response) => {
      let text = '';
      response.on('data', (chunk: Buffer) => (text += chunk.toString()));
      response.on('end', () => resolve({ status: response.statusCode ?? 0, body: text }));
    });
    request.on('error', reject);
  });
  const half = Math.floor(body.length / 2);
  request.write(body.slice(0, half));
  return {
    answer,
    finish: () => request.end(body.slice(half)),
    abort: () => request.destroy(),
  };
}

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/** Until the app has received the headers of `count` requests (its own count, ShutdownState). */
async function untilInFlight(t: TestApp, count: number): Promise<void> {
  const state = t.app.get(ShutdownState);
  for (let waited = 0; state.requestsInFlight < count; waited += 10) {
    if (waited > 5_000) throw new Error(`${state.requestsInFlight} requests in flight, not ${count}`);
    await sleep(10);
  }
}

describe('liveness and readiness', () => {
  it('live answers 200 whatever the database does; ready and /api/health turn 503 once shutting down', async () => {
    const t = await createTestApp();
    try {
      await t.http().get('/api/health/live').expect(200, { status: 'ok' });
      await t.http().get('/api/health/ready').expect(200, { status: 'ok', db: 'up', queue: 'up' });
      t.app.get(ShutdownState).begin();
      for (const path of ['/api/health/ready', '/api/health']) {
        const res = await t.http().get(path).expect(503);
        expect(res.body).toMatchObject({ status: 'error', message: 'Unavailable: shutting down' });
      }
      await t.http().get('/api/health/live').expect(200);
    } finally {
      await t.close();
    }
  });
});

describe('graceful shutdown', () => {
  it('answers the request in flight, refuses new connections, closes sockets so that clients reconnect', async () => {
    const t = await createTestApp();
    const base = await listen(t);
    const member = await createSession(t);
    const socket = io(base, {
      path: '/socket.io',
      transports: ['websocket'],
      auth: { token: member.access },
    });
    await new Promise<void>((resolve, reject) => {
      socket.once('connect', resolve);
      socket.once('connect_error', reject);
    });
    const disconnected = new Promise<string>((resolve) => socket.once('disconnect', resolve));
    const inFlight = halfSentRequest(
      base,
      '/api/token/',
      JSON.stringify({ email: member.user.email, password: 'not-the-password' }),
    );
    await untilInFlight(t, 1);

    const shutdown = shutDownGracefully(t.app, 5_000);
    await sleep(100);
    await expect(fetch(`${base}/api/health/live`)).rejects.toThrow();

    inFlight.finish();
    const answered = await inFlight.answer;
    expect(answered.status).toBe(401);
    expect(answered.body).toContain('detail');
    // socket.io-client reconnects by itself after "transport close", not after "io server disconnect".
    expect(await disconnected).toBe('transport close');
    socket.close();
    expect(await shutdown).toBe('clean');
    await t.close().catch(() => undefined);
  });

  it('gives up after its bound when a request never ends', async () => {
    const t = await createTestApp();
    const base = await listen(t);
    const stuck = halfSentRequest(
      base,
      '/api/token/',
      JSON.stringify({ email: 'a@example.com', password: 'x' }),
    );
    stuck.answer.catch(() => undefined);
    await untilInFlight(t, 1);
    const began = Date.now();
    expect(await shutDownGracefully(t.app, 300)).toBe('timeout');
    expect(Date.now() - began).toBeLessThan(2_000);
    stuck.abort();
    await t.close().catch(() => undefined);
  });
});
