import type { Server } from 'node:http';
import { Duplex } from 'node:stream';

/** Node's own `stream.duplexPair` (Node 22.6) is not in Node 20. */
class MemoryEnd extends Duplex {
  peer: MemoryEnd | undefined;

  override _read(): void {}

  override _write(chunk: Buffer, _encoding: BufferEncoding, done: (error?: Error | null) => void): void {
    this.peer?.push(chunk);
    done();
  }

  override _final(done: (error?: Error | null) => void): void {
    this.peer?.push(null);
    done();
  }

  override _destroy(error: Error | null, done: (error?: Error | null) => void): void {
    this.peer?.destroy();
    done(error);
  }
}

/**
 * A connection that goes through the same HTTP server, guards and filters as one from the network
 * (ADR 050); its peer is loopback, so the web's X-Forwarded-For is believed (TRUSTED_PROXIES).
 */
export function connectInProcess(server: Server): Duplex {
  const client = new MemoryEnd();
  const accepted = new MemoryEnd();
  client.peer = accepted;
  accepted.peer = client;
  Object.assign(accepted, { remoteAddress: '127.0.0.1', remoteFamily: 'IPv4' });
  server.emit('connection', accepted);
  return client;
}
