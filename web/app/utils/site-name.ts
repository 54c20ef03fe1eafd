/*
 * The name the site calls itself (SITE_NAME, validated by the API's configuration): in titles, the logo, the footer
 * and the pages' text. The server sets it once at start (entry.server.tsx); every page carries it in its
 * `application-name` meta tag (root.tsx), where the browser reads it, so meta functions and components that run on
 * both sides agree without threading it through every loader.
 */

export const DEFAULT_SITE_NAME = 'FitCoach';

let serverSiteName = DEFAULT_SITE_NAME;

/** The server's name, from its environment; called once before any page renders. */
export function setServerSiteName(name: string): void {
  serverSiteName = name;
}

export function siteName(): string {
  if (typeof document === 'undefined') return serverSiteName;
  return (
    document.querySelector('meta[name="application-name"]')?.getAttribute('content') || DEFAULT_SITE_NAME
  );
}
