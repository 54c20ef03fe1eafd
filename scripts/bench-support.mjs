// What the benchmark scripts share (scripts/bench.mjs, scripts/bench-chat.mjs).
import { once } from 'node:events';
import { createServer } from 'node:net';

/** A TCP port nothing listens on at the moment, on 127.0.0.1. */
export async function freePort() {
  const server = createServer().listen(0, '127.0.0.1');
  await once(server, 'listening');
  const { port } = server.address();
  server.close();
  return port;
}
