import { Injectable } from '@nestjs/common';
import type { IncomingMessage, ServerResponse } from 'node:http';

/**
 * Whether the process is shutting down, and how many HTTP requests are in flight. Shutting down begins first thing
 * on SIGTERM (`shutDownGracefully`): readiness answers 503 from then on, so that a balancer that polls it stops
 * sending requests, and every answer closes its connection, so that keep-alive connections do not outlive it.
 */
@Injectable()
export class ShutdownState {
  private since: number | null = null;
  private inFlight = 0;

  get draining(): boolean {
    return this.since !== null;
  }

  get requestsInFlight(): number {
    return this.inFlight;
  }

  begin(now = Date.now()): void {
    this.since ??= now;
  }

  /** The first middleware of the app (app.factory.ts): counts the request until its answer is sent or abandoned. */
  readonly track = (_req: IncomingMessage, res: ServerResponse, next: () => void): void => {
    this.inFlight += 1;
    res.once('close', () => {
      this.inFlight -= 1;
    });
    if (this.draining) res.setHeader('Connection', 'close');
    next();
  };
}
