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

/**
 * Pages a thread renders at once; the next wait on the main thread, in order. Each page in hand holds its objects
 * while the others interleave with it, and under load the collector promoted them: with 16, a page costs less CPU
 * than with every page at once (docs/profiles/README.md), and a thread still has a page to render while others wait
 * for the API.
 */
const PAGES_PER_THREAD = 16;

export interface RenderThreadsOptions {
  threads: number;
  data: RenderThreadData;
  /** The API's HTTP server, for the threads' API calls; unset when API_INTERNAL_URL names another place. */
  apiServer?: () => Server;
  /** The thread's program: render-thread.ts, built. */
  script?: URL;
  pagesPerThread?: number;
}

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
    private readonly onPageDone: () => void,
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

  private done(id: number): void {
    if (this.pages.delete(id)) this.onPageDone();
  }

  private end(id: number, page: Rendering, part: BodyPart): void {
    this.done(id);
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
        this.done(message.id);
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
  /** Pages waiting for a thread with a free place, first come first served. */
  private readonly waiting: (() => void)[] = [];
  private nextId = 1;
  private closing = false;

  constructor(private readonly options: RenderThreadsOptions) {
    for (let index = 0; index < options.threads; index += 1) this.threads.push(this.start(index));
  }

  private start(index: number): RenderThread {
    const { script = THREAD, data, apiServer } = this.options;
    const pageDone = () => this.waiting.shift()?.();
    return new RenderThread(script, data, apiServer, pageDone, () => {
      if (!this.closing) this.threads[index] = this.start(index);
    });
  }

  /** The least busy thread, if it has a free place. */
  private freeThread(): RenderThread | undefined {
    const thread = this.threads.reduce((least, next) => (next.pages.size < least.pages.size ? next : least));
    return thread.pages.size < (this.options.pagesPerThread ?? PAGES_PER_THREAD) ? thread : undefined;
  }

  /**
   * The least busy thread renders the page, once it has a free place; the visitor's body and the page's stream
   * across as they come.
   */
  render(request: Request, cspNonce: string): Promise<Response> {
    const thread = this.freeThread();
    if (thread) return this.renderOn(thread, request, cspNonce);
    // A visitor who left while the page waited is answered without it: nobody would read it.
    return new Promise<void>((resolve) => this.waiting.push(resolve)).then(() =>
      request.signal.aborted ? new Response(null, { status: 503 }) : this.render(request, cspNonce),
    );
  }

  private renderOn(thread: RenderThread, request: Request, cspNonce: string): Promise<Response> {
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
