import { RemixBrowser } from '@remix-run/react';
import { startTransition, StrictMode } from 'react';
import { hydrateRoot } from 'react-dom/client';

/**
 * Until Remix decodes the page's data the whole root is suspended, and a key press or click then makes hydration fail
 * (React error 345). Rendering once first starts the decoding, so the root does not suspend (ADR 044).
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
