import { useEffect } from 'react';

/**
 * Registers the service worker (web/public/sw.js) once the page has loaded, so that it never competes with the
 * page's own requests; production builds only, as Vite's dev server serves modules the worker should not see.
 */
export function ServiceWorker() {
  useEffect(() => {
    if (!import.meta.env.PROD || !('serviceWorker' in navigator)) return;
    // A refused registration (a browser that blocks workers) leaves the site as it was: online only.
    const register = () => void navigator.serviceWorker.register('/sw.js').catch(() => undefined);
    if (document.readyState === 'complete') register();
    else window.addEventListener('load', register, { once: true });
    return () => window.removeEventListener('load', register);
  }, []);
  return null;
}
