import { createHash } from 'node:crypto';
import type { OutgoingHttpHeader } from 'node:http';
import { performance } from 'node:perf_hooks';
import { brotliCompressSync, constants as zlib, gzipSync } from 'node:zlib';
import type { NextFunction, Request, Response } from 'express';
import { PinoLogger } from 'nestjs-pino';
import { presentedToken } from '../auth/access-token.js';
import { requestIdOf } from '../http/logger-options.js';
import { CALLER_KEY_PREFIX, type ResponseCache } from './response-cache.js';

/**
 * Who may be served an answer as it was sent before: any caller without a token or cookie, or also a caller whose
 * Bearer token checks out (the published catalogue, the same for everyone), or only the signed-in caller who was
 * sent it, with the very same credentials, while their session is live (docs/decisions/041).
 */
export type Audience = 'anonymous' | 'everyone' | 'caller';

/** Set on `res.locals` by whoever sends an answer that the next caller of the audience may get byte for byte. */
export interface SharedAnswerMark {
  key: string;
  audience: Audience;
}

type Locals = { sharedAnswer?: SharedAnswerMark; answerGeneration?: number; cspNonce?: string };

export function markShared(res: Response, mark: SharedAnswerMark): void {
  (res.locals as Locals).sharedAnswer = mark;
}

/** The cache key of a public read: the API's by path and query, a page's also by the scheme and host it names. */
export function answerKey(req: Request): string {
  if (req.originalUrl.startsWith('/api/')) return `api ${req.originalUrl}`;
  return `web ${req.secure ? 'https:' : 'http:'}//${req.headers.host ?? ''}${req.originalUrl}`;
}

/**
 * The key of an answer kept for one signed-in caller: the request's own credentials (its Authorization header and
 * every cookie it sent, which is all a page or read depends on besides the URL and the data) are part of it, so no
 * one else can be sent it. Undefined when the request presents no access token.
 */
export function callerAnswerKey(req: Request): string | undefined {
  return presentedToken(req.headers) ? keyWithCredentials(req) : undefined;
}

function keyWithCredentials(req: Request): string {
  return `${CALLER_KEY_PREFIX}${answerKey(req)}\n${req.headers.authorization ?? ''}\n${req.headers.cookie ?? ''}`;
}

interface StoredAnswer {
  status: number;
  headers: [string, OutgoingHttpHeader][];
  audience: Audience;
  etag: string | undefined;
  identity: Buffer;
  gzip?: Buffer;
  br?: Buffer;
}

/** Set per answer (or by Node itself): never copied from one answer to the next. */
const PER_ANSWER = new Set([
  'content-length',
  'content-encoding',
  'transfer-encoding',
  'connection',
  'keep-alive',
  'date',
  'x-request-id',
  'vary',
]);

/** As the compression middleware: smaller bodies are not worth compressing. */
const COMPRESS_FROM_BYTES = 1024;

const INLINE_SCRIPT = /<script\b(?![^>]*\bsrc=)[^>]*>([\s\S]*?)<\/script>/gi;

/**
 * The CSP of a page served to many: its inline scripts allowed by their SHA-256 hashes instead of the nonce of the
 * request that rendered it, since a nonce must not be shared between answers (docs/decisions/029).
 */
export function hashedPolicy(policy: string, nonce: string, html: string): string {
  const hashes = new Set<string>();
  for (const [, script] of html.matchAll(INLINE_SCRIPT)) {
    hashes.add(
      `'sha256-${createHash('sha256')
        .update(script ?? '')
        .digest('base64')}'`,
    );
  }
  return policy.replaceAll(`'nonce-${nonce}'`, [...hashes].join(' ')).replace(/ {2,}/g, ' ');
}

function asBuffer(chunk: unknown, encoding: unknown): Buffer | null {
  if (Buffer.isBuffer(chunk)) return chunk;
  if (typeof chunk === 'string') {
    return Buffer.from(chunk, typeof encoding === 'string' ? (encoding as BufferEncoding) : 'utf8');
  }
  return null;
}

/**
 * The fast lane (docs/decisions/029): public answers that were remembered are sent again as stored bytes, compressed
 * once, before the request enters the rest of the stack (security headers, compression, Nest's pipeline, Remix).
 * `serve` goes first; `record` goes after the compression middleware and keeps an answer the app marked as shared.
 * A signed-in caller's own pages and reads are kept the same way for that caller alone (docs/decisions/041), sent
 * again only once their token checks out. Everything else, and every request that carries a body, an Origin or a
 * token that does not check out, takes the normal way, so refusals are the app's own.
 */
export class FastLane {
  constructor(
    private readonly cache: ResponseCache,
    /** The guards' own check of an access token: resolves for a live session of an account that may sign in. */
    private readonly authenticate: (token: string) => Promise<unknown>,
  ) {}

  readonly serve = (req: Request, res: Response, next: NextFunction): void => {
    if (!this.eligible(req)) return next();
    const started = performance.now();
    // Read before anything renders: an answer rendered across a write is not kept.
    (res.locals as Locals).answerGeneration = this.cache.generationNow;
    const token = presentedToken(req.headers);
    if (token) {
      const { answer: own, refreshing } = this.cache.lookupAnswer<StoredAnswer>(keyWithCredentials(req));
      if (own) {
        this.authenticate(token.token).then(
          () => this.send(req, res, own, started),
          () => next(),
        );
        return;
      }
      if (refreshing) res.once('close', refreshing);
    }
    const { answer: stored, refreshing } = this.cache.lookupAnswer<StoredAnswer>(
      answerKey(req),
      req.headers.cookie === undefined,
    );
    if (!stored) {
      if (refreshing) res.once('close', refreshing);
      return next();
    }
    const hasCredentials = req.headers.authorization !== undefined || req.headers.cookie !== undefined;
    if (!hasCredentials) return this.send(req, res, stored, started);
    if (stored.audience !== 'everyone' || req.headers.cookie !== undefined || token?.source !== 'bearer') {
      return next();
    }
    this.authenticate(token.token).then(
      () => this.send(req, res, stored, started),
      () => next(),
    );
  };

  readonly record = (_req: Request, res: Response, next: NextFunction): void => {
    const generation = (res.locals as Locals).answerGeneration;
    if (generation === undefined) return next();
    const { write, end } = res;
    let streamed = false;
    res.write = function (this: Response, ...args: Parameters<Response['write']>) {
      streamed = true;
      return write.apply(this, args);
    } as Response['write'];
    res.end = ((chunk?: unknown, encoding?: unknown, callback?: unknown) => {
      res.write = write;
      res.end = end;
      const body = streamed ? null : asBuffer(chunk, encoding);
      if (body) this.keep(res, generation, body);
      return (end as (...args: unknown[]) => Response).call(res, chunk, encoding, callback);
    }) as Response['end'];
    next();
  };

  private eligible(req: Request): boolean {
    return (
      req.method === 'GET' &&
      this.cache.keepsAnswers &&
      req.headers.origin === undefined &&
      req.headers['content-length'] === undefined &&
      req.headers['transfer-encoding'] === undefined
    );
  }

  private keep(res: Response, generation: number, body: Buffer): void {
    const locals = res.locals as Locals;
    const mark = locals.sharedAnswer;
    if (!mark || res.statusCode !== 200 || res.hasHeader('set-cookie')) return;
    const html = String(res.getHeader('content-type') ?? '').startsWith('text/html');
    const headers: [string, OutgoingHttpHeader][] = [];
    for (const [name, value] of Object.entries(res.getHeaders())) {
      if (value === undefined || PER_ANSWER.has(name)) continue;
      if (name === 'content-security-policy') {
        const policy = String(value);
        headers.push([
          name,
          html ? hashedPolicy(policy, locals.cspNonce ?? '', body.toString('utf8')) : policy,
        ]);
      } else {
        headers.push([name, value]);
      }
    }
    const etag = res.getHeader('etag');
    this.cache.keepAnswer(
      mark.key,
      generation,
      {
        status: 200,
        headers,
        audience: mark.audience,
        etag: etag === undefined ? undefined : String(etag),
        identity: body,
      } satisfies StoredAnswer,
      body.length,
    );
  }

  private send(req: Request, res: Response, stored: StoredAnswer, started: number): void {
    for (const [name, value] of stored.headers) res.setHeader(name, value);
    const id = requestIdOf(req);
    res.setHeader('X-Request-Id', id);
    res.setHeader('Vary', 'Accept-Encoding');
    if (stored.etag !== undefined && req.fresh) {
      // The browser keeps its copy with the policy it came with (docs/decisions/036).
      res.removeHeader('content-security-policy');
      res.removeHeader('content-type');
      res.statusCode = 304;
      res.end();
    } else {
      const body = this.encoded(req, res, stored);
      res.statusCode = stored.status;
      res.setHeader('Content-Length', body.length);
      res.end(body);
    }
    // The request log's own line and serializers (common/http/logger-options.ts), as pino-http writes it.
    (req as Request & { id: string }).id = id;
    PinoLogger.root?.info(
      { req, res, responseTime: Math.round(performance.now() - started) },
      'request completed',
    );
  }

  /** The body in the best encoding the client takes, each encoding made once per stored answer. */
  private encoded(req: Request, res: Response, stored: StoredAnswer): Buffer {
    if (stored.identity.length < COMPRESS_FROM_BYTES) return stored.identity;
    const encoding = req.acceptsEncodings('br', 'gzip', 'identity');
    if (encoding === 'gzip') {
      stored.gzip ??= gzipSync(stored.identity);
      res.setHeader('Content-Encoding', 'gzip');
      return stored.gzip;
    }
    if (encoding === 'br') {
      stored.br ??= brotliCompressSync(stored.identity, {
        params: { [zlib.BROTLI_PARAM_QUALITY]: 5, [zlib.BROTLI_PARAM_SIZE_HINT]: stored.identity.length },
      });
      res.setHeader('Content-Encoding', 'br');
      return stored.br;
    }
    return stored.identity;
  }
}
