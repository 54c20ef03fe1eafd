import { describe, expect, it } from '@jest/globals';
import { hasClaimsOf } from './sessions.service.js';

describe(hasClaimsOf.name, () => {
  const access = { typ: 'access', sub: '42', sid: 'b1946ac9-2ea0-4e64-a3a6-3c2b9d8f1e0a' };

  it('accepts the claims of a token of the given type', () => {
    expect(hasClaimsOf(access, 'access')).toBe(true);
  });

  it('refuses another type, a user id that is not all digits, or a session id that is not a string', () => {
    expect(hasClaimsOf(access, 'refresh')).toBe(false);
    for (const sub of ['x42', '42x', '4 2', '', 42])
      expect(hasClaimsOf({ ...access, sub }, 'access')).toBe(false);
    for (const sid of [undefined, 7, null]) expect(hasClaimsOf({ ...access, sid }, 'access')).toBe(false);
  });
});
