import { AsyncLocalStorage } from 'node:async_hooks';
import type { DataSource, EntityManager, QueryRunner } from 'typeorm';

/**
 * One async flow's use of the connection: a transaction, from BEGIN to COMMIT or ROLLBACK, with everything its body
 * awaits; or one statement run outside any transaction.
 */
interface Turn {
  /** Set when the turn began a transaction: the same flow asks for a new turn for its next one. */
  began: boolean;
}

/** Whose turn it is on the connection; the others wait, first come first served. */
class TurnQueue {
  holder: Turn | undefined;
  private readonly waiting: { turn: Turn; go: () => void }[] = [];

  /** Undefined when `turn` has the connection at once, else a promise of its turn. */
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

/** A statement that only reads: it cannot be rolled back with anyone's transaction, so it need not wait. */
const READ = /^\s*select\b/i;

/**
 * TypeORM runs every SQLite query on one shared QueryRunner, one connection: a transaction is whatever that
 * connection runs between a BEGIN and a COMMIT, and `isTransactionActive` is one flag for the whole process. Two
 * flows interleaving on it make a BEGIN inside another's transaction ("cannot start a transaction within a
 * transaction"), a ROLLBACK of someone else's work, or a write that silently joins another's transaction and is
 * rolled back with it.
 *
 * So flows take turns. A transaction, however it begins (`manager.transaction`, `save`/`remove`, a QueryRunner's
 * `startTransaction`), holds the connection from BEGIN to COMMIT or ROLLBACK; a write outside a transaction holds
 * it for that statement. The flow holding a transaction is told from others by AsyncLocalStorage: its own queries,
 * savepoints and saves run inside it, anyone else's writes wait for the end of it, and `isTransactionActive` is true
 * for the holder only, so a save elsewhere begins a transaction of its own instead of joining. A SELECT runs at once,
 * as before: it may see rows a transaction has not committed yet.
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
      // A transaction begun on this manager is a new one, as on MySQL's other connection: work a transaction set
      // off without awaiting it (a relay woken by a write) must not run inside it and see what may roll back.
      // A save inside a transaction's own flow joins it, as TypeORM does on one connection.
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
    /** Ends `turn`'s transaction by force (BEGIN or ROLLBACK failed), unless it ended already. */
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
      // TypeORM clears the flag right after COMMIT or ROLLBACK succeeded: the next turn may go.
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
      // The turn is the statement's alone, not its flow's: a beforeQuery or afterQuery subscriber that queried
      // would wait for it.
      const turn: Turn = { began: true };
      const run = () => query(...args).finally(() => queue.give());
      const wait = queue.take(turn);
      return wait ? wait.then(run) : run();
    }) as QueryRunner['query'];

    return runner;
  };
}
