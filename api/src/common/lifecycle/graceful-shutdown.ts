import type { Server } from 'node:http';
import type { INestApplication } from '@nestjs/common';
import { ShutdownState } from './shutdown-state.js';

export const SHUTDOWN_TIMEOUT_MS = 10_000;

const POLL_MS = 25;

export type ShutdownOutcome = 'clean' | 'timeout';

/**
 * Readiness fails first so a balancer stops sending, then requests in flight are answered before Nest closes
 * (docs/operations.md, "Operating it"); 'timeout': the caller exits anyway.
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
