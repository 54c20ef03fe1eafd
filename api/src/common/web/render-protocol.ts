import type { MessagePort } from 'node:worker_threads';

// What the main thread and a render thread (render-thread.ts, ADR 065) say to each other.

export interface RenderThreadData {
  /** The Remix server build, as a file URL. */
  build: string;
  /** True: the pages' API calls come back over ports to this process's HTTP server; false: API_INTERNAL_URL. */
  callsOverPorts: boolean;
}

/** A page to render: the visitor's request as the main thread received it; its body follows as it arrives. */
export interface RenderRequest {
  id: number;
  url: string;
  method: string;
  headers: [string, string][];
  hasBody: boolean;
  cspNonce: string;
}

/** A body's bytes, its end, or why it ended early (too large, the visitor gone). */
export type BodyPart =
  { id: number; chunk: Uint8Array } | { id: number; end: true } | { id: number; error: string };

export type ToRenderThread = RenderRequest | BodyPart | { id: number; abort: true };

export type FromRenderThread =
  | { id: number; status: number; statusText: string; headers: [string, string][]; hasBody: boolean }
  | BodyPart
  /** The other end of a new connection to the API, for one call of a page's loaders or actions. */
  | { connect: MessagePort };

/** A message's headers as pairs; each Set-Cookie its own (fetch's Headers iterate them apart). */
export function headerPairs(headers: Headers): [string, string][] {
  const pairs: [string, string][] = [];
  headers.forEach((value, name) => pairs.push([name, value]));
  return pairs;
}

/** A body that arrives in parts: the stream to read, and `receive` for each part. */
export function incomingBody(): { stream: ReadableStream<Uint8Array>; receive(part: BodyPart): void } {
  let body: ReadableStreamDefaultController<Uint8Array> | undefined;
  const stream = new ReadableStream<Uint8Array>({ start: (controller) => void (body = controller) });
  return {
    stream,
    receive: (part) => {
      try {
        if ('chunk' in part) body?.enqueue(part.chunk);
        else if ('end' in part) body?.close();
        else body?.error(new Error(part.error));
      } catch {
        // The reader cancelled the stream: what still arrives is not wanted.
      }
    },
  };
}

/** Posts a body's parts as they are read, then its end or why it stopped. */
export async function sendBody(
  id: number,
  body: ReadableStreamDefaultReader<Uint8Array>,
  post: (part: BodyPart) => void,
): Promise<void> {
  try {
    for (;;) {
      const { done, value } = await body.read();
      if (done) break;
      post({ id, chunk: value });
    }
    post({ id, end: true });
  } catch (error) {
    post({ id, error: String(error) });
  }
}
