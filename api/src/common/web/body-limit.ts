import { JSON_BODY_MAX_BYTES, UPLOAD_MAX_BYTES } from '@fitcoach/contracts';
import type { NextFunction, Request, Response } from 'express';

/*
 * The site's own forms are read by Remix actions, not by the API's body parsers, so their bodies are bounded here
 * with the API's limits: a form carries at most what a JSON or URL-encoded API call may; the forms that take a
 * picture, the picture's limit plus as much again for their other fields. A body is refused with 413 as soon as it
 * is known to be too large (its Content-Length, or the bytes counted while it streams in) and the connection is
 * closed, so the rest of it is never read.
 */

export const FORM_MAX_BYTES = JSON_BODY_MAX_BYTES;
export const UPLOAD_FORM_MAX_BYTES = UPLOAD_MAX_BYTES + JSON_BODY_MAX_BYTES;

// The pages whose forms take a picture, with their single-fetch twins; route paths match in any case.
const UPLOAD_FORMS = /^\/(?:userProfile|trainerRegister|trainerDashboard)(?:\.data)?\/?$/i;

/** The most bytes a request body to the site's `path` may have. */
export function bodyLimit(path: string): number {
  return UPLOAD_FORMS.test(path) ? UPLOAD_FORM_MAX_BYTES : FORM_MAX_BYTES;
}

function megabytes(bytes: number): string {
  return `${Math.round((bytes / (1024 * 1024)) * 10) / 10} MB`;
}

/** How long a refused client may go on sending, its bytes dropped, before its connection is cut. */
const LINGER_MS = 2000;

/**
 * Closes the connection of a request answered before its body was read, once the answer is sent, so that the rest
 * of the body is never read. Node ends a `Connection: close` answer and destroys the socket as soon as the answer is
 * flushed, which resets the connection of a client that is still sending, and a reset can destroy the answer before
 * the client reads it. So the socket outlives the answer for a moment: what still comes is dropped unread (as
 * nginx's lingering close does), and the connection is cut when the client closes it or after LINGER_MS.
 */
export function closeAfterAnswer(req: Request, res: Response): void {
  res.setHeader('Connection', 'close');
  res.once('finish', () => {
    const { socket } = req;
    socket.removeListener('finish', socket.destroy);
    req.resume();
    const cut = setTimeout(() => socket.destroy(), LINGER_MS).unref();
    socket.once('close', () => clearTimeout(cut));
  });
}

/** Answers 413, the rest of the body unread. */
export function refuseTooLarge(req: Request, res: Response, limit: number): void {
  if (res.headersSent) {
    req.socket.destroy();
    return;
  }
  closeAfterAnswer(req, res);
  res
    .status(413)
    .type('text/plain')
    .send(`This request is larger than the ${megabytes(limit)} the site accepts.`);
}

/** Express middleware: a body whose declared length is over the path's limit is refused before any of it is read. */
export function refuseDeclaredTooLarge(req: Request, res: Response, next: NextFunction): void {
  const limit = bodyLimit(req.path);
  if (Number(req.headers['content-length'] ?? 0) > limit) {
    refuseTooLarge(req, res, limit);
    return;
  }
  next();
}

/**
 * `request` whose body fails once more than `limit` bytes came in, after calling `onTooLarge` (which answers). Its
 * signal is aborted then too, so that Remix stops the action and does not report the unread form as an error.
 */
export function limitedRequest(
  request: globalThis.Request,
  limit: number,
  onTooLarge: () => void,
): globalThis.Request {
  if (request.body === null) return request;
  const tooLarge = new AbortController();
  let received = 0;
  const counted = request.body.pipeThrough(
    new TransformStream<Uint8Array, Uint8Array>({
      transform(chunk, controller) {
        received += chunk.byteLength;
        if (received <= limit) {
          controller.enqueue(chunk);
          return;
        }
        const error = new Error(`The request body is over ${limit} bytes`);
        onTooLarge();
        tooLarge.abort(error);
        controller.error(error);
      },
    }),
  );
  return new Request(request.url, {
    method: request.method,
    headers: request.headers,
    body: counted,
    duplex: 'half',
    signal: AbortSignal.any([request.signal, tooLarge.signal]),
  } as RequestInit);
}
