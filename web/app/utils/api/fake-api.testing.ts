import { once } from 'node:events';
import { createServer, type IncomingMessage } from 'node:http';
import { type AddressInfo, connect as connectTo } from 'node:net';

export interface Sent {
  path: string;
  search: string;
  method: string;
  headers: Headers;
  body: unknown;
}

/** `body` is sent as JSON, `text` as is; 'network-error' drops the connection without an answer. */
export type Answer =
  { status: number; body?: unknown; text?: string; headers?: Record<string, string> } | 'network-error';

async function bodyOf(req: IncomingMessage): Promise<unknown> {
  const chunks: Buffer[] = [];
  for await (const chunk of req) chunks.push(chunk as Buffer);
  const text = Buffer.concat(chunks).toString('utf8');
  if (text === '') return undefined;
  return req.headers['content-type']?.startsWith('application/json') ? JSON.parse(text) : text;
}

/**
 * A local HTTP server standing in for the REST API, so unit tests go through the real transport. Set API_INTERNAL_URL
 * to its `url` before the web's modules are imported.
 */
export async function startFakeApi(answer: (sent: Sent) => Answer) {
  const sent: Sent[] = [];
  const server = createServer((req, res) => {
    void bodyOf(req).then((body) => {
      const url = new URL(req.url ?? '/', 'http://fake.invalid');
      const headers = new Headers();
      for (const [name, value] of Object.entries(req.headers)) {
        if (typeof value === 'string') headers.set(name, value);
      }
      const request: Sent = {
        path: url.pathname,
        search: url.search,
        method: req.method ?? 'GET',
        headers,
        body,
      };
      sent.push(request);
      const reply = answer(request);
      if (reply === 'network-error') {
        req.socket.destroy();
        return;
      }
      res.writeHead(reply.status, { 'content-type': 'application/json', ...reply.headers });
      res.end(reply.text ?? (reply.body === undefined ? undefined : JSON.stringify(reply.body)));
    });
  });
  server.listen(0, '127.0.0.1');
  await once(server, 'listening');
  const { port } = server.address() as AddressInfo;
  const connect = () => {
    connect.made += 1;
    return connectTo(port, '127.0.0.1');
  };
  connect.made = 0;
  return {
    url: `http://127.0.0.1:${port}`,
    sent,
    /** A new connection to the fake API, as a load context's `apiConnection` gives one; `connect.made` counts them. */
    connect,
    close: () => {
      server.closeAllConnections();
      server.close();
    },
  };
}
