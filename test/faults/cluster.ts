import { type ChildProcess, execFile, spawn } from 'node:child_process';
import { once } from 'node:events';
import { createWriteStream } from 'node:fs';
import { userInfo } from 'node:os';
import { join } from 'node:path';
import { promisify } from 'node:util';
import mysql from 'mysql2/promise';
import { eventually } from '../fixtures/eventually.js';

/*
 * The processes of the fault-injection suite (docs/testing.md, "Fault injection"): a MariaDB and a Redis of its own
 * in a temporary directory, and instances of the built server (api/dist/main.js), each of which can be stopped with
 * SIGTERM or killed with SIGKILL and started again on the same port. Output goes to <dir>/<name>.log.
 */

const root = new URL('../../', import.meta.url).pathname;

/** One child process that can be stopped and started again with the same command. */
class Service {
  private child: ChildProcess | undefined;

  constructor(
    readonly name: string,
    protected readonly dir: string,
    private readonly command: string,
    private readonly args: string[],
    private readonly env: NodeJS.ProcessEnv = process.env,
  ) {}

  protected spawn(): void {
    const log = createWriteStream(join(this.dir, `${this.name}.log`), { flags: 'a' });
    this.child = spawn(this.command, this.args, {
      cwd: root,
      env: this.env,
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    this.child.stdout?.pipe(log);
    this.child.stderr?.pipe(log);
  }

  get running(): boolean {
    return this.child !== undefined && this.child.exitCode === null && this.child.signalCode === null;
  }

  /** Sends `signal` and resolves once the process has exited. */
  async stop(signal: NodeJS.Signals = 'SIGTERM'): Promise<void> {
    const child = this.child;
    if (!child || !this.running) return;
    const exited = once(child, 'exit');
    child.kill(signal);
    await exited;
  }
}

/** A MariaDB server of its own: `mariadb-install-db` into `dir`, then `mariadbd` on `port`, no grant tables. */
export class MariaDb extends Service {
  constructor(
    dir: string,
    readonly port: number,
  ) {
    super('mariadb', dir, '/usr/sbin/mariadbd', [
      '--no-defaults',
      `--datadir=${join(dir, 'mariadb')}`,
      `--port=${port}`,
      '--bind-address=127.0.0.1',
      `--socket=${join(dir, 'mariadb.sock')}`,
      `--pid-file=${join(dir, 'mariadb.pid')}`,
      '--skip-grant-tables',
      `--user=${userInfo().username}`,
    ]);
  }

  /** The URL of `database` on this server. */
  url(database: string): string {
    return `mysql://root@127.0.0.1:${this.port}/${database}`;
  }

  async install(): Promise<void> {
    await promisify(execFile)('mariadb-install-db', [
      '--no-defaults',
      `--datadir=${join(this.dir, 'mariadb')}`,
      '--auth-root-authentication-method=normal',
      '--skip-test-db',
    ]);
  }

  async start(): Promise<void> {
    this.spawn();
    await eventually(() => this.answers(), 30_000);
  }

  async query(sql: string, values: unknown[] = []): Promise<unknown> {
    const connection = await mysql.createConnection(this.url(''));
    try {
      return (await connection.query(sql, values))[0];
    } finally {
      await connection.end();
    }
  }

  private answers(): Promise<boolean> {
    return this.query('SELECT 1').then(
      () => true,
      () => false,
    );
  }
}

/** A Redis server of its own on `port`, nothing saved. */
export class RedisServer extends Service {
  constructor(
    dir: string,
    readonly port: number,
  ) {
    super('redis', dir, 'redis-server', [
      '--port',
      String(port),
      '--bind',
      '127.0.0.1',
      '--save',
      '',
      '--appendonly',
      'no',
    ]);
  }

  get url(): string {
    return `redis://127.0.0.1:${this.port}`;
  }

  async start(): Promise<void> {
    this.spawn();
    await eventually(
      () =>
        promisify(execFile)('redis-cli', ['-p', String(this.port), 'ping']).then(
          ({ stdout }) => stdout.trim() === 'PONG',
          () => false,
        ),
      30_000,
    );
  }
}

/** An instance of the built server (`api/dist/main.js`) on `port`. */
export class Instance extends Service {
  constructor(
    name: string,
    dir: string,
    readonly port: number,
    env: Record<string, string>,
  ) {
    super(name, dir, process.execPath, ['api/dist/main.js'], { ...process.env, ...env, PORT: String(port) });
  }

  get url(): string {
    return `http://127.0.0.1:${this.port}`;
  }

  /** Starts it and resolves once its liveness answers. */
  async start(): Promise<void> {
    this.spawn();
    await eventually(async () => {
      if (!this.running) throw new Error(`${this.name} exited at start-up: see ${this.name}.log`);
      return fetch(`${this.url}/api/health/live`).then(
        (res) => res.ok,
        () => false,
      );
    }, 60_000);
  }

  /** `kill -9`: no shutdown, no answer to what is under way. */
  kill(): Promise<void> {
    return this.stop('SIGKILL');
  }
}
