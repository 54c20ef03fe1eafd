import { once } from 'node:events';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from '@jest/globals';
import { loadConfig } from '../config/app-config.js';
import { AppLogger } from './app-logger.js';
import { LogContext } from './log-context.js';
import { loggerOptions } from './logger-options.js';

type Line = Record<string, unknown>;

/** A LogContext writing to `lines`, with the options the server gives it but the level, which is every level. */
function capture(): { context: LogContext; lines: Line[] } {
  const lines: Line[] = [];
  const stream = { write: (line: string) => lines.push(JSON.parse(line) as Line) };
  return { context: new LogContext({ ...loggerOptions(loadConfig({})), level: 'trace', stream }), lines };
}

/** A line as the tests compare it: without what changes from one run or machine to the next. */
function shape({ time: _time, pid: _pid, hostname: _hostname, ...line }: Line): Line {
  return line;
}

describe(AppLogger.name, () => {
  const { context, lines } = capture();
  const logger = new AppLogger(context);

  beforeEach(() => {
    lines.length = 0;
  });

  it("maps Nest's levels to pino's and its last argument to `context`", () => {
    logger.verbose('v', 'Ctx');
    logger.debug('d', 'Ctx');
    logger.log('i', 'Ctx');
    logger.warn('w', 'Ctx');
    logger.error('e', undefined, 'Ctx');
    logger.fatal('f', 'Ctx');
    expect(lines.map(shape)).toEqual([
      { level: 10, context: 'Ctx', msg: 'v' },
      { level: 20, context: 'Ctx', msg: 'd' },
      { level: 30, context: 'Ctx', msg: 'i' },
      { level: 40, context: 'Ctx', msg: 'w' },
      { level: 50, context: 'Ctx', msg: 'e' },
      { level: 60, context: 'Ctx', msg: 'f' },
    ]);
  });

  it('writes no context when none is given', () => {
    logger.log('plain');
    expect(lines.map(shape)).toEqual([{ level: 30, msg: 'plain' }]);
  });

  it('merges an object message into the line, with the text after it', () => {
    logger.log({ userId: 7 }, 'signed in', 'Auth');
    expect(lines.map(shape)).toEqual([{ level: 30, context: 'Auth', userId: 7, msg: 'signed in' }]);
  });

  it('puts an Error, first or inside the object, under `err`', () => {
    logger.error(new Error('first'), 'Chat');
    logger.error({ err: new Error('inside') }, 'A chat event failed', 'Chat');
    expect(lines.map(shape)).toMatchObject([
      { level: 50, context: 'Chat', err: { type: 'Error', message: 'first' }, msg: 'first' },
      { level: 50, context: 'Chat', err: { type: 'Error', message: 'inside' }, msg: 'A chat event failed' },
    ]);
  });

  it("makes one error of the (message, stack, context) of Nest's exception handlers", () => {
    const stack = 'Error: boom\n    at handler (app.js:1:1)';
    logger.error('boom', stack, 'ExceptionsHandler');
    expect(lines.map(shape)).toEqual([
      {
        level: 50,
        context: 'ExceptionsHandler',
        err: { type: 'Error', message: 'boom', stack },
        msg: 'boom',
      },
    ]);
  });
});

describe(LogContext.name, () => {
  const { context, lines } = capture();
  const seen: { requestId?: string; bindings: Line }[] = [];
  let server: Server;
  let base: string;

  beforeAll(async () => {
    server = createServer((req, res) =>
      context.middleware(req, res, async () => {
        await new Promise((resolve) => setImmediate(resolve)); // the context survives an await
        seen.push({ requestId: context.currentRequestId(), bindings: context.logger.bindings() });
        context.logger.info('inside');
        context.run({ job: { id: 'j1' } }, () =>
          seen.push({ requestId: context.currentRequestId(), bindings: context.logger.bindings() }),
        );
        res.statusCode = req.url === '/missing' ? 404 : 200;
        res.end('ok');
      }),
    ).listen(0, '127.0.0.1');
    await once(server, 'listening');
    base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  });
  afterAll(() => new Promise<void>((resolve) => server.close(() => resolve())));
  beforeEach(() => {
    lines.length = 0;
    seen.length = 0;
  });

  it("binds a request's lines to it and logs the request when its answer ends", async () => {
    const res = await fetch(`${base}/missing`, { headers: { 'X-Request-Id': 'req-1' } });
    await res.text();
    expect(res.headers.get('x-request-id')).toBe('req-1');
    const req = { id: 'req-1', method: 'GET', url: '/missing' };
    expect(seen[0]).toEqual({ requestId: 'req-1', bindings: { req } });
    expect(lines.map(shape)).toEqual([
      { level: 30, req, msg: 'inside' },
      {
        level: 40,
        req,
        res: { statusCode: 404 },
        responseTime: expect.any(Number),
        msg: 'request completed',
      },
    ]);
  });

  it('gives a context opened inside a request its bindings alone', async () => {
    await (await fetch(`${base}/`, { headers: { 'X-Request-Id': 'req-2' } })).text();
    expect(seen[1]).toEqual({ requestId: undefined, bindings: { job: { id: 'j1' } } });
  });

  it('takes the request id of a context from its `requestId` binding', () => {
    const inside = context.run({ requestId: 'req-3', job: { id: 'j2' } }, () => {
      context.logger.info('job line');
      return context.currentRequestId();
    });
    expect(inside).toBe('req-3');
    expect(lines.map(shape)).toEqual([{ level: 30, requestId: 'req-3', job: { id: 'j2' }, msg: 'job line' }]);
  });

  it('writes to the root logger outside any request or context', () => {
    context.logger.info('outside');
    expect(context.currentRequestId()).toBeUndefined();
    expect(lines.map(shape)).toEqual([{ level: 30, msg: 'outside' }]);
  });
});
