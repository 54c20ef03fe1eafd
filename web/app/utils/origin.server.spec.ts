import { describe, expect, it } from '@jest/globals';
import { isSameOrigin } from './origin.server';

function post(origin?: string): Request {
  return new Request('https://fitcoach.example/login', {
    method: 'POST',
    headers: origin === undefined ? {} : { Origin: origin },
  });
}

describe(isSameOrigin.name, () => {
  it('accepts the site itself and clients that send no Origin', () => {
    expect(isSameOrigin(post('https://fitcoach.example'))).toBe(true);
    expect(isSameOrigin(post())).toBe(true);
  });

  it.each([
    ['another site', 'https://evil.example'],
    ['the same host over another scheme', 'http://fitcoach.example'],
    ['another port', 'https://fitcoach.example:8443'],
    ['an opaque origin', 'null'],
  ])('refuses %s', (_case, origin) => {
    expect(isSameOrigin(post(origin))).toBe(false);
  });
});
