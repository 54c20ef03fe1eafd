import { Injectable } from '@nestjs/common';
import type { IncomingMessage, ServerResponse } from 'node:http';

/** Once shutting down, every answer closes its connection, so that keep-alive connections do not outlive it. */
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

  /** The app's first middleware. */
  readonly track = (_req: IncomingMessage, res: ServerResponse, next: () => void): void => {
    this.inFlight += 1;
    res.once('close', () => {
      this.inFlight -= 1;
    });
    if (this.draining) res.setHeader('Connection', 'close');
    next();
  };
}
