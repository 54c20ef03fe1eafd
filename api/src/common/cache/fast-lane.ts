import { createHash } from 'node:crypto';
import type { IncomingMessage, OutgoingHttpHeader, ServerResponse } from 'node:http';
import { performance } from 'node:perf_hooks';
import type { TLSSocket } from 'node:tls';
import { brotliCompressSync, constants as zlib, gzipSync } from 'node:zlib';
import accepts from 'accepts';
import type { NextFunction, Request, Response } from 'express';
import fresh from 'fresh';
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

function keyOf(url: string, secure: boolean, host: string | undefined): string {
  if (url.startsWith('/api/')) return `api ${url}`;
  return `web ${secure ? 'https:' : 'http:'}//${host ?? ''}${url}`;
}

/** The cache key of a public read: the API's by path and query, a page's also by the scheme and host it names. */
export function answerKey(req: Request): string {
  return keyOf(req.originalUrl, req.secure, req.headers.host);
}

function withCredentials(key: string, req: IncomingMessage): string {
  return `${CALLER_KEY_PREFIX}${key}\n${req.headers.authorization ?? ''}\n${req.headers.cookie ?? ''}`;
}

/**
 * The key of an answer kept for one signed-in caller: the request's own credentials (its Authorization header and
 * every cookie it sent, which is all a page or read depends on besides the URL and the data) are part of it, so no
 * one else can be sent it. Undefined when the request presents no access token.
 */
export function callerAnswerKey(req: Request): string | undefined {
  return presentedToken(req.headers) ? withCredentials(answerKey(req), req) : undefined;
}

/** Express's `trust proxy fn`: whether the hop at `index` (0 the socket's peer) is a trusted proxy. */
export type TrustProxy = (address: string, index: number) => boolean;

type Encoding = 'br' | 'gzip' | 'identity';

/** A body in one encoding, with the whole header list `writeHead` takes for it but the request's own id. */
interface Encoded {
  body: Buffer;
  headers: OutgoingHttpHeader[];
}

interface StoredAnswer {
  status: number;
  /** The answer's headers as name, value, name, value…, less those set per answer. */
  headers: OutgoingHttpHeader[];
  audience: Audience;
  etag: string | undefined;
  identity: Buffer;
  /** Made on first use: the body in each encoding, and the headers of a 304. */
  encoded: Partial<Record<Encoding, Encoded>>;
  notModified?: OutgoingHttpHeader[];
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

/** What a 304 leaves out: the browser keeps the policy and type its copy came with (docs/decisions/036). */
const NOT_IN_304 = new Set(['content-security-policy', 'content-type']);

const ENCODINGS: Encoding[] = ['br', 'gzip', 'identity'];
/** Distinct Accept-Encoding headers whose choice is remembered: browsers send a handful. */
const MAX_REMEMBERED_ACCEPTS = 64;

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
 * The fast lane (docs/decisions/029, 042): public answers that were remembered are sent again as stored bytes,
 * compressed once, with their headers prepared as one list, before the request reaches Express (and with it the
 * security headers, compression, Nest's pipeline and Remix). `serve` runs in front of Express on the plain Node
 * request; `record` goes after the compression middleware and keeps an answer the app marked as shared. A signed-in
 * caller's own pages and reads are kept the same way for that caller alone (docs/decisions/041), sent again only
 * once their token checks out. Everything else, and every request that carries a body, an Origin or a token that
 * does not check out, takes the normal way, so refusals are the app's own.
 */
export class FastLane {
  /** The encoding chosen for each Accept-Encoding header seen, as Express's `acceptsEncodings` chooses it. */
  private readonly chosenEncodings = new Map<string, Encoding>();

  constructor(
    private readonly cache: ResponseCache,
    /** The guards' own check of an access token: resolves for a live session of an account that may sign in. */
    private readonly authenticate: (token: string) => Promise<unknown>,
    /** Express's, so that a page's key names the scheme as `req.secure` does. */
    private readonly trustProxy: TrustProxy,
  ) {}

  readonly serve = (req: IncomingMessage, res: ServerResponse, next: () => void): void => {
    if (!this.eligible(req)) return next();
    const started = performance.now();
    // Read before anything renders: an answer rendered across a write is not kept.
    (res as ServerResponse & { locals?: Locals }).locals = { answerGeneration: this.cache.generationNow };
    const key = keyOf(req.url ?? '', this.secure(req), req.headers.host);
    const token = presentedToken(req.headers);
    if (token) {
      const { answer: own, refreshing } = this.cache.lookupAnswer<StoredAnswer>(withCredentials(key, req));
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
      key,
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

  private eligible(req: IncomingMessage): boolean {
    return (
      req.method === 'GET' &&
      this.cache.keepsAnswers &&
      req.headers.origin === undefined &&
      req.headers['content-length'] === undefined &&
      req.headers['transfer-encoding'] === undefined
    );
  }

  /** Express's `req.secure`: TLS on the socket, or X-Forwarded-Proto from a trusted proxy; only pages need it. */
  private secure(req: IncomingMessage): boolean {
    if (req.url?.startsWith('/api/')) return false;
    if ((req.socket as TLSSocket).encrypted) return true;
    if (!this.trustProxy(req.socket.remoteAddress ?? '', 0)) return false;
    const forwarded = req.headers['x-forwarded-proto'];
    return typeof forwarded === 'string' && forwarded.split(',')[0]?.trim() === 'https';
  }

  private keep(res: Response, generation: number, body: Buffer): void {
    const locals = res.locals as Locals;
    const mark = locals.sharedAnswer;
    if (!mark || res.statusCode !== 200 || res.hasHeader('set-cookie')) return;
    const html = String(res.getHeader('content-type') ?? '').startsWith('text/html');
    const headers: OutgoingHttpHeader[] = [];
    for (const [name, value] of Object.entries(res.getHeaders())) {
      if (value === undefined || PER_ANSWER.has(name)) continue;
      if (name === 'content-security-policy') {
        const policy = String(value);
        headers.push(
          name,
          html ? hashedPolicy(policy, locals.cspNonce ?? '', body.toString('utf8')) : policy,
        );
      } else {
        headers.push(name, value);
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
        encoded: {},
      } satisfies StoredAnswer,
      body.length,
    );
  }

  private send(req: IncomingMessage, res: ServerResponse, stored: StoredAnswer, started: number): void {
    const id = requestIdOf(req);
    if (stored.etag !== undefined && fresh(req.headers, { etag: stored.etag })) {
      res.writeHead(304, this.notModifiedHeaders(stored).concat('X-Request-Id', id));
      res.end();
    } else {
      const { body, headers } = this.encoded(stored, this.encodingFor(req.headers['accept-encoding']));
      res.writeHead(stored.status, headers.concat('X-Request-Id', id));
      res.end(body);
    }
    // The request log's own line and serializers (common/http/logger-options.ts), as pino-http writes it.
    (req as IncomingMessage & { id: string }).id = id;
    PinoLogger.root?.info(
      { req, res, responseTime: Math.round(performance.now() - started) },
      'request completed',
    );
  }

  /** The best encoding a client with this Accept-Encoding takes, chosen as Express chooses it, once per header. */
  private encodingFor(header: string | undefined): Encoding {
    const key = header ?? '';
    let chosen = this.chosenEncodings.get(key);
    if (chosen === undefined) {
      const choice = accepts({ headers: { 'accept-encoding': header } } as IncomingMessage).encodings(
        ENCODINGS,
      );
      chosen = choice === 'br' || choice === 'gzip' ? choice : 'identity';
      if (this.chosenEncodings.size >= MAX_REMEMBERED_ACCEPTS) this.chosenEncodings.clear();
      this.chosenEncodings.set(key, chosen);
    }
    return chosen;
  }

  /** The body in `encoding` with its headers, each made once per stored answer; small bodies go as they are. */
  private encoded(stored: StoredAnswer, encoding: Encoding): Encoded {
    const used = stored.identity.length < COMPRESS_FROM_BYTES ? 'identity' : encoding;
    let encoded = stored.encoded[used];
    if (!encoded) {
      const body =
        used === 'gzip'
          ? gzipSync(stored.identity)
          : used === 'br'
            ? brotliCompressSync(stored.identity, {
                params: {
                  [zlib.BROTLI_PARAM_QUALITY]: 5,
                  [zlib.BROTLI_PARAM_SIZE_HINT]: stored.identity.length,
                },
              })
            : stored.identity;
      const headers = [...stored.headers, 'Vary', 'Accept-Encoding'];
      if (used !== 'identity') headers.push('Content-Encoding', used);
      headers.push('Content-Length', String(body.length));
      encoded = { body, headers };
      stored.encoded[used] = encoded;
    }
    return encoded;
  }

  private notModifiedHeaders(stored: StoredAnswer): OutgoingHttpHeader[] {
    if (!stored.notModified) {
      const headers: OutgoingHttpHeader[] = [];
      for (let i = 0; i < stored.headers.length; i += 2) {
        const name = String(stored.headers[i]);
        if (!NOT_IN_304.has(name)) headers.push(name, stored.headers[i + 1] as OutgoingHttpHeader);
      }
      headers.push('Vary', 'Accept-Encoding');
      stored.notModified = headers;
    }
    return stored.notModified;
  }
}
