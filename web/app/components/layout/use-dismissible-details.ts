import { useLocation } from '@remix-run/react';
import { type RefObject, useEffect } from 'react';

// Menus are native <details> to open without JavaScript; with it the navbar outlives navigations, so this closes an
// open menu then, and on a click outside or Escape.
export function useDismissibleDetails(ref: RefObject<HTMLDetailsElement | null>): void {
  const location = useLocation();

  useEffect(() => {
    if (ref.current) ref.current.open = false;
  }, [ref, location.key]);

  useEffect(() => {
    const close = (event: Event) => {
      const details = ref.current;
      if (!details?.open) return;
      if (event instanceof KeyboardEvent) {
        if (event.key !== 'Escape') return;
        details.open = false;
        details.querySelector('summary')?.focus();
        return;
      }
      if (event.target instanceof Node && !details.contains(event.target)) details.open = false;
    };
    document.addEventListener('pointerdown', close);
    document.addEventListener('keydown', close);
    return () => {
      document.removeEventListener('pointerdown', close);
      document.removeEventListener('keydown', close);
    };
  }, [ref]);
}
