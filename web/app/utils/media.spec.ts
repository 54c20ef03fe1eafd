import { describe, expect, it } from '@jest/globals';
import { imageSources } from './media';

describe('imageSources', () => {
  it("offers a stored image's narrower copies, and the image as the widest", () => {
    expect(imageSources('/media/program/0123456789abcdef0123456789abcdef.webp')).toEqual({
      src: '/media/program/0123456789abcdef0123456789abcdef.webp',
      srcSet:
        '/media/program/0123456789abcdef0123456789abcdef-320w.webp 320w, ' +
        '/media/program/0123456789abcdef0123456789abcdef-640w.webp 640w, ' +
        '/media/program/0123456789abcdef0123456789abcdef-960w.webp 960w, ' +
        '/media/program/0123456789abcdef0123456789abcdef.webp 1600w',
    });
  });

  it('leaves any other address as it is', () => {
    for (const src of [
      'https://example.com/a.webp',
      '/media/program/a.webp',
      '/media/program/x.png',
      'blob:xyz',
    ]) {
      expect(imageSources(src)).toEqual({ src });
    }
  });
});
