import { once } from 'node:events';
import { type IncomingHttpHeaders, request as httpRequest } from 'node:http';

export interface RawAnswer {
  status: number;
  headers: IncomingHttpHeaders;
  body: string;
  /** How many body bytes the client had written when the answer came. */
  sent: number;
}

export interface RawRequest {
  /** The server's answer, whenever it comes: before the body is all sent, or after. */
  answer: Promise<RawAnswer>;
  /** Whether the server has answered. */
  answered(): boolean;
  /** Resolves when the connection is closed, by either side. */
  closed: Promise<void>;
  /** Writes `bytes` more body bytes, waiting for the socket as a real client does; stops once answered. */
  write(bytes: number | Buffer): Promise<void>;
  end(): void;
}

const CHUNK = Buffer.alloc(64 * 1024, 'a');

/**
 * A request through node:http with full control over its headers and body: the tests of the body limits send a body
 * piece by piece and watch when, and whether, the server answers while it is still being sent.
 */
export function rawRequest(
  url: string,
  { method = 'POST', headers = {} }: { method?: string; headers?: Record<string, string> },
): RawRequest {
  const req = httpRequest(url, { method, headers });
  let sent = 0;
  let answered = false;
  const closed = new Promise<void>((resolve) => req.once('close', () => resolve()));
  const answer = new Promise<RawAnswer>((resolve, reject) => {
    req.once('response', (res) => {
      answered = true;
      const at = sent;
      let body = '';
      res.setEncoding('utf8');
      res.on('data', (chunk: string) => (body += chunk));
      res.once('end', () => resolve({ status: res.statusCode ?? 0, headers: res.headers, body, sent: at }));
      res.once('error', reject);
    });
    // Once the server has answered, it may close the connection on a client that is still sending.
    req.on('error', (error) => {
      if (!answered) reject(error);
    });
  });
  req.flushHeaders();

  async function writeChunk(chunk: Buffer): Promise<void> {
    sent += chunk.length;
    if (req.write(chunk)) return;
    await Promise.race([once(req, 'drain'), answer, closed]);
  }

  return {
    answer,
    answered: () => answered,
    closed,
    async write(bytes) {
      if (Buffer.isBuffer(bytes)) return writeChunk(bytes);
      let left = bytes;
      while (left > 0 && !answered && !req.destroyed) {
        const chunk = left >= CHUNK.length ? CHUNK : CHUNK.subarray(0, left);
        left -= chunk.length;
        await writeChunk(chunk);
      }
    },
    end: () => req.end(),
  };
}
