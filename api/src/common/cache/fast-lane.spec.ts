import { createHash } from 'node:crypto';
import { once } from 'node:events';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterEach, describe, expect, it } from '@jest/globals';
import express from 'express';
import type { DataSource } from 'typeorm';
import { loadConfig } from '../config/app-config.js';
import { memoryTables } from '../database/memory-tables.testing.js';
import { putInFront } from '../http/in-front.js';
import { answerKey, FastLane, hashedPolicy, markShared, type TrustProxy } from './fast-lane.js';
import { ResponseCache } from './response-cache.js';
import { TableWrites } from './table-writes.js';
const sha = (script: string) => `'sha256-${createHash('sha256').update(script).digest('base64')}'`;

describe('hashedPolicy', () => {
  const policy = "default-src 'self';script-src 'self' 'nonce-abc==' https://*.paypal.com;style-src 'self'";

  it("allows each inline script of the page by its hash instead of the rendering request's nonce", () => {
    const html =
      '<html><head><script nonce="abc==">window.a = 1;</script></head>' +
      '<body><script type="module" nonce="abc==">import "/assets/x.js";\n</script></body></html>';
    expect(hashedPolicy(policy, 'abc==', html)).toBe(
      `default-src 'self';script-src 'self' ${sha('window.a = 1;')} ${sha('import "/assets/x.js";\n')} ` +
        "https://*.paypal.com;style-src 'self'",
    );
  });

  it('leaves scripts loaded from a file to the policy, and lists a repeated script once', () => {
    const html = '<script src="/assets/a.js"></script><script>go()</script><script>go()</script>';
    expect(hashedPolicy(policy, 'abc==', html)).toBe(
      `default-src 'self';script-src 'self' ${sha('go()')} https://*.paypal.com;style-src 'self'`,
    );
  });

  it('allows no inline script at all when the page has none', () => {
    expect(hashedPolicy(policy, 'abc==', '<p>plain</p>')).toBe(
      "default-src 'self';script-src 'self' https://*.paypal.com;style-src 'self'",
    );
  });
});

describe('the fast lane in front of Express', () => {
  let dataSource: DataSource | undefined;
  let server: Server | undefined;
  afterEach(async () => {
    server?.close();
    await dataSource?.destroy();
  });

  /**
   * A server as app.factory.ts builds it, around an Express app whose one page renders afresh each time, says which
   * scheme Express saw, and is marked for everyone as the site's pages are. `trust` is Express's `trust proxy`.
   */
  async function site(trust: string | boolean) {
    ({ dataSource } = await memoryTables('note'));
    const config = loadConfig({ PUBLIC_CACHE_MS: '60000' });
    const writes = new TableWrites(config, dataSource, 'test');
    await writes.onModuleInit();
    const cache = new ResponseCache(config, writes);
    const app = express();
    app.set('trust proxy', trust);
    const lane = new FastLane(
      cache,
      () => Promise.reject(new Error('no token here')),
      app.get('trust proxy fn') as TrustProxy,
    );
    let renders = 0;
    app.use(lane.record);
    app.get('/page', (req, res) => {
      renders += 1;
      markShared(res, { key: answerKey(req), audience: 'anonymous' });
      res.type('text/html').send(`render ${renders} for ${req.protocol}`);
    });
    server = createServer(app);
    putInFront(server, [lane.serve]);
    server.listen(0, '127.0.0.1');
    await once(server, 'listening');
    const { port } = server.address() as AddressInfo;
    return (headers: Record<string, string> = {}) =>
      fetch(`http://127.0.0.1:${port}/page`, { headers }).then((response) => response.text());
  }

  it('sends a page again to the scheme it was rendered for, as Express tells the scheme behind a trusted proxy', async () => {
    const page = await site('loopback');
    const https = { 'X-Forwarded-Proto': 'https' };
    expect(await page(https)).toBe('render 1 for https');
    expect(await page(https)).toBe('render 1 for https');
    expect(await page()).toBe('render 2 for http');
    expect(await page()).toBe('render 2 for http');
    expect(await page(https)).toBe('render 1 for https');
  });

  it('ignores X-Forwarded-Proto from a peer that is not a trusted proxy, as Express does', async () => {
    const page = await site(false);
    expect(await page({ 'X-Forwarded-Proto': 'https' })).toBe('render 1 for http');
    expect(await page()).toBe('render 1 for http');
  });
});
