import { useNavigate } from '@remix-run/react';
import type { MouseEvent } from 'react';

type Anchor = Pick<HTMLAnchorElement, 'href' | 'target' | 'hasAttribute'>;
type Click = Pick<MouseEvent, 'button' | 'metaKey' | 'ctrlKey' | 'shiftKey' | 'altKey' | 'defaultPrevented'>;

/**
 * The path of this site that a click on a plain anchor should open in the app, or null when the browser should
 * follow the link itself: another button or a modifier key (a new tab or window), a target, a download, another
 * origin, or a click someone already handled.
 */
export function clientPath(anchor: Anchor | null, click: Click, origin: string): string | null {
  if (!anchor || click.defaultPrevented || click.button !== 0) return null;
  if (click.metaKey || click.ctrlKey || click.shiftKey || click.altKey) return null;
  if ((anchor.target !== '' && anchor.target !== '_self') || anchor.hasAttribute('download')) return null;
  const url = new URL(anchor.href, origin);
  return url.origin === origin ? `${url.pathname}${url.search}${url.hash}` : null;
}

/**
 * A click handler for a container of many plain anchors: it opens their pages in the app, as Remix's `Link` would,
 * with one hook for the whole list instead of a `Link`'s hooks per anchor. Without JavaScript they are plain links.
 */
export function useFollowLinks(): (event: MouseEvent<HTMLElement>) => void {
  const navigate = useNavigate();
  return (event) => {
    const anchor =
      event.target instanceof Element ? event.target.closest<HTMLAnchorElement>('a[href]') : null;
    const path = clientPath(anchor, event, window.location.origin);
    if (path === null) return;
    event.preventDefault();
    navigate(path);
  };
}
