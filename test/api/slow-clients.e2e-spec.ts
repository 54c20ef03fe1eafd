import type { AddressInfo } from 'node:net';
import { connect, type Socket } from 'node:net';
import { afterAll, describe, expect, it } from '@jest/globals';
import { KEEP_ALIVE_TIMEOUT_MS } from '../../api/src/common/http/keep-alive.js';
import { useTestApp } from '../fixtures/app.js';

/*
 * Overload: a flood of slow clients (slowloris: connections that send their headers a line at a time and
 * never finish) costs the server little memory, does not keep others from being answered, and is cut off by the
 * server's headers and request timeouts (Node's, kept finite: api/src/common/http/keep-alive.ts).
 */
describe('slow clients', () => {
  const t = useTestApp();
  const SLOW_CLIENTS = 400;
  const sockets: Socket[] = [];
  let drip: NodeJS.Timeout | undefined;

  afterAll(() => {
    clearInterval(drip);
    for (const socket of sockets) socket.destroy();
  });

  async function listeningPort(): Promise<number> {
    const server = t.app.getHttpServer();
    if (!server.listening) await t.app.listen(0, '127.0.0.1');
    return (server.address() as AddressInfo).port;
  }

  it('a flood of connections that never finish their headers leaves the others answered, in little memory', async () => {
    const port = await listeningPort();
    const before = process.memoryUsage().rss;
    await Promise.all(
      Array.from(
        { length: SLOW_CLIENTS },
        () =>
          new Promise<void>((resolve, reject) => {
            const socket = connect(port, '127.0.0.1', () => {
              socket.write('GET /api/health HTTP/1.1\r\nHost: 127.0.0.1\r\n');
              resolve();
            });
            socket.on('error', reject);
            sockets.push(socket);
          }),
      ),
    );
    // One more header line now and then from each, as slowloris does, so that none is idle.
    drip = setInterval(() => {
      for (const socket of sockets) if (socket.writable) socket.write('X-Slow: 1\r\n');
    }, 500);

    const url = `http://127.0.0.1:${port}/api/health`;
    const times: number[] = [];
    for (let asked = 0; asked < 20; asked += 1) {
      const started = performance.now();
      const res = await fetch(url);
      times.push(performance.now() - started);
      expect(res.status).toBe(200);
    }
    expect(Math.max(...times)).toBeLessThan(2_000);
    expect(sockets.filter((socket) => !socket.destroyed)).toHaveLength(SLOW_CLIENTS);
    // Both ends of every connection live in this process: still far below a megabyte a connection.
    expect(process.memoryUsage().rss - before).toBeLessThan(64 * 1024 * 1024);
  });

  it('gives a request a bounded time for its headers and for itself', () => {
    const server = t.app.getHttpServer();
    expect(server.headersTimeout).toBeGreaterThan(KEEP_ALIVE_TIMEOUT_MS);
    expect(server.headersTimeout).toBeLessThanOrEqual(120_000);
    expect(server.requestTimeout).toBeGreaterThan(0);
    expect(server.requestTimeout).toBeLessThanOrEqual(300_000);
  });
});
