import { once } from 'node:events';
import { createServer, request } from 'node:http';
import { MessageChannel } from 'node:worker_threads';
import { acceptFromThread, PortEnd } from './in-process-connection.js';

async function readAll(end: PortEnd): Promise<string> {
  const chunks: Buffer[] = [];
  for await (const chunk of end) chunks.push(chunk as Buffer);
  return Buffer.concat(chunks).toString();
}

describe('PortEnd', () => {
  it('carries bytes both ways in order, and each end’s end', async () => {
    const { port1, port2 } = new MessageChannel();
    const left = new PortEnd(port1);
    const right = new PortEnd(port2);
    const leftReads = readAll(left);
    const rightReads = readAll(right);
    left.cork();
    left.write('one ');
    left.write('two');
    left.uncork();
    left.end(' three');
    right.end('back');
    expect(await rightReads).toBe('one two three');
    expect(await leftReads).toBe('back');
  });

  it('is closed at the other end when one end is destroyed', async () => {
    const { port1, port2 } = new MessageChannel();
    const left = new PortEnd(port1);
    const right = new PortEnd(port2);
    left.destroy();
    await once(right, 'close');
    expect(right.destroyed).toBe(true);
  });

  it('takes an HTTP exchange to a server that accepted the other end, as from loopback', async () => {
    const server = createServer((req, res) =>
      res.end(`${req.method} ${req.url} from ${req.socket.remoteAddress}`),
    );
    const { port1, port2 } = new MessageChannel();
    acceptFromThread(server, port2);
    const client = new PortEnd(port1);
    const answer = await new Promise<string>((resolve, reject) => {
      request('http://api.internal/api/health', { createConnection: () => client }, (res) => {
        res.setEncoding('utf8');
        let text = '';
        res.on('data', (chunk: string) => (text += chunk));
        res.on('end', () => resolve(text));
      })
        .on('error', reject)
        .end();
    });
    expect(answer).toBe('GET /api/health from 127.0.0.1');
    await once(client, 'close');
  });
});
