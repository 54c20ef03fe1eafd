import { RemixBrowser } from '@remix-run/react';
import { startTransition, StrictMode } from 'react';
import { hydrateRoot } from 'react-dom/client';

/**
 * Remix decodes the page's data (single fetch's stream) in RemixBrowser's first render, and until it is decoded the
 * whole root is suspended, with no boundary above it. A key press or a click in that moment makes React hydrate at
 * once; the suspended root then fails ("Root did not complete", React error 345) and the page never comes alive.
 * Calling the component once before hydrating starts the decoding (it throws the promise of it, before any hook):
 * awaited, the root's first render has its data and does not suspend. docs/decisions/044 says why it matters here.
 */
async function decodePageData(): Promise<void> {
  try {
    RemixBrowser({});
  } catch (thrown) {
    if (thrown instanceof Promise) await thrown;
  }
}

void decodePageData().then(() => {
  startTransition(() => {
    hydrateRoot(
      document,
      <StrictMode>
        <RemixBrowser />
      </StrictMode>,
    );
  });
});
