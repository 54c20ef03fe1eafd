/*
 * The app's scripts are fetched after the page's first paint (docs/decisions/044). The server writes Remix's module
 * preloads and its module script with inert stand-ins of these two values (after-paint.server.ts); the script below,
 * inline at the end of the body, makes them live once the browser has painted the page and loaded its main pictures.
 */

/** The `rel` of a `<link rel="modulepreload">` until the page has painted. */
export const PRELOAD_AFTER_PAINT = 'x-modulepreload-after-paint';

/** The `type` of the `<script type="module">` that starts the app, until the page has painted. */
export const MODULE_AFTER_PAINT = 'x-module-after-paint';

/**
 * Runs in the browser, sent as the text of an inline script (so it uses nothing but its arguments). Waits for the
 * first contentful paint and for the pictures the page fetches first (`fetchpriority="high"`: the page's largest
 * paint), then turns the stand-ins into a module preload and a module script. A browser that cannot report its
 * paints starts them at once; a page opened in a background tab starts them when it is first shown and painted.
 */
export function startScriptsAfterPaint(preloadRel: string, moduleType: string): void {
  const start = () => {
    document.querySelectorAll<HTMLLinkElement>(`link[rel="${preloadRel}"]`).forEach((link) => {
      link.rel = 'modulepreload';
    });
    // A script the parser left alone (its type was not one it runs) does not run when its type changes: a new
    // element takes its place, with the same text and nonce, which the page's CSP allows.
    document.querySelectorAll<HTMLScriptElement>(`script[type="${moduleType}"]`).forEach((inert) => {
      const script = document.createElement('script');
      script.type = 'module';
      script.nonce = inert.nonce ?? '';
      script.textContent = inert.textContent;
      inert.replaceWith(script);
    });
  };
  const painted = new Promise<void>((resolve) => {
    if (
      typeof PerformanceObserver === 'undefined' ||
      !PerformanceObserver.supportedEntryTypes?.includes('paint')
    ) {
      resolve();
      return;
    }
    new PerformanceObserver((entries, observer) => {
      if (entries.getEntriesByName('first-contentful-paint').length === 0) return;
      observer.disconnect();
      resolve();
    }).observe({ type: 'paint', buffered: true });
  });
  const mainPictures = Array.from(
    document.querySelectorAll<HTMLImageElement>('img[fetchpriority="high"]'),
    (image) =>
      new Promise<void>((resolve) => {
        if (image.complete) resolve();
        image.addEventListener('load', () => resolve(), { once: true });
        image.addEventListener('error', () => resolve(), { once: true });
      }),
  );
  void Promise.all([painted, ...mainPictures]).then(start);
}

/** The inline script's text: the function above, called with the two stand-ins. */
export const SCRIPTS_AFTER_PAINT = `(${startScriptsAfterPaint.toString()})(${JSON.stringify(PRELOAD_AFTER_PAINT)}, ${JSON.stringify(MODULE_AFTER_PAINT)});`;
