// The floor of one row of scripts/bench-floor.mjs's table (docs/performance.md): a bare node:http
// server, in its own process like the app, that answers every request for a captured path with the status,
// headers and still-compressed body our server sent for it, from memory. Nothing is rendered, queried or
// compressed, so it is what one Node process on this machine can do for the same bytes at best.
// Usage: node scripts/bench-floor-server.mjs answers.json — { "/path": { status, rawHeaders, body (base64) } }.
// It listens on a free loopback port and writes that port, then a newline, to stdout.
import { readFileSync } from 'node:fs';
import { createServer } from 'node:http';

const answers = new Map(
  Object.entries(JSON.parse(readFileSync(process.argv[2], 'utf8'))).map(([path, answer]) => [
    path,
    { status: answer.status, rawHeaders: answer.rawHeaders, body: Buffer.from(answer.body, 'base64') },
  ]),
);

const server = createServer((req, res) => {
  const answer = answers.get(req.url);
  if (!answer) {
    res.writeHead(404).end();
    return;
  }
  // The raw list keeps the headers' order and repeats. Transfer-Encoding is not replayed: where the app sent no
  // Content-Length (its compressed answers), Node frames the body as chunked, as the app's did.
  res.writeHead(answer.status, answer.rawHeaders);
  res.end(answer.body);
});
server.listen(0, '127.0.0.1', () => process.stdout.write(`${server.address().port}\n`));
