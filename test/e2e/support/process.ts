import { type ChildProcessWithoutNullStreams, execFile, spawn } from 'node:child_process';
import { once } from 'node:events';
import { createServer } from 'node:net';
import { createInterface } from 'node:readline';
import { promisify } from 'node:util';

/**
 * The built server as `npm start` runs it, in a process of its own. Without Redis: it must not take jobs from
 * the queues of the server the browser tests use.
 */
export function startServer(env: Record<string, string>): ChildProcessWithoutNullStreams {
  const child = spawn(process.execPath, ['api/dist/main.js'], {
    env: { ...process.env, REDIS_URL: '', NODE_ENV: 'test', LOG_LEVEL: 'info', ...env },
  });
  running.add(child);
  child.once('exit', () => running.delete(child));
  return child;
}

const running = new Set<ChildProcessWithoutNullStreams>();

/** For `test.afterEach`: a test that timed out never reaches its own clean-up, so no server outlives it. */
export function stopServers(): void {
  for (const child of running) child.kill('SIGKILL');
}

/** Resolves once the server logs that it listens. */
export async function listening(child: ChildProcessWithoutNullStreams): Promise<void> {
  for await (const line of createInterface({ input: child.stdout })) {
    if (line.includes('FitCoach is listening')) return;
  }
  throw new Error('the server exited before listening');
}

export async function freePort(): Promise<number> {
  const server = createServer().listen(0, '127.0.0.1');
  await once(server, 'listening');
  const address = server.address();
  server.close();
  if (address === null || typeof address === 'string') throw new Error('no port');
  return address.port;
}

export async function exitOf(child: ChildProcessWithoutNullStreams) {
  let stdout = '';
  let stderr = '';
  child.stdout.on('data', (chunk: Buffer) => (stdout += chunk.toString()));
  child.stderr.on('data', (chunk: Buffer) => (stderr += chunk.toString()));
  const [code, signal] = (await once(child, 'exit')) as [number | null, NodeJS.Signals | null];
  return { code, signal, stdout, stderr };
}

export async function runCli(script: string, args: string[], env: Record<string, string>) {
  return promisify(execFile)(process.execPath, [script, ...args], {
    env: { ...process.env, REDIS_URL: '', ...env },
  });
}
