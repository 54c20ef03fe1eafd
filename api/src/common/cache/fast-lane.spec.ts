import { createHash } from 'node:crypto';
import { describe, expect, it } from '@jest/globals';
import { hashedPolicy } from './fast-lane.js';

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
