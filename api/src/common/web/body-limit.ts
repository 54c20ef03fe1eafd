import { JSON_BODY_MAX_BYTES, UPLOAD_MAX_BYTES } from '@fitcoach/contracts';
import type { NextFunction, Request, Response } from 'express';

// Remix actions read the site's forms, not the API's body parsers, so the API's limits are applied here.

export const FORM_MAX_BYTES = JSON_BODY_MAX_BYTES;
export const UPLOAD_FORM_MAX_BYTES = UPLOAD_MAX_BYTES + JSON_BODY_MAX_BYTES;

// With their single-fetch twins; route paths match in any case.
const UPLOAD_FORMS = /^\/(?:userProfile|trainerRegister|trainerDashboard)(?:\.data)?\/?$/i;

export function bodyLimit(path: string): number {
  return UPLOAD_FORMS.test(path) ? UPLOAD_FORM_MAX_BYTES : FORM_MAX_BYTES;
}

function megabytes(bytes: number): string {
  return `${Math.round((bytes / (1024 * 1024)) * 10) / 10} MB`;
}

const LINGER_MS = 2000;

/**
 * Node destroys a `Connection: close` socket once the answer is flushed, and resetting a client still sending can
 * lose the answer; so the rest is dropped unread for up to LINGER_MS, as nginx's lingering close does.
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

export function refuseDeclaredTooLarge(req: Request, res: Response, next: NextFunction): void {
  const limit = bodyLimit(req.path);
  if (Number(req.headers['content-length'] ?? 0) > limit) {
    refuseTooLarge(req, res, limit);
    return;
  }
  next();
}

/** Also aborts the signal, so that Remix stops the action and does not report the unread form as an error. */
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
