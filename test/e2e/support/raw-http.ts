import { once } from 'node:events';
import { connect } from 'node:net';

export interface RawAnswer {
  status: number;
  /** Header names in lower case. */
  headers: Record<string, string>;
  body: string;
  /** How many body bytes the client had written when the answer came. */
  sent: number;
}

export interface RawRequest {
  /** The server's answer, whenever it comes: before the body is all sent, or after. */
  answer: Promise<RawAnswer>;
  /** Whether the server has answered. */
  answered(): boolean;
  /** Resolves when the server closes the connection (the client never does). */
  closed: Promise<void>;
  /** Writes `bytes` more body bytes, waiting for the socket as a real client does; stops once answered. */
  write(bytes: number | Buffer): Promise<void>;
  /** Ends the body (the last chunk of a chunked one). */
  end(): void;
  /** Closes the connection from the client's side. */
  destroy(): void;
}

const CHUNK = Buffer.alloc(64 * 1024, 'a');

function parseHead(head: string): Pick<RawAnswer, 'status' | 'headers'> {
  const [statusLine = '', ...lines] = head.split('\r\n');
  const headers: Record<string, string> = {};
  for (const line of lines) {
    const colon = line.indexOf(':');
    headers[line.slice(0, colon).trim().toLowerCase()] = line.slice(colon + 1).trim();
  }
  return { status: Number(statusLine.split(' ')[1]), headers };
}

/**
 * An HTTP/1.1 request written on a socket of its own, byte by byte as the test wants: the tests of the body limits
 * send a body piece by piece and watch when, and whether, the server answers while it is still being sent, and
 * whether the server closes the connection. The client keeps its side open (allowHalfOpen) whatever happens, so a
 * closed connection is always the server's doing.
 */
export function rawRequest(
  url: string,
  { method = 'POST', headers = {} }: { method?: string; headers?: Record<string, string> },
): RawRequest {
  const { hostname, port, pathname, search } = new URL(url);
  const socket = connect({ host: hostname, port: Number(port), allowHalfOpen: true });
  const chunked = /chunked/i.test(
    Object.entries(headers).find(([name]) => name.toLowerCase() === 'transfer-encoding')?.[1] ?? '',
  );
  const head = Object.entries({ Host: `${hostname}:${port}`, ...headers })
    .map(([name, value]) => `${name}: ${value}\r\n`)
    .join('');
  socket.write(`${method} ${pathname}${search} HTTP/1.1\r\n${head}\r\n`);

  let sent = 0;
  let answered = false;
  const closed = new Promise<void>((resolve) => {
    socket.once('end', () => resolve());
    socket.once('close', () => resolve());
  });
  const answer = new Promise<RawAnswer>((resolve, reject) => {
    let received = Buffer.alloc(0);
    let at = 0;
    const settle = (final: boolean) => {
      const end = received.indexOf('\r\n\r\n');
      if (end === -1) {
        if (final) reject(new Error('the connection closed without an answer'));
        return;
      }
      if (!answered) at = sent;
      answered = true;
      const parsed = parseHead(received.subarray(0, end).toString('latin1'));
      const body = received.subarray(end + 4);
      const length = Number(parsed.headers['content-length'] ?? Number.NaN);
      if (final || body.length >= length) resolve({ ...parsed, body: body.toString('utf8'), sent: at });
    };
    socket.on('data', (data: Buffer) => {
      received = Buffer.concat([received, data]);
      settle(false);
    });
    socket.once('end', () => settle(true));
    // Once the server has answered, it may cut the connection of a client that is still sending.
    socket.on('error', (error) => {
      if (!answered) reject(error);
    });
  });

  async function writeChunk(chunk: Buffer): Promise<void> {
    if (answered || socket.destroyed) return;
    sent += chunk.length;
    const framed = chunked
      ? Buffer.concat([Buffer.from(`${chunk.length.toString(16)}\r\n`), chunk, Buffer.from('\r\n')])
      : chunk;
    if (socket.write(framed)) {
      // The kernel took the chunk at once: yield to the event loop anyway, so that an answer that came meanwhile is
      // read before the next chunk (otherwise a server that drops what follows its answer as fast as it comes lets
      // this loop write on in microtasks, its answer unread, and `sent` counts far past the moment it was answered).
      await new Promise((resolve) => setImmediate(resolve));
      return;
    }
    await Promise.race([once(socket, 'drain'), answer, closed]);
  }

  return {
    answer,
    answered: () => answered,
    closed,
    async write(bytes) {
      if (Buffer.isBuffer(bytes)) return writeChunk(bytes);
      let left = bytes;
      while (left > 0 && !answered && !socket.destroyed) {
        const chunk = left >= CHUNK.length ? CHUNK : CHUNK.subarray(0, left);
        left -= chunk.length;
        await writeChunk(chunk);
      }
    },
    end: () => {
      if (chunked && !socket.destroyed) socket.write('0\r\n\r\n');
    },
    destroy: () => socket.destroy(),
  };
}
