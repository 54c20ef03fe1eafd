import { createServer, type Server } from 'node:http';
import { jest } from '@jest/globals';
import { Logger } from '@nestjs/common';
import { RenderThreads } from './render-threads.js';

// The pool against a stand-in thread that speaks the same messages (test/fixtures/render-thread-fake.mjs).
const FAKE_THREAD = new URL('../../../../test/fixtures/render-thread-fake.mjs', import.meta.url);

function visit(path: string, init: RequestInit = {}): Request {
  return new Request(`http://fitcoach.test${path}`, init);
}

describe('RenderThreads', () => {
  let api: Server;
  let threads: RenderThreads;

  const pool = (threads: number, pagesPerThread?: number) =>
    new RenderThreads({
      threads,
      data: { build: '', callsOverPorts: true },
      apiServer: () => api,
      script: FAKE_THREAD,
      pagesPerThread,
    });

  beforeEach(() => {
    api = createServer((req, res) => res.end(`the API answered ${req.url} to ${req.socket.remoteAddress}`));
    threads = pool(2);
  });

  afterEach(() => threads.close());

  it('answers with the status and headers the thread sends, and no body when it sends none', async () => {
    const response = await threads.render(visit('/programmes'), 'nonce');
    expect(response.status).toBe(200);
    expect(response.headers.get('x-thread')).toMatch(/^\d+$/);
    expect(response.body).toBeNull();
  });

  it('passes the visitor’s body to the thread and streams the page back in parts', async () => {
    const response = await threads.render(visit('/echo', { method: 'POST', body: 'name=Ada&goal=run' }), 'n');
    expect(await response.text()).toBe('name=Ada&goal=run');
  });

  it('tells the thread when the visitor’s body fails, and fails the page', async () => {
    const failing = new ReadableStream<Uint8Array>({
      pull: (controller) => controller.error(new Error('too large')),
    });
    const request = visit('/echo', { method: 'POST', body: failing, duplex: 'half' } as RequestInit);
    await expect(threads.render(request, 'n')).rejects.toThrow('the body failed: Error: too large');
  });

  it('connects a thread’s API calls to the API’s own server, as from loopback', async () => {
    const response = await threads.render(visit('/connect'), 'n');
    const answer = await response.text();
    expect(answer).toMatch(/^HTTP\/1\.1 200 OK/);
    expect(answer).toContain('the API answered /api/thing to 127.0.0.1');
  });

  it('gives each page to the thread with fewer pages in hand', async () => {
    const waiting = threads.render(
      visit('/echo', { method: 'POST', body: neverEnding(), duplex: 'half' } as RequestInit),
      'n',
    );
    const first = await threads.render(visit('/a'), 'n');
    const second = await threads.render(visit('/b'), 'n');
    expect(first.headers.get('x-thread')).toBe(second.headers.get('x-thread'));
    const stopped = expect(waiting).rejects.toThrow('A render thread stopped');
    await threads.close();
    await stopped;
  });

  it('keeps a page waiting, in order, while every thread has its fill of pages', async () => {
    await threads.close();
    threads = pool(1, 1);
    const upload = heldBody('la');
    const echo = visit('/echo', { method: 'POST', body: upload.body, duplex: 'half' } as RequestInit);
    const answered: string[] = [];
    const first = threads.render(echo, 'n').then(async (page) => answered.push(`first ${await page.text()}`));
    const second = threads.render(visit('/b'), 'n').then(() => answered.push('second'));
    const third = threads.render(visit('/c'), 'n').then(() => answered.push('third'));
    // Given the time to, the thread would answer the two pages without a body before the first one.
    await new Promise((resolve) => setImmediate(resolve));
    upload.finish('te');
    await Promise.all([first, second, third]);
    expect(answered).toEqual(['first late', 'second', 'third']);
  });

  it('does not render a waiting page whose visitor has gone away', async () => {
    await threads.close();
    threads = pool(1, 1);
    const upload = heldBody('la');
    const first = threads.render(
      visit('/echo', { method: 'POST', body: upload.body, duplex: 'half' } as RequestInit),
      'n',
    );
    const leaving = new AbortController();
    const left = threads.render(visit('/connect', { signal: leaving.signal }), 'n');
    leaving.abort();
    upload.finish('te');
    expect(await (await first).text()).toBe('late');
    // The stand-in thread answers every page it renders with 200.
    expect((await left).status).toBe(503);
  });

  it('fails the pages of a thread that stops, and renders the next ones on a new thread', async () => {
    await threads.close();
    threads = pool(1);
    await expect(threads.render(visit('/stop'), 'n')).rejects.toThrow(
      'A render thread stopped (exit code 3)',
    );
    const answers = await Promise.all([1, 2, 3].map(() => threads.render(visit('/programmes'), 'n')));
    expect(answers.map((answer) => answer.status)).toEqual([200, 200, 200]);
  });

  it('survives an error a thread does not catch: the page fails, the error is logged, a new thread renders', async () => {
    await threads.close();
    threads = pool(1);
    const logged = jest.spyOn(Logger.prototype, 'error').mockImplementation(() => undefined);
    try {
      await expect(threads.render(visit('/throw'), 'n')).rejects.toThrow(
        'A render thread stopped (exit code 1)',
      );
      expect(logged).toHaveBeenCalledWith(expect.objectContaining({ message: 'the render failed' }));
      expect((await threads.render(visit('/programmes'), 'n')).status).toBe(200);
    } finally {
      logged.mockRestore();
    }
  });
});

/** A body that sends `start`, then waits for `finish` to send the rest and end. */
function heldBody(start: string): { body: ReadableStream<Uint8Array>; finish(rest: string): void } {
  let finish: (rest: string) => void = () => undefined;
  const body = new ReadableStream<Uint8Array>({
    start: (controller) => {
      controller.enqueue(new TextEncoder().encode(start));
      finish = (rest) => {
        controller.enqueue(new TextEncoder().encode(rest));
        controller.close();
      };
    },
  });
  return { body, finish: (rest) => finish(rest) };
}

/** A body that never ends: its page stays in its thread's hands. */
function neverEnding(): ReadableStream<Uint8Array> {
  return new ReadableStream<Uint8Array>({ start: (controller) => controller.enqueue(new Uint8Array([1])) });
}
