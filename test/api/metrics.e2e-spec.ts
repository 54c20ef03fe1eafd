import { describe, expect, it } from '@jest/globals';
import { io } from 'socket.io-client';
import { useTestApp } from '../fixtures/app.js';
import { listen } from '../fixtures/sockets.js';
import { createSession } from '../fixtures/users.js';

const TOKEN = 'metrics-token-for-the-tests';

/** The value of one sample of the Prometheus text, or undefined when there is none. */
function sample(text: string, name: string, labels: Record<string, string> = {}): number | undefined {
  const wanted = Object.entries(labels).map(([key, value]) => `${key}="${value}"`);
  for (const line of text.split('\n')) {
    if (!line.startsWith(`${name}{`) && !line.startsWith(`${name} `)) continue;
    if (wanted.every((label) => line.includes(label))) return Number(line.slice(line.lastIndexOf(' ') + 1));
  }
  return undefined;
}

describe('GET /metrics without METRICS_TOKEN', () => {
  const t = useTestApp();

  it('is not there', async () => {
    await t.http().get('/metrics').expect(404);
  });
});

describe('GET /metrics with METRICS_TOKEN', () => {
  const t = useTestApp({ env: { METRICS_TOKEN: TOKEN } });
  const scrape = async () =>
    (await t.http().get('/metrics').set('Authorization', `Bearer ${TOKEN}`).expect(200)).text;

  it('refuses a scrape without the token, or with another', async () => {
    const res = await t.http().get('/metrics').expect(401);
    expect(res.body.message).toContain('METRICS_TOKEN');
    await t.http().get('/metrics').set('Authorization', `Bearer ${TOKEN}x`).expect(401);
    await t.http().get('/metrics').set('Authorization', TOKEN).expect(401);
  });

  it('counts requests by method, route pattern and status, with their durations', async () => {
    const member = await createSession(t);
    await t.http().get('/api/health').expect(200);
    await t
      .http()
      .get(`/api/users/getUserById/${member.user.id}/`)
      .set('Authorization', member.bearer)
      .expect(200);
    await t.http().get('/api/users/getUserById/999999/').set('Authorization', member.bearer).expect(404);
    await t.http().get('/api/nowhere').expect(404);
    const res = await t.http().get('/metrics').set('Authorization', `Bearer ${TOKEN}`).expect(200);
    expect(res.headers['content-type']).toMatch(/^text\/plain/);
    const text = res.text;
    expect(
      sample(text, 'http_request_duration_seconds_count', {
        method: 'GET',
        route: '/api/health',
        status: '200',
      }),
    ).toBe(1);
    const byId = { method: 'GET', route: '/api/users/getUserById/:id' };
    expect(sample(text, 'http_request_duration_seconds_count', { ...byId, status: '200' })).toBe(1);
    expect(sample(text, 'http_request_duration_seconds_count', { ...byId, status: '404' })).toBe(1);
    expect(
      sample(text, 'http_request_duration_seconds_count', { route: 'api (no route)', status: '404' }),
    ).toBe(1);
    expect(text).not.toContain(`/api/users/getUserById/${member.user.id}`);
    expect(sample(text, 'http_request_duration_seconds_count', { route: '/metrics', status: '401' })).toBe(3);
    expect(sample(text, 'http_request_duration_seconds_bucket', { route: '/api/health', le: '+Inf' })).toBe(
      1,
    );
  });

  it('reports the queues, the sockets of this instance and the process', async () => {
    const member = await createSession(t);
    const base = await listen(t);
    const socket = io(base, {
      path: '/socket.io',
      transports: ['websocket'],
      auth: { token: member.access },
    });
    try {
      await new Promise<void>((resolve, reject) => {
        socket.once('connect', resolve);
        socket.once('connect_error', reject);
      });
      const text = await scrape();
      expect(sample(text, 'fitcoach_sockets_connected')).toBe(1);
      for (const queue of t.config.redisUrl ? ['mail', 'payments'] : []) {
        expect(sample(text, 'fitcoach_job_queue_jobs', { queue, state: 'waiting' })).toBeGreaterThanOrEqual(
          0,
        );
      }
      expect(text).toContain('# TYPE fitcoach_job_queue_jobs gauge');
      expect(sample(text, 'process_cpu_user_seconds_total')).toBeGreaterThan(0);
      expect(sample(text, 'nodejs_eventloop_lag_seconds')).toBeGreaterThanOrEqual(0);
    } finally {
      socket.close();
    }
  });
});
