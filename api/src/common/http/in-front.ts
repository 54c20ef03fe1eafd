import type { IncomingMessage, Server, ServerResponse } from 'node:http';

/** A handler that runs on the plain Node request, before Express: it answers, or calls `next`. */
export type FrontHandler = (req: IncomingMessage, res: ServerResponse, next: () => void) => void;

/**
 * Puts `handlers` in front of the server's one request listener (Express, as Nest created it): each request goes
 * through them in order and reaches Express only when the last one calls `next`. What they answer never pays for
 * Express's request decoration and router (docs/decisions/042). Called before anything else (socket.io) wraps the
 * listener.
 */
export function putInFront(server: Server, handlers: FrontHandler[]): void {
  const listeners = server.listeners('request');
  const [app] = listeners;
  if (listeners.length !== 1 || app === undefined) {
    throw new Error(
      `Expected Express as the server's one request listener, found ${listeners.length} listeners`,
    );
  }
  server.removeListener('request', app as (...args: unknown[]) => void);
  server.on('request', (req: IncomingMessage, res: ServerResponse) => {
    let index = 0;
    const next = (): void => {
      const handler = handlers[index];
      index += 1;
      if (handler) handler(req, res, next);
      else app.call(server, req, res);
    };
    next();
  });
}
