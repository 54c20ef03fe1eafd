import type { IncomingMessage, Server } from 'node:http';
import { Duplex } from 'node:stream';
import type { MessagePort } from 'node:worker_threads';

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

/** What one end of a port connection sends: bytes, or null for the end of its writing. */
type PortChunk = Uint8Array | null;

/** One end of a connection between two threads: the bytes go over a MessagePort, copied, in order. */
export class PortEnd extends Duplex {
  constructor(private readonly port: MessagePort) {
    super();
    port.on('message', (chunk: PortChunk) => {
      this.push(chunk === null ? null : Buffer.from(chunk.buffer, chunk.byteOffset, chunk.byteLength));
    });
    port.once('close', () => this.destroy());
  }

  override _read(): void {}

  override _write(chunk: Buffer, _encoding: BufferEncoding, done: (error?: Error | null) => void): void {
    this.port.postMessage(chunk satisfies PortChunk);
    done();
  }

  // What HTTP writes at once (an answer's head and body) crosses as one message.
  override _writev(chunks: { chunk: Buffer }[], done: (error?: Error | null) => void): void {
    this.port.postMessage(Buffer.concat(chunks.map(({ chunk }) => chunk)) satisfies PortChunk);
    done();
  }

  override _final(done: (error?: Error | null) => void): void {
    this.port.postMessage(null satisfies PortChunk);
    done();
  }

  override _destroy(error: Error | null, done: (error?: Error | null) => void): void {
    this.port.close();
    done(error);
  }
}

/** The API's ends of the connections this process's own pages opened. */
const ownPages = new WeakSet<Duplex>();

function accept(server: Server, end: Duplex): void {
  Object.assign(end, { remoteAddress: '127.0.0.1', remoteFamily: 'IPv4' });
  ownPages.add(end);
  server.emit('connection', end);
}

/** True for a request a page of this process made over an in-process connection, never for one from a network. */
export function fromOwnPages(req: IncomingMessage): boolean {
  return ownPages.has(req.socket);
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
  accept(server, accepted);
  return client;
}

/** The API's end of a connection a render thread opened with the other end of `port` (ADR 065). */
export function acceptFromThread(server: Server, port: MessagePort): void {
  accept(server, new PortEnd(port));
}
