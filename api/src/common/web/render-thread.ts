import { MessageChannel, type MessagePort, parentPort, workerData } from 'node:worker_threads';
import { createRequestHandler, type ServerBuild } from '@remix-run/node';
import { PortEnd } from './in-process-connection.js';
import {
  type BodyPart,
  type FromRenderThread,
  headerPairs,
  incomingBody,
  type RenderRequest,
  type RenderThreadData,
  sendBody,
  type ToRenderThread,
} from './render-protocol.js';

// A render thread (ADR 065): Remix and React render pages here, beside the main thread that runs the API.

const { build, callsOverPorts } = workerData as RenderThreadData;
const main = parentPort!;
const handle = createRequestHandler((await import(build)) as ServerBuild, 'production');

interface Page {
  visitorGone: AbortController;
  body?: (part: BodyPart) => void;
}
const pages = new Map<number, Page>();

function send(message: FromRenderThread, transfer?: MessagePort[]): void {
  main.postMessage(message, transfer);
}

function apiConnection(): PortEnd {
  const { port1, port2 } = new MessageChannel();
  send({ connect: port2 }, [port2]);
  return new PortEnd(port1);
}

async function render({ id, url, method, headers, hasBody, cspNonce }: RenderRequest): Promise<void> {
  const page: Page = { visitorGone: new AbortController() };
  pages.set(id, page);
  try {
    let body: ReadableStream<Uint8Array> | null = null;
    if (hasBody) {
      const incoming = incomingBody();
      body = incoming.stream;
      page.body = incoming.receive;
    }
    const request = new Request(url, {
      method,
      headers,
      body,
      signal: page.visitorGone.signal,
      duplex: 'half',
    } as RequestInit);
    const response = await handle(request, { cspNonce, ...(callsOverPorts && { apiConnection }) });
    send({
      id,
      status: response.status,
      statusText: response.statusText,
      headers: headerPairs(response.headers),
      hasBody: response.body !== null,
    });
    if (response.body) await sendBody(id, response.body.getReader(), send);
  } catch (error) {
    send({ id, error: String(error) });
  } finally {
    pages.delete(id);
  }
}

main.on('message', (message: ToRenderThread) => {
  if ('url' in message) void render(message);
  else if ('abort' in message) pages.get(message.id)?.visitorGone.abort();
  else pages.get(message.id)?.body?.(message);
});
