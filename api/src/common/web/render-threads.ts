import type { Server } from 'node:http';
import { Worker } from 'node:worker_threads';
import { Logger } from '@nestjs/common';
import { acceptFromThread } from './in-process-connection.js';
import {
  type BodyPart,
  type FromRenderThread,
  headerPairs,
  incomingBody,
  type RenderThreadData,
  sendBody,
  type ToRenderThread,
} from './render-protocol.js';

const THREAD = new URL('./render-thread.js', import.meta.url);
const logger = new Logger('RenderThreads');

/** A page on its way: waiting for its status and headers, then for its body. */
interface Rendering {
  answered: (response: Response) => void;
  failed: (error: Error) => void;
  /** What the visitor still sends, read until the page is answered. */
  upload?: ReadableStreamDefaultReader<Uint8Array>;
  body?: (part: BodyPart) => void;
}

class RenderThread {
  readonly worker: Worker;
  readonly pages = new Map<number, Rendering>();

  constructor(
    script: URL,
    data: RenderThreadData,
    apiServer: (() => Server) | undefined,
    onExit: () => void,
  ) {
    this.worker = new Worker(script, { workerData: data });
    this.worker.on('message', (message: FromRenderThread) => {
      if ('connect' in message) {
        if (apiServer) acceptFromThread(apiServer(), message.connect);
        else message.connect.close();
        return;
      }
      this.receive(message);
    });
    // An error the thread did not catch ends it; said here, as unheard it would end the whole process.
    this.worker.on('error', (error) => logger.error(error));
    this.worker.once('exit', (code) => {
      const error = `A render thread stopped (exit code ${code})`;
      for (const [id, page] of this.pages) this.end(id, page, { id, error });
      onExit();
    });
  }

  private end(id: number, page: Rendering, part: BodyPart): void {
    this.pages.delete(id);
    if (page.body) page.body(part);
    else if ('error' in part) page.failed(new Error(part.error));
  }

  private receive(message: Exclude<FromRenderThread, { connect: unknown }>): void {
    const page = this.pages.get(message.id);
    if (!page) return;
    if ('status' in message) {
      // Whatever of the visitor's body the page did not read is left unread.
      page.upload?.cancel().catch(() => undefined);
      const { status, statusText, headers, hasBody } = message;
      let body: ReadableStream<Uint8Array> | null = null;
      if (hasBody) {
        const incoming = incomingBody();
        body = incoming.stream;
        page.body = incoming.receive;
      } else {
        this.pages.delete(message.id);
      }
      page.answered(new Response(body, { status, statusText, headers }));
    } else if ('chunk' in message) {
      page.body?.(message);
    } else {
      this.end(message.id, page, message);
    }
  }

  post(message: ToRenderThread): void {
    this.worker.postMessage(message);
  }
}

/**
 * Threads that render the site's pages (ADR 065), so that Remix and React run beside the API's thread instead of
 * taking turns with it. A thread that stops is replaced; the pages it was rendering fail.
 */
export class RenderThreads {
  private readonly threads: RenderThread[] = [];
  private nextId = 1;
  private closing = false;

  constructor(
    count: number,
    private readonly data: RenderThreadData,
    private readonly apiServer: (() => Server) | undefined,
    /** The thread's program: render-thread.ts, built. */
    private readonly script: URL = THREAD,
  ) {
    for (let index = 0; index < count; index += 1) this.threads.push(this.start(index));
  }

  private start(index: number): RenderThread {
    return new RenderThread(this.script, this.data, this.apiServer, () => {
      if (!this.closing) this.threads[index] = this.start(index);
    });
  }

  /** The least busy thread renders the page; the visitor's body and the page's stream across as they come. */
  render(request: Request, cspNonce: string): Promise<Response> {
    const thread = this.threads.reduce((least, next) => (next.pages.size < least.pages.size ? next : least));
    const id = this.nextId++;
    const upload = request.body?.getReader();
    const answer = new Promise<Response>((answered, failed) => {
      thread.pages.set(id, { answered, failed, upload });
    });
    const gone = () => thread.post({ id, abort: true });
    request.signal.addEventListener('abort', gone, { once: true });
    const { url, method } = request;
    thread.post({
      id,
      url,
      method,
      headers: headerPairs(request.headers),
      hasBody: upload !== undefined,
      cspNonce,
    });
    if (upload) void sendBody(id, upload, (part) => thread.post(part));
    return answer.finally(() => request.signal.removeEventListener('abort', gone));
  }

  async close(): Promise<void> {
    this.closing = true;
    await Promise.all(this.threads.map((thread) => thread.worker.terminate()));
  }
}
