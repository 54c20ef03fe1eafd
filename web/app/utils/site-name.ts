// SITE_NAME, validated by the API. The server sets it once (entry.server.tsx) and pages carry it in their
// `application-name` meta (root.tsx), so code that runs on both sides agrees without threading it through loaders.

export const DEFAULT_SITE_NAME = 'FitCoach';

let serverSiteName = DEFAULT_SITE_NAME;

export function setServerSiteName(name: string): void {
  serverSiteName = name;
}

export function siteName(): string {
  if (typeof document === 'undefined') return serverSiteName;
  return (
    document.querySelector('meta[name="application-name"]')?.getAttribute('content') || DEFAULT_SITE_NAME
  );
}
