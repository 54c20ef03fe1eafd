import { useNavigate } from '@remix-run/react';
import type { MouseEvent } from 'react';

type Anchor = Pick<HTMLAnchorElement, 'href' | 'target' | 'hasAttribute'>;
type Click = Pick<MouseEvent, 'button' | 'metaKey' | 'ctrlKey' | 'shiftKey' | 'altKey' | 'defaultPrevented'>;

/** The path a click on a plain anchor should open in the app, or null when the browser should follow it itself. */
export function clientPath(anchor: Anchor | null, click: Click, origin: string): string | null {
  if (!anchor || click.defaultPrevented || click.button !== 0) return null;
  if (click.metaKey || click.ctrlKey || click.shiftKey || click.altKey) return null;
  if ((anchor.target !== '' && anchor.target !== '_self') || anchor.hasAttribute('download')) return null;
  const url = new URL(anchor.href, origin);
  return url.origin === origin ? `${url.pathname}${url.search}${url.hash}` : null;
}

/** Opens a list's plain anchors in the app as `Link` would, with one hook for the list rather than one per anchor. */
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
