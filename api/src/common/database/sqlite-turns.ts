import { AsyncLocalStorage } from 'node:async_hooks';
import type { DataSource, EntityManager, QueryRunner } from 'typeorm';

/** A transaction from BEGIN to its end, with everything its body awaits, or one statement outside any. */
interface Turn {
  /** The same flow asks for a new turn for its next transaction. */
  began: boolean;
}

class TurnQueue {
  holder: Turn | undefined;
  private readonly waiting: { turn: Turn; go: () => void }[] = [];

  take(turn: Turn): Promise<void> | undefined {
    if (this.holder === undefined) {
      this.holder = turn;
      return undefined;
    }
    return new Promise((go) => this.waiting.push({ turn, go }));
  }

  give(): void {
    const next = this.waiting.shift();
    this.holder = next?.turn;
    next?.go();
  }
}

type Operation = (...args: unknown[]) => Promise<unknown>;

/** The EntityManager methods that begin a transaction of their own when not called inside one. */
const SELF_TRANSACTING = ['transaction', 'save', 'remove', 'softRemove', 'recover'] as const;

const TAKES_TURNS = Symbol('fitcoach:takes-turns');

/** A read cannot be rolled back with anyone's transaction, so it need not wait. */
const READ = /^\s*select\b/i;

/**
 * TypeORM runs every SQLite query on one connection, so interleaved flows would nest BEGINs, roll back each other's
 * work or silently join each other's transactions (ADR 047). Writes take turns; AsyncLocalStorage tells the holder's
 * own queries apart. A SELECT runs at once and may see uncommitted rows.
 */
export function takeTurnsOnTheConnection(dataSource: DataSource): void {
  const turns = new AsyncLocalStorage<Turn>();
  const queue = new TurnQueue();
  let active = false;
  const holding = () => queue.holder !== undefined && queue.holder === turns.getStore();
  const inTransaction = () => active && holding();

  const ownTurn = (manager: EntityManager) => {
    for (const name of SELF_TRANSACTING) {
      const operation = (manager[name] as Operation).bind(manager);
      // Work a transaction set off without awaiting it must not run inside it and see what may roll back.
      (manager as unknown as Record<string, Operation>)[name] = (...args) =>
        name !== 'transaction' && inTransaction()
          ? operation(...args)
          : turns.run({ began: false }, () => operation(...args));
    }
  };
  ownTurn(dataSource.manager);
  const createEntityManager = dataSource.createEntityManager.bind(dataSource);
  dataSource.createEntityManager = (queryRunner?: QueryRunner) => {
    const manager = createEntityManager(queryRunner);
    if (!queryRunner) ownTurn(manager);
    return manager;
  };

  const driver = dataSource.driver;
  const createQueryRunner = driver.createQueryRunner.bind(driver);
  driver.createQueryRunner = (mode) => {
    const runner = createQueryRunner(mode) as QueryRunner & { [TAKES_TURNS]?: true };
    if (runner[TAKES_TURNS]) return runner;
    runner[TAKES_TURNS] = true;

    const query = runner.query.bind(runner) as Operation;
    const start = runner.startTransaction.bind(runner);
    const rollback = runner.rollbackTransaction.bind(runner);
    const depth = runner as unknown as { transactionDepth: number };
    /** For when BEGIN or ROLLBACK failed. */
    const end = (turn: Turn) => {
      if (queue.holder !== turn) return;
      active = false;
      depth.transactionDepth = 0;
      queue.give();
    };

    active = runner.isTransactionActive;
    Object.defineProperty(runner, 'isTransactionActive', {
      configurable: true,
      enumerable: true,
      get: inTransaction,
      set: (value: boolean) => {
        const ending = active && !value;
        active = value;
        if (ending) queue.give();
      },
    });

    runner.startTransaction = async (isolationLevel) => {
      if (inTransaction()) return start(isolationLevel);
      let turn = turns.getStore();
      if (!turn || turn.began) {
        // Begun without a wrapped manager method (a QueryRunner used directly): the caller's flow is the holder.
        turn = { began: false };
        turns.enterWith(turn);
      }
      turn.began = true;
      const wait = queue.take(turn);
      if (wait) await wait;
      try {
        await start(isolationLevel);
      } catch (error) {
        end(turn);
        throw error;
      }
    };

    runner.rollbackTransaction = async () => {
      const turn = turns.getStore();
      if (!inTransaction() || depth.transactionDepth > 1) return rollback();
      try {
        await rollback();
      } finally {
        if (turn) end(turn);
      }
    };

    runner.query = ((...args: unknown[]) => {
      if (holding() || READ.test(String(args[0]))) return query(...args);
      // The statement's alone, not its flow's: a subscriber that queried would otherwise wait for it.
      const turn: Turn = { began: true };
      const run = () => query(...args).finally(() => queue.give());
      const wait = queue.take(turn);
      return wait ? wait.then(run) : run();
    }) as QueryRunner['query'];

    return runner;
  };
}
