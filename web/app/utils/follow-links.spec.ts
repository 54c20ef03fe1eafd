import { describe, expect, it } from '@jest/globals';
import { clientPath } from './follow-links';

const ORIGIN = 'https://fit.example';
const anchor = (href: string, target = '', download = false) => ({
  href,
  target,
  hasAttribute: (name: string) => name === 'download' && download,
});
const click = (changes: Partial<Parameters<typeof clientPath>[1]> = {}) => ({
  button: 0,
  metaKey: false,
  ctrlKey: false,
  shiftKey: false,
  altKey: false,
  defaultPrevented: false,
  ...changes,
});

describe(clientPath.name, () => {
  it('opens a link of this site in the app, with its query and fragment', () => {
    expect(clientPath(anchor(`${ORIGIN}/programDetails/7?soon=1#top`), click(), ORIGIN)).toBe(
      '/programDetails/7?soon=1#top',
    );
  });

  it('leaves to the browser a new tab, a new window, another button and a handled click', () => {
    const link = anchor(`${ORIGIN}/programDetails/7`);
    for (const changes of [
      { ctrlKey: true },
      { metaKey: true },
      { shiftKey: true },
      { altKey: true },
      { button: 1 },
      { defaultPrevented: true },
    ]) {
      expect(clientPath(link, click(changes), ORIGIN)).toBeNull();
    }
  });

  it('leaves to the browser another origin, a target, a download and a click outside any link', () => {
    expect(clientPath(anchor('https://elsewhere.example/x'), click(), ORIGIN)).toBeNull();
    expect(clientPath(anchor(`${ORIGIN}/x`, '_blank'), click(), ORIGIN)).toBeNull();
    expect(clientPath(anchor(`${ORIGIN}/x`, '', true), click(), ORIGIN)).toBeNull();
    expect(clientPath(null, click(), ORIGIN)).toBeNull();
    expect(clientPath(anchor(`${ORIGIN}/x`, '_self'), click(), ORIGIN)).toBe('/x');
  });
});
