import { describe, expect, it } from '@jest/globals';
import { MAX_BODY_DEPTH, nestingDepth } from './body-depth.js';

const nested = (depth: number): unknown => JSON.parse(`${'['.repeat(depth)}${']'.repeat(depth)}`);

describe('nestingDepth', () => {
  it('counts the levels of arrays and objects, scalars being none', () => {
    expect(nestingDepth('text', MAX_BODY_DEPTH)).toBe(0);
    expect(nestingDepth(null, MAX_BODY_DEPTH)).toBe(0);
    expect(nestingDepth({ email: 'a@b.c', tags: ['x'] }, MAX_BODY_DEPTH)).toBe(2);
    expect(nestingDepth({ a: { b: [{ c: 1 }] } }, MAX_BODY_DEPTH)).toBe(4);
  });

  it('stops counting past the limit, so a body nested 100,000 deep costs no more than the limit', () => {
    expect(nestingDepth(nested(100_000), MAX_BODY_DEPTH)).toBe(MAX_BODY_DEPTH + 1);
    expect(nestingDepth(nested(MAX_BODY_DEPTH), MAX_BODY_DEPTH)).toBe(MAX_BODY_DEPTH);
  });
});
