import type { Server } from 'node:http';

/**
 * How long an idle kept-alive connection stays open. Node closes one after 5 s by default, while clients keep theirs
 * much longer (browsers minutes, Node's and Playwright's agents until the server closes them, a balancer 60 s): a
 * request sent on a connection just as the server closes it fails with ECONNRESET, and a POST is not retried. The
 * server waits longer than any of them, so the client is the one that closes (docs/decisions/033).
 */
export const KEEP_ALIVE_TIMEOUT_MS = 65_000;

/** Applies the keep-alive timeout; the headers timeout stays above it, as Node's documentation asks. */
export function keepConnectionsAlive(server: Server): void {
  server.keepAliveTimeout = KEEP_ALIVE_TIMEOUT_MS;
  server.headersTimeout = Math.max(server.headersTimeout, KEEP_ALIVE_TIMEOUT_MS + 1_000);
}
