import type { Server } from 'node:http';
import { Duplex } from 'node:stream';

/**
 * One end of an in-memory connection: what is written to it is read from its peer. Node's own `stream.duplexPair`
 * (Node 22.6) is not in Node 20; destroying one end destroys the other, as a reset connection would.
 */
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
 * A connection into `server` that never leaves the process (docs/decisions/050): the server takes its end as it
 * takes an accepted socket (Node documents emitting 'connection' with any Duplex), so the request goes through the
 * very same HTTP server, Express, Nest's guards, pipes, interceptors and exception filter as one from the network.
 * Its peer is the loopback address: the web's X-Forwarded-For is believed as it was over loopback (TRUSTED_PROXIES).
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
