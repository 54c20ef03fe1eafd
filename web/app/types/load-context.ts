import type { Duplex } from 'node:stream';

declare module '@remix-run/node' {
  interface AppLoadContext {
    /** The nonce of the CSP the API's helmet sends; absent under `remix vite:dev`, which serves no CSP. */
    cspNonce?: string;
    /** An in-process connection to this process's API (ADR 050); unset if the API is elsewhere. */
    apiConnection?: () => Duplex;
  }
}

export {};
