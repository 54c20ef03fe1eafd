export class QueueFullError extends Error {
  constructor(waiting: number) {
    super(`${waiting} image decodes wait already`);
  }
}

/** Refuses at once rather than queue without end (ADR 046). */
export class DecodeQueue {
  private running = 0;
  private readonly waiting: (() => void)[] = [];

  constructor(
    readonly concurrency: number,
    readonly maxWaiting: number,
  ) {}

  get load(): { running: number; waiting: number } {
    return { running: this.running, waiting: this.waiting.length };
  }

  async run<T>(job: () => Promise<T>, { evenWhenFull = false } = {}): Promise<T> {
    if (this.running < this.concurrency) {
      this.running += 1;
    } else {
      if (!evenWhenFull && this.waiting.length >= this.maxWaiting)
        throw new QueueFullError(this.waiting.length);
      // A finished job hands its slot over, so `running` does not change.
      await new Promise<void>((resolve) => this.waiting.push(resolve));
    }
    try {
      return await job();
    } finally {
      const next = this.waiting.shift();
      if (next) next();
      else this.running -= 1;
    }
  }
}
