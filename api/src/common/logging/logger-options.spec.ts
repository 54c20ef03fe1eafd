import { once } from 'node:events';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { Writable } from 'node:stream';
import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import { pinoHttp } from 'pino-http';
import { loadConfig } from '../config/app-config.js';
import { loggerOptions, maskUrl } from './logger-options.js';

const TOKEN = 'a3f1c2d4e5b6a7c8d9e0f1a2b3c4d5e6f7a8b9c0d1e2f3a4b5c6d7e8f9a0b1c2';

describe(maskUrl.name, () => {
  it.each([
    [`/verify/${TOKEN}`, '/verify/***'],
    [`/verify/${TOKEN}/`, '/verify/***/'],
    [`/verify/${TOKEN}.data`, '/verify/***.data'],
    [
      `/verify/${TOKEN}.data?_routes=routes%2Fverify.%24token`,
      '/verify/***.data?_routes=routes%2Fverify.%24token',
    ],
    [`/Verify/${TOKEN}?x=1`, '/Verify/***?x=1'],
    [`/api/users/email_verification/?token=${TOKEN}`, '/api/users/email_verification/?token=***'],
    [`/socket.io/?EIO=4&token=${TOKEN}&transport=polling`, '/socket.io/?EIO=4&token=***&transport=polling'],
  ])('masks the token of %s', (url, masked) => {
    expect(maskUrl(url)).toBe(masked);
  });

  it.each([
    '/',
    '/verify/',
    '/programmes?page=2',
    '/trainerPage/3',
    '/api/token/',
    '/login?redirectTo=%2Fverify',
  ])('leaves %s as it is', (url) => {
    expect(maskUrl(url)).toBe(url);
  });
});

describe('the request log', () => {
  const lines: Record<string, unknown>[] = [];
  let server: Server;
  let base: string;

  beforeAll(async () => {
    const destination = new Writable({
      write(chunk: Buffer, _encoding, done) {
        lines.push(JSON.parse(chunk.toString()) as Record<string, unknown>);
        done();
      },
    });
    const options = loggerOptions(
      loadConfig({
        NODE_ENV: 'production',
        JWT_SECRET: 'x'.repeat(32),
        PAYPAL_CLIENT_ID: 'client',
        PAYPAL_CLIENT_SECRET: 'secret',
      }),
    );
    const log = pinoHttp(options, destination);
    server = createServer((req, res) => {
      log(req, res);
      res.end('ok');
    }).listen(0, '127.0.0.1');
    await once(server, 'listening');
    base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  });
  afterAll(() => new Promise<void>((resolve) => server.close(() => resolve())));

  it('never holds a verification token, in production too', async () => {
    for (const path of [`/verify/${TOKEN}`, `/verify/${TOKEN}.data`, `/api/x/?token=${TOKEN}`]) {
      await (await fetch(`${base}${path}`)).text();
    }
    const logged = lines.map((line) => (line.req as { url: string }).url);
    expect(logged).toEqual(['/verify/***', '/verify/***.data', '/api/x/?token=***']);
    expect(JSON.stringify(lines)).not.toContain(TOKEN);
  });
});
