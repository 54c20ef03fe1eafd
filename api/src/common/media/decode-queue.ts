/** Refused at once: as many jobs as the queue holds already wait. */
export class QueueFullError extends Error {
  constructor(waiting: number) {
    super(`${waiting} image decodes wait already`);
  }
}

/**
 * Runs at most `concurrency` jobs at once, in the order they came, with at most `maxWaiting` more waiting for a
 * turn; past that, `run` refuses at once rather than queue without end
 * (docs/decisions/046-chat-budgets-per-account-and-bounded-image-decoding.md).
 */
export class DecodeQueue {
  private running = 0;
  private readonly waiting: (() => void)[] = [];

  constructor(
    readonly concurrency: number,
    readonly maxWaiting: number,
  ) {}

  /** How many jobs run now and how many wait. */
  get load(): { running: number; waiting: number } {
    return { running: this.running, waiting: this.waiting.length };
  }

  /** Runs `job` in its turn; with `evenWhenFull`, waits for it however many wait already. */
  async run<T>(job: () => Promise<T>, { evenWhenFull = false } = {}): Promise<T> {
    if (this.running < this.concurrency) {
      this.running += 1;
    } else {
      if (!evenWhenFull && this.waiting.length >= this.maxWaiting)
        throw new QueueFullError(this.waiting.length);
      // The slot of a job that ends is handed to the next waiting one: `running` does not change.
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
