import type { AddressInfo } from 'node:net';
import { connect } from 'node:net';
import { describe, expect, it } from '@jest/globals';
import { useTestApp } from '../fixtures/app.js';

describe('kept-alive connections', () => {
  const t = useTestApp();

  /** Sends two requests on one connection, the way a client reusing it does; resolves with both answers' heads. */
  async function twoRequestsOnOneConnection(path: string): Promise<string[]> {
    const server = t.app.getHttpServer();
    if (!server.listening) await t.app.listen(0, '127.0.0.1');
    const { port } = server.address() as AddressInfo;
    const request = `GET ${path} HTTP/1.1\r\nHost: 127.0.0.1\r\n\r\n`;
    const last = `GET ${path} HTTP/1.1\r\nHost: 127.0.0.1\r\nConnection: close\r\n\r\n`;
    const answer = await new Promise<string>((resolve, reject) => {
      let data = '';
      const socket = connect(port, '127.0.0.1', () => socket.write(request + last));
      socket.setEncoding('utf8');
      socket.on('data', (chunk: string) => (data += chunk));
      socket.on('end', () => resolve(data));
      socket.on('error', reject);
    });
    return answer.split(/(?=HTTP\/1\.1 )/).map((response) => response.split('\r\n\r\n')[0]);
  }

  it('stay open 65 s, longer than clients keep theirs, so a request never meets a connection being closed', async () => {
    const [first, second] = await twoRequestsOnOneConnection('/api/health/');
    expect(first).toMatch(/^HTTP\/1\.1 200 /);
    expect(first).toMatch(/^Keep-Alive: timeout=65$/im);
    expect(second).toMatch(/^HTTP\/1\.1 200 /);
    expect(second).toMatch(/^Connection: close$/im);
  });
});
