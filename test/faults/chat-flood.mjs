// One account flooding the chat, in a process of its own so that its work never delays the suite's measurements:
// `node chat-flood.mjs '<json>'` with {urls, token, to, sockets, inFlight, restLoops, seconds}. It opens `sockets`
// sockets with the account's token, one after the other and alternating between `urls`; prints {"ready": true} once
// they are open; then for `seconds` keeps `inFlight` sends waiting for their acknowledgement on each socket still
// open and runs `restLoops` loops of POST /api/chat/sendMessage/, one request after the other; then prints what the
// servers answered as one JSON line and exits.
import { io } from 'socket.io-client';

const { urls, token, to, sockets: socketCount, inFlight, restLoops, seconds } = JSON.parse(process.argv[2]);

const report = {
  sockets: { opened: 0, closedByServer: 0 },
  socketAcks: { ok: 0, refused: {}, unanswered: 0 },
  rest: { statuses: {}, refusal: null, retryAfter: null },
  seconds: 0,
};
const count = (table, key) => (table[key] = (table[key] ?? 0) + 1);

function open(url) {
  return new Promise((resolve, reject) => {
    const socket = io(url, {
      auth: { token },
      transports: ['websocket'],
      reconnection: false,
      forceNew: true,
    });
    socket.once('connect', () => resolve(socket));
    socket.once('connect_error', reject);
    socket.once('disconnect', (reason) => {
      if (reason === 'io server disconnect') report.sockets.closedByServer += 1;
    });
  });
}

const sockets = [];
for (let i = 0; i < socketCount; i += 1) {
  sockets.push(await open(urls[i % urls.length]));
  report.sockets.opened += 1;
}
process.stdout.write(`${JSON.stringify({ ready: true })}\n`);

const started = performance.now();
const deadline = started + seconds * 1000;
let sent = 0;
const over = () => performance.now() >= deadline;

/** One send on the socket, and the next once it is acknowledged, until the deadline. */
function pump(socket, settled) {
  if (over() || !socket.connected) {
    settled();
    return;
  }
  sent += 1;
  socket.timeout(10_000).emit('message:send', { to, text: `flood ${sent}` }, (error, ack) => {
    if (error) report.socketAcks.unanswered += 1;
    else if (ack.ok) report.socketAcks.ok += 1;
    else count(report.socketAcks.refused, ack.error);
    pump(socket, settled);
  });
}

async function restLoop(url) {
  while (!over()) {
    sent += 1;
    const res = await fetch(`${url}/api/chat/sendMessage/`, {
      method: 'POST',
      headers: { Authorization: `Bearer ${token}`, 'Content-Type': 'application/json' },
      body: JSON.stringify({ to, text: `flood ${sent}` }),
    });
    const body = await res.text();
    count(report.rest.statuses, res.status);
    if (res.status === 429 && report.rest.refusal === null) {
      report.rest.refusal = JSON.parse(body);
      report.rest.retryAfter = res.headers.get('retry-after');
    }
  }
}

await Promise.all([
  ...sockets.flatMap((socket) =>
    Array.from({ length: inFlight }, () => new Promise((settled) => pump(socket, settled))),
  ),
  ...Array.from({ length: restLoops }, (_, i) => restLoop(urls[i % urls.length])),
]);
report.seconds = (performance.now() - started) / 1000;
for (const socket of sockets) socket.disconnect();
process.stdout.write(`${JSON.stringify(report)}\n`);
