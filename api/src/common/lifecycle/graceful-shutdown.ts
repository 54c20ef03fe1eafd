import type { Server } from 'node:http';
import type { INestApplication } from '@nestjs/common';
import { ShutdownState } from './shutdown-state.js';

/** Longest a shutdown may take before the process gives up waiting for requests, jobs and sockets. */
export const SHUTDOWN_TIMEOUT_MS = 10_000;

const POLL_MS = 25;

export type ShutdownOutcome = 'clean' | 'timeout';

/**
 * The application's part of a SIGTERM (docs/operations.md, "Operating it"), all within `timeoutMs`:
 * 1. readiness answers 503 and every answer closes its connection (ShutdownState);
 * 2. the server stops accepting connections, idle keep-alive ones are closed, and the requests in flight are
 *    answered;
 * 3. Nest closes the app: the sockets are closed (socket.io clients see "transport close" and connect again, through
 *    the balancer, to another instance), running jobs finish (JobsService), the database and Redis are closed.
 * 'timeout' when that took longer: the caller exits anyway, and whatever is left is cut off with the process.
 */
export async function shutDownGracefully(
  app: INestApplication,
  timeoutMs = SHUTDOWN_TIMEOUT_MS,
): Promise<ShutdownOutcome> {
  const deadline = Date.now() + timeoutMs;
  const state = app.get(ShutdownState, { strict: false });
  state.begin();
  const server = app.getHttpServer() as Server;
  server.close();
  while (state.requestsInFlight > 0) {
    if (Date.now() >= deadline) return 'timeout';
    server.closeIdleConnections();
    await new Promise((resolve) => setTimeout(resolve, POLL_MS));
  }
  let timer: NodeJS.Timeout | undefined;
  const timeout = new Promise<ShutdownOutcome>((resolve) => {
    timer = setTimeout(() => resolve('timeout'), Math.max(0, deadline - Date.now()));
  });
  try {
    return await Promise.race([app.close().then((): ShutdownOutcome => 'clean'), timeout]);
  } finally {
    clearTimeout(timer);
  }
}
