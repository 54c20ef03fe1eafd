import { existsSync, readdirSync, statSync } from 'node:fs';
import type { AddressInfo } from 'node:net';
import { connect, type Socket } from 'node:net';
import { join } from 'node:path';
import { setFlagsFromString } from 'node:v8';
import { runInNewContext } from 'node:vm';
import { afterAll, describe, expect, it } from '@jest/globals';
import { UPLOAD_TEMP_DIR } from '../../api/src/common/media/image-upload.js';
import { useTestApp } from '../fixtures/app.js';
import { eventually } from '../fixtures/eventually.js';
import { createSession } from '../fixtures/users.js';

/*
 * Overload: a flood of large uploads that arrive slowly (all but their last bytes sent, then nothing)
 * holds no memory in the server: each is received on disk (docs/decisions/040-uploads-received-on-disk.md), others
 * are still answered, and a file whose client goes away is removed.
 */
// A full collection before each reading, so that what is measured is the memory still held, not garbage.
setFlagsFromString('--expose-gc');
const collect = runInNewContext('gc') as () => void;

/**
 * The bytes of every Buffer and ArrayBuffer still alive in this process (the server runs in it). V8 frees the memory
 * of dead ArrayBuffers on a background thread after a collection; on a busy machine (CI) that sweep can still be under
 * way when the figure is read, so a second collection, which first waits for the previous sweep, comes before it.
 */
async function heldBuffers(): Promise<number> {
  collect();
  await new Promise((resolve) => setImmediate(resolve));
  collect();
  return process.memoryUsage().arrayBuffers;
}

describe('a flood of large uploads', () => {
  const t = useTestApp();
  const UPLOADS = 30;
  const FILE_BYTES = 4 * 1024 * 1024;
  const sockets: Socket[] = [];

  afterAll(() => {
    for (const socket of sockets) socket.destroy();
  });

  async function listeningPort(): Promise<number> {
    const server = t.app.getHttpServer();
    if (!server.listening) await t.app.listen(0, '127.0.0.1');
    return (server.address() as AddressInfo).port;
  }

  // The sizes of the uploads' temporary files; one removed between the listing and its stat is gone.
  const received = () =>
    existsSync(UPLOAD_TEMP_DIR)
      ? readdirSync(UPLOAD_TEMP_DIR).flatMap((name) => {
          const stats = statSync(join(UPLOAD_TEMP_DIR, name), { throwIfNoEntry: false });
          return stats ? [stats.size] : [];
        })
      : [];

  it('is received on disk, holding no buffers, while others are answered; what is left is removed', async () => {
    const port = await listeningPort();
    const member = await createSession(t);
    const boundary = 'flood-boundary';
    const head = Buffer.from(
      `--${boundary}\r\nContent-Disposition: form-data; name="profile_picture"; filename="big.png"\r\n` +
        'Content-Type: image/png\r\n\r\n',
    );
    const tail = Buffer.from(`\r\n--${boundary}--\r\n`);
    const file = Buffer.alloc(FILE_BYTES, 7);
    const length = head.length + file.length + tail.length;
    const before = await heldBuffers();

    for (let n = 0; n < UPLOADS; n += 1) {
      const socket = connect(port, '127.0.0.1');
      socket.on('error', () => undefined);
      sockets.push(socket);
      socket.write(
        `PUT /api/users/updateUser/ HTTP/1.1\r\nHost: 127.0.0.1\r\nAuthorization: ${member.bearer}\r\n` +
          `Content-Type: multipart/form-data; boundary=${boundary}\r\nContent-Length: ${length}\r\n\r\n`,
      );
      socket.write(head);
      // Everything but the end: the upload stays open, as a slow client's does.
      socket.write(file);
    }
    await eventually(() => received().filter((size) => size >= FILE_BYTES).length === UPLOADS, 60_000);

    // The files are on disk; their bytes are not kept in this process (held in memory, they would be 120 MB).
    expect((await heldBuffers()) - before).toBeLessThan(8 * 1024 * 1024);
    await t.http().get('/api/health').expect(200);

    for (const socket of sockets) socket.destroy();
    await eventually(() => received().length === 0);
  });
});
