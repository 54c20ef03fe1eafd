import type { Duplex } from 'node:stream';

declare module '@remix-run/node' {
  interface AppLoadContext {
    /**
     * Per-request nonce of the Content-Security-Policy that the API's helmet middleware sends. Absent under
     * `remix vite:dev`, which serves no CSP.
     */
    cspNonce?: string;
    /**
     * A new connection to the API of the process serving this page, which never leaves the process
     * (docs/decisions/050). Absent when API_INTERNAL_URL names another place: the API is then reached over HTTP.
     */
    apiConnection?: () => Duplex;
  }
}

export {};
