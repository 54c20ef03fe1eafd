declare module '@remix-run/node' {
  interface AppLoadContext {
    /**
     * Per-request nonce of the Content-Security-Policy that the API's helmet middleware sends. Absent under
     * `remix vite:dev`, which serves no CSP.
     */
    cspNonce?: string;
  }
}

export {};
