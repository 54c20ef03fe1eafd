import type { Server } from 'node:http';

/**
 * Longer than clients keep theirs, so the client is the one that closes: a POST sent just as the server closes
 * fails with ECONNRESET and is not retried (ADR 033).
 */
export const KEEP_ALIVE_TIMEOUT_MS = 65_000;

/** The headers timeout stays above it, as Node's documentation asks. */
export function keepConnectionsAlive(server: Server): void {
  server.keepAliveTimeout = KEEP_ALIVE_TIMEOUT_MS;
  server.headersTimeout = Math.max(server.headersTimeout, KEEP_ALIVE_TIMEOUT_MS + 1_000);
}
