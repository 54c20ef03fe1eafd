import { expect, test } from './fixtures.js';

/*
 * The build's files (api/src/common/web/remix-handler.ts): hashed assets are cached for a year, the other public
 * files for an hour, and a page's path is never taken for a file.
 */

test('hashed build assets are cached for a year, as immutable', async ({ request }) => {
  const html = await (await request.get('/')).text();
  const script = /<link rel="modulepreload" href="(\/assets\/[^"]+\.js)"/.exec(html)?.[1];
  expect(script).toBeDefined();
  const asset = await request.get(script ?? '');
  expect(asset.status()).toBe(200);
  expect(asset.headers()['cache-control']).toBe('public, max-age=31536000, immutable');
  expect(asset.headers()['content-type']).toContain('javascript');
});

test('the favicon is served from the build for an hour', async ({ request }) => {
  const favicon = await request.get('/favicon.svg');
  expect(favicon.status()).toBe(200);
  expect(favicon.headers()['content-type']).toContain('image/svg+xml');
  expect(favicon.headers()['cache-control']).toBe('public, max-age=3600');
  expect(await favicon.text()).toContain('<svg');
});

test('a page is rendered, not looked up among the files', async ({ request }) => {
  const page = await request.get('/programmes');
  expect(page.status()).toBe(200);
  expect(page.headers()['content-type']).toContain('text/html');
});
