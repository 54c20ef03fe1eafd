import { createServer, type Server } from 'node:net';
import { afterEach, describe, expect, it } from '@jest/globals';
import { HttpException } from '@nestjs/common';
import type { Response } from 'express';
import { createRateLimits, type RateLimits } from './rate-limit.js';

const RULES = { login: { points: 3, windowSeconds: 60 } };

function response(): Response & { headers: Record<string, string> } {
  const headers: Record<string, string> = {};
  return { headers, setHeader: (name: string, value: string) => (headers[name] = value) } as never;
}

async function attempts(limits: RateLimits, count: number): Promise<number[]> {
  const statuses: number[] = [];
  for (let i = 0; i < count; i += 1) {
    try {
      await limits.consume('login', '203.0.113.7', response());
      statuses.push(200);
    } catch (error) {
      if (!(error instanceof HttpException)) throw error;
      statuses.push(error.getStatus());
    }
  }
  return statuses;
}

let limits: RateLimits | undefined;
let silent: Server | undefined;
afterEach(async () => {
  await limits?.onApplicationShutdown();
  silent?.close();
});

describe(createRateLimits.name, () => {
  it('counts in this process without REDIS_URL', async () => {
    limits = createRateLimits({ rules: RULES, prefix: 'test' });
    expect(await attempts(limits, 4)).toEqual([200, 200, 200, 429]);
  });

  it('keeps counting in this process, with no error, while Redis cannot be reached', async () => {
    limits = createRateLimits({ rules: RULES, redisUrl: 'redis://127.0.0.1:9/0', prefix: 'test' });
    expect(await attempts(limits, 4)).toEqual([200, 200, 200, 429]);
  });

  it('does not wait for a Redis that accepts connections but never answers', async () => {
    silent = createServer(() => undefined).listen(0, '127.0.0.1');
    await new Promise((resolve) => silent?.once('listening', resolve));
    const { port } = silent.address() as { port: number };
    limits = createRateLimits({ rules: RULES, redisUrl: `redis://127.0.0.1:${port}/0`, prefix: 'test' });
    expect(await attempts(limits, 4)).toEqual([200, 200, 200, 429]);
  });

  it('tells how long to wait when refusing', async () => {
    limits = createRateLimits({ rules: RULES, prefix: 'test' });
    await attempts(limits, 3);
    const res = response();
    await expect(limits.consume('login', '203.0.113.7', res, 'detail')).rejects.toMatchObject({
      response: { message: expect.stringMatching(/^Too many attempts\. Try again in \d+ seconds\.$/) },
    });
    expect(Number(res.headers['Retry-After'])).toBeGreaterThanOrEqual(59);
  });
});
