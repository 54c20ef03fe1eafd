import { mkdtempSync, readdirSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { crc32, deflateSync } from 'node:zlib';
import { afterEach, beforeEach, describe, expect, it } from '@jest/globals';
import { BadRequestException, PayloadTooLargeException } from '@nestjs/common';
import { UPLOAD_MAX_BYTES } from '@fitcoach/contracts';
import sharp from 'sharp';
import { loadConfig } from '../config/app-config.js';
import { MediaService } from './media.service.js';

function image(
  width: number,
  height: number,
  format: 'jpeg' | 'png' | 'webp' | 'gif' | 'avif',
): Promise<Buffer> {
  return sharp({ create: { width, height, channels: 3, background: '#27ae60' } })
    .toFormat(format)
    .toBuffer();
}

function pngChunk(type: string, data: Buffer): Buffer {
  const length = Buffer.alloc(4);
  length.writeUInt32BE(data.length);
  const body = Buffer.concat([Buffer.from(type, 'latin1'), data]);
  const crc = Buffer.alloc(4);
  crc.writeUInt32BE(crc32(body));
  return Buffer.concat([length, body, crc]);
}

/** A 100-byte PNG whose header declares 30000×30000 pixels. */
function pngBomb(): Buffer {
  const header = Buffer.alloc(13);
  header.writeUInt32BE(30_000, 0);
  header.writeUInt32BE(30_000, 4);
  header[8] = 8; // bits per sample
  header[9] = 2; // RGB
  return Buffer.concat([
    Buffer.from('89504e470d0a1a0a', 'hex'),
    pngChunk('IHDR', header),
    pngChunk('IDAT', deflateSync(Buffer.alloc(64))),
    pngChunk('IEND', Buffer.alloc(0)),
  ]);
}

describe(MediaService.name, () => {
  let dataDir: string;
  let sut: MediaService;

  beforeEach(() => {
    dataDir = mkdtempSync(join(tmpdir(), 'fitcoach-media-'));
    sut = new MediaService(loadConfig({ DATA_DIR: dataDir }));
  });
  afterEach(() => rmSync(dataDir, { recursive: true, force: true }));

  async function stored(path: string) {
    return sharp(join(dataDir, path)).metadata();
  }

  describe('storeImage', () => {
    it.each(['jpeg', 'png', 'webp', 'gif', 'avif'] as const)('stores %s as WebP', async (format) => {
      const path = await sut.storeImage('program', { buffer: await image(30, 20, format) }, 'cover_image');
      expect(path).toMatch(/^\/media\/program\/[0-9a-f]{32}\.webp$/);
      expect(await stored(path)).toMatchObject({ format: 'webp', width: 30, height: 20 });
    });

    it('turns the picture upright as its EXIF orientation says', async () => {
      const sideways = await sharp(await image(64, 48, 'jpeg'))
        .withMetadata({ orientation: 6 })
        .toBuffer();
      const path = await sut.storeImage('profile', { buffer: sideways }, 'profile_picture');
      expect(await stored(path)).toMatchObject({ width: 48, height: 64 });
    });

    it('does not enlarge a small image', async () => {
      const path = await sut.storeImage('chat', { buffer: await image(20, 10, 'png') }, 'image');
      expect(await stored(path)).toMatchObject({ width: 20, height: 10 });
    });

    it('leaves only the final file behind, no temporary one', async () => {
      await sut.storeImage('lesson', { buffer: await image(10, 10, 'png') }, 'image');
      expect(readdirSync(join(dataDir, 'media', 'lesson'))).toEqual([
        expect.stringMatching(/^[0-9a-f]{32}\.webp$/),
      ]);
    });

    it('refuses an image over the upload limit with 413, even when no multer counted it', async () => {
      const buffer = Buffer.concat([await image(10, 10, 'png'), Buffer.alloc(UPLOAD_MAX_BYTES)]);
      await expect(sut.storeImage('chat', { buffer }, 'image')).rejects.toBeInstanceOf(
        PayloadTooLargeException,
      );
    });

    it('refuses a decompression bomb without decoding it', async () => {
      const refusal = sut.storeImage('profile', { buffer: pngBomb() }, 'profile_picture');
      await expect(refusal).rejects.toBeInstanceOf(BadRequestException);
      await expect(refusal).rejects.toMatchObject({
        response: { errors: [{ field: 'profile_picture', message: expect.stringMatching(/40 megapixels/) }] },
      });
    });

    it('refuses formats other than the five accepted, judged by the bytes', async () => {
      const tiff = await image(10, 10, 'png').then((png) => sharp(png).tiff().toBuffer());
      await expect(sut.storeImage('profile', { buffer: tiff }, 'profile_picture')).rejects.toMatchObject({
        response: { message: 'profile_picture must be a JPEG, PNG, WebP, GIF or AVIF image' },
      });
    });

    it('refuses a missing file', async () => {
      await expect(sut.storeImage('profile', undefined, 'profile_picture')).rejects.toMatchObject({
        response: { message: 'profile_picture is required' },
      });
    });
  });

  describe('remove', () => {
    it('deletes a stored image', async () => {
      const path = await sut.storeImage('trainer', { buffer: await image(10, 10, 'png') }, 'profile_picture');
      await sut.remove(path);
      expect(readdirSync(join(dataDir, 'media', 'trainer'))).toEqual([]);
    });

    it.each([null, undefined, '', '/media/profile/0123456789abcdef0123456789abcdef.webp'])(
      'does nothing for %p (no image, or one already gone)',
      async (path) => {
        await expect(sut.remove(path)).resolves.toBeUndefined();
      },
    );

    it.each([
      '/media/../secret.txt',
      '/media/profile/../../secret.txt',
      '/media//etc/passwd',
      '/media/',
      '/media/..',
      '/media/profile/../..',
      '/etc/passwd',
      'secret.txt',
    ])('refuses %p, which is not a file inside the media directory', async (path) => {
      writeFileSync(join(dataDir, 'secret.txt'), 'keep');
      await expect(sut.remove(path)).rejects.toThrow(/Refusing to remove/);
      expect(readdirSync(dataDir)).toContain('secret.txt');
    });
  });

  describe('private images', () => {
    it('stores a re-encoded image outside the public media, reads it back and removes it', async () => {
      const stored = await sut.storePrivateImage('photos', { buffer: await image(30, 20, 'jpeg') }, 'image');
      expect(stored).toEqual({
        file: expect.stringMatching(/^photos\/[0-9a-f]{32}\.webp$/),
        width: 30,
        height: 20,
      });
      expect(readdirSync(join(dataDir, 'private', 'photos'))).toEqual([stored.file.slice('photos/'.length)]);
      const read = await sut.readPrivate(stored.file);
      expect((await sharp(read!).metadata()).format).toBe('webp');
      await sut.removePrivate(stored.file);
      await expect(sut.readPrivate(stored.file)).resolves.toBeNull();
      await expect(sut.removePrivate(stored.file)).resolves.toBeUndefined();
    });

    it.each([
      '../secret.txt',
      'photos/../../secret.txt',
      '/etc/passwd',
      'photos/x.webp',
      'media/profile.webp',
    ])('refuses %p, which is no private image name', async (file) => {
      writeFileSync(join(dataDir, 'secret.txt'), 'keep');
      await expect(sut.readPrivate(file)).rejects.toThrow(/not a private image name/);
      await expect(sut.removePrivate(file)).rejects.toThrow(/not a private image name/);
      expect(readdirSync(dataDir)).toContain('secret.txt');
    });
  });
});
