import { existsSync, mkdirSync, readdirSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it, jest } from '@jest/globals';
import { Controller, Logger, Module, Post, UploadedFile, UseInterceptors } from '@nestjs/common';
import sharp from 'sharp';
import { Public } from '../../api/src/common/auth/auth.decorators.js';
import { imageUpload } from '../../api/src/common/media/image-upload.js';
import {
  IMAGE_DECODES_AT_ONCE,
  IMAGE_DECODES_RETRY_AFTER_SECONDS,
  IMAGE_DECODES_WAITING,
} from '../../api/src/common/media/media.constants.js';
import { MediaService, type UploadedImage } from '../../api/src/common/media/media.service.js';
import { createTestApp, type TestApp } from '../fixtures/app.js';
import { eventually } from '../fixtures/eventually.js';
import { cameraJpeg, plainImage, truncatedJpeg } from '../fixtures/images.js';

/** An upload route written as the feature modules write theirs (public, so the tests need no account). */
@Public()
@Controller('api/test-media')
class TestMediaController {
  constructor(private readonly media: MediaService) {}

  @Post()
  @UseInterceptors(imageUpload('picture'))
  async upload(@UploadedFile() file: UploadedImage | undefined): Promise<{ path: string }> {
    return { path: await this.media.storeImage('profile', file, 'picture') };
  }
}

@Module({ controllers: [TestMediaController] })
class TestMediaModule {}

const STORED_PATH = /^\/media\/profile\/[0-9a-f]{32}\.webp$/;
const TYPE_ERROR = 'picture must be a JPEG, PNG, WebP, GIF or AVIF image';
const UNREADABLE_ERROR = 'picture could not be read as an image (damaged, or larger than 40 megapixels)';

describe('Media', () => {
  let t: TestApp;
  let mediaDir: string;

  beforeAll(async () => {
    t = await createTestApp({ extraModules: [TestMediaModule] });
    mediaDir = join(t.config.dataDir, 'media');
  });
  afterAll(() => t.close());

  function storedFiles(): string[] {
    return existsSync(mediaDir) ? readdirSync(mediaDir, { recursive: true, encoding: 'utf8' }) : [];
  }

  function upload(image: Buffer, filename: string) {
    return t.http().post('/api/test-media').attach('picture', image, filename);
  }

  async function served(path: string): Promise<Buffer> {
    const res = await t
      .http()
      .get(path)
      .buffer(true)
      .parse((stream, done) => {
        const chunks: Buffer[] = [];
        stream.on('data', (chunk: Buffer) => chunks.push(chunk));
        stream.on('end', () => done(null, Buffer.concat(chunks)));
      })
      .expect(200);
    return res.body as Buffer;
  }

  describe('POST /api/test-media (an upload route using imageUpload and MediaService)', () => {
    it('stores a camera JPEG as a WebP without its EXIF and GPS data', async () => {
      const photo = await cameraJpeg(64, 48);
      expect((await sharp(photo).metadata()).exif).toBeDefined();

      const res = await upload(photo, 'holiday.jpg').expect(201);

      expect(res.body.path).toMatch(STORED_PATH);
      const stored = await sharp(await served(res.body.path)).metadata();
      expect(stored).toMatchObject({ format: 'webp', width: 64, height: 48 });
      expect(stored.exif).toBeUndefined();
      expect(stored.xmp).toBeUndefined();
    });

    it('stores a PNG as a WebP', async () => {
      const res = await upload(await plainImage(40, 30, 'png'), 'x.png').expect(201);
      expect(res.body.path).toMatch(STORED_PATH);
      expect(await sharp(await served(res.body.path)).metadata()).toMatchObject({
        format: 'webp',
        width: 40,
      });
    });

    it('downscales a 4000×3000 photo to fit inside 1600×1600', async () => {
      const res = await upload(await plainImage(4000, 3000, 'jpeg'), 'big.jpg').expect(201);
      expect(await sharp(await served(res.body.path)).metadata()).toMatchObject({
        width: 1600,
        height: 1200,
      });
    });

    it('refuses a script saved as x.png, with the field named, and stores nothing', async () => {
      const before = storedFiles();
      const res = await upload(Buffer.from('<script>alert(1)</script>'), 'x.png').expect(400);
      expect(res.body).toEqual({
        statusCode: 400,
        message: TYPE_ERROR,
        errors: [{ field: 'picture', message: TYPE_ERROR }],
      });
      expect(storedFiles()).toEqual(before);
    });

    it('refuses a truncated JPEG', async () => {
      const res = await upload(await truncatedJpeg(), 'cut.jpg').expect(400);
      expect(res.body).toEqual({
        statusCode: 400,
        message: UNREADABLE_ERROR,
        errors: [{ field: 'picture', message: UNREADABLE_ERROR }],
      });
    });

    it('refuses a 6 MB upload with a JSON 413', async () => {
      const res = await upload(Buffer.alloc(6 * 1024 * 1024), 'huge.jpg').expect(413);
      expect(res.body).toEqual({
        statusCode: 413,
        message: 'Image too large (max 5 MB)',
        errors: [{ field: 'picture', message: 'Image too large (max 5 MB)' }],
      });
    });

    it('refuses two files in one field with a JSON 400', async () => {
      const image = await plainImage(8, 8);
      const res = await t
        .http()
        .post('/api/test-media')
        .attach('picture', image, 'a.png')
        .attach('picture', image, 'b.png')
        .expect(400);
      expect(res.headers['content-type']).toMatch(/application\/json/);
      expect(res.body).toEqual({ statusCode: 400, message: 'Too many files' });
    });

    it('refuses a file sent in another field with a JSON 400', async () => {
      const res = await t
        .http()
        .post('/api/test-media')
        .attach('avatar', await plainImage(8, 8), 'a.png')
        .expect(400);
      expect(res.body).toEqual({ statusCode: 400, message: 'Unexpected file field - avatar' });
    });

    it('refuses a form without the image', async () => {
      const res = await t.http().post('/api/test-media').field('note', 'no picture').expect(400);
      expect(res.body).toEqual({
        statusCode: 400,
        message: 'picture is required',
        errors: [{ field: 'picture', message: 'picture is required' }],
      });
    });
  });

  describe('while every decode place is taken', () => {
    it(`answers an upload 503 with Retry-After once ${IMAGE_DECODES_AT_ONCE} decode runs and ${IMAGE_DECODES_WAITING} wait, lets a narrower copy wait, and takes uploads again after`, async () => {
      const stored = await upload(await plainImage(800, 400), 'x.png').expect(201);
      const decodes = t.app.get(MediaService).decodes;
      let release!: () => void;
      const busy = new Promise<void>((resolve) => (release = resolve));
      const taken = Array.from({ length: IMAGE_DECODES_AT_ONCE + IMAGE_DECODES_WAITING }, () =>
        decodes.run(() => busy),
      );
      const errors = jest.spyOn(Logger.prototype, 'error');
      try {
        const before = storedFiles();
        const refused = await upload(await plainImage(40, 30), 'x.png')
          .timeout(5_000)
          .expect(503);
        expect(refused.body).toEqual({ statusCode: 503, message: 'Temporarily unavailable' });
        // Not a fault of the server's code: no error with a stack in the log.
        expect(errors).not.toHaveBeenCalled();
        expect(refused.headers['retry-after']).toBe(String(IMAGE_DECODES_RETRY_AFTER_SECONDS));
        expect(storedFiles()).toEqual(before);

        // Started now, answered once a place is free.
        const copyAnswer = t
          .http()
          .get(stored.body.path.replace(/\.webp$/, '-320w.webp'))
          .timeout(10_000)
          .then((res) => res);
        await eventually(() => decodes.load.waiting > IMAGE_DECODES_WAITING, 5_000);
        release();
        expect((await copyAnswer).status).toBe(200);
      } finally {
        errors.mockRestore();
        release();
        await Promise.all(taken);
      }
      expect((await upload(await plainImage(40, 30), 'x.png').expect(201)).body.path).toMatch(STORED_PATH);
    });
  });

  describe('GET /media/*', () => {
    it('serves a stored image with a year-long immutable cache and nosniff', async () => {
      const { body } = await upload(await plainImage(10, 10), 'x.png').expect(201);
      const res = await t.http().get(body.path).expect(200);
      expect(res.headers['content-type']).toBe('image/webp');
      expect(res.headers['cache-control']).toBe('public, max-age=31536000, immutable');
      expect(res.headers['x-content-type-options']).toBe('nosniff');
      // Without CORS_ORIGINS no other origin may embed them.
      expect(res.headers['cross-origin-resource-policy']).toBe('same-origin');
    });

    it('answers a plain 404 for a file that does not exist', async () => {
      const res = await t.http().get('/media/profile/0123456789abcdef0123456789abcdef.webp').expect(404);
      expect(res.headers['content-type']).toMatch(/^text\/plain/);
      expect(res.text).toBe('Not found');
    });

    it('never serves a file outside the media directory', async () => {
      writeFileSync(join(t.config.dataDir, 'secret.txt'), 'top secret');
      for (const path of [
        '/media/../secret.txt',
        '/media/%2e%2e/secret.txt',
        '/media/..%2fsecret.txt',
        '/media/profile/../../secret.txt',
        '/media/../fitcoach.sqlite',
        '/media/%2e%2e/fitcoach.sqlite',
      ]) {
        const res = await t.http().get(path);
        expect({ path, status: res.status }).toEqual({ path, status: 404 });
        expect(res.text).toBe('Not found');
      }
    });

    it('lists no directory and serves no temporary file', async () => {
      mkdirSync(join(mediaDir, 'profile'), { recursive: true });
      writeFileSync(join(mediaDir, 'profile', '.half-written.webp.tmp'), 'partial');
      for (const path of [
        '/media',
        '/media/',
        '/media/profile',
        '/media/profile/',
        '/media/profile/.half-written.webp.tmp',
      ]) {
        const res = await t.http().get(path);
        expect({ path, status: res.status }).toEqual({ path, status: 404 });
      }
    });
  });

  describe('GET /media/*-<width>w.webp (the narrower copies pages offer in srcset)', () => {
    it('makes each copy from the stored image on first request, narrower, and serves it as the image is served', async () => {
      const { body } = await upload(await plainImage(1200, 600), 'x.png').expect(201);
      for (const width of [320, 640, 960]) {
        const path = body.path.replace(/\.webp$/, `-${width}w.webp`);
        const res = await t.http().get(path).expect(200);
        expect(res.headers['content-type']).toBe('image/webp');
        expect(res.headers['cache-control']).toBe('public, max-age=31536000, immutable');
        expect(res.headers['x-content-type-options']).toBe('nosniff');
        expect(await sharp(await served(path)).metadata()).toMatchObject({ width, height: width / 2 });
      }
      expect(
        storedFiles().filter((file) => file.includes(body.path.split('/').pop().slice(0, 32))),
      ).toHaveLength(4);
    });

    it('never enlarges: a copy of a small image is as small as the image', async () => {
      const { body } = await upload(await plainImage(200, 100), 'x.png').expect(201);
      const copy = await served(body.path.replace(/\.webp$/, '-960w.webp'));
      expect(await sharp(copy).metadata()).toMatchObject({ width: 200, height: 100 });
    });

    it('makes one copy when many ask for it at once', async () => {
      const { body } = await upload(await plainImage(800, 800), 'x.png').expect(201);
      const path = body.path.replace(/\.webp$/, '-320w.webp');
      const answers = await Promise.all(Array.from({ length: 8 }, () => t.http().get(path)));
      expect(answers.map((res) => res.status)).toEqual(Array(8).fill(200));
      const name = body.path.split('/').pop().slice(0, 32);
      expect(storedFiles().filter((file) => file.includes(name))).toEqual(
        expect.arrayContaining([`profile/${name}.webp`, `profile/${name}-320w.webp`]),
      );
      expect(storedFiles().filter((file) => file.includes(name))).toHaveLength(2);
    });

    it('answers a plain 404 for a copy of no image, a width not offered, or a name that is not ours', async () => {
      const { body } = await upload(await plainImage(100, 100), 'x.png').expect(201);
      for (const path of [
        '/media/profile/0123456789abcdef0123456789abcdef-320w.webp',
        body.path.replace(/\.webp$/, '-321w.webp'),
        body.path.replace(/\.webp$/, '-5000w.webp'),
        body.path.replace('/profile/', '/secret/').replace(/\.webp$/, '-320w.webp'),
        body.path.replace(/\.webp$/, '-320w.png'),
      ]) {
        const res = await t.http().get(path);
        expect({ path, status: res.status, text: res.text }).toEqual({
          path,
          status: 404,
          text: 'Not found',
        });
      }
    });

    it('removes the copies with their image', async () => {
      const { body } = await upload(await plainImage(700, 700), 'x.png').expect(201);
      const copy = body.path.replace(/\.webp$/, '-640w.webp');
      await t.http().get(copy).expect(200);
      await t.app.get(MediaService).remove(body.path);
      await t.http().get(copy).expect(404);
    });
  });

  describe('MediaService.remove', () => {
    it('deletes a stored image, which is then no longer served', async () => {
      const { body } = await upload(await plainImage(10, 10), 'x.png').expect(201);
      await t.app.get(MediaService).remove(body.path);
      await t.http().get(body.path).expect(404);
    });

    it('refuses a path that leads out of the media directory', async () => {
      const secret = join(t.config.dataDir, 'keep.txt');
      writeFileSync(secret, 'keep me');
      await expect(t.app.get(MediaService).remove('/media/../keep.txt')).rejects.toThrow(
        /Refusing to remove/,
      );
      expect(existsSync(secret)).toBe(true);
    });
  });
});

describe('Media with CORS_ORIGINS set', () => {
  let t: TestApp;

  beforeAll(async () => {
    t = await createTestApp({
      extraModules: [TestMediaModule],
      env: { CORS_ORIGINS: 'https://app.example.com' },
    });
  });
  afterAll(() => t.close());

  it('lets pages of other origins show the images: Cross-Origin-Resource-Policy cross-origin', async () => {
    const { body } = await t
      .http()
      .post('/api/test-media')
      .attach('picture', await plainImage(10, 10), 'x.png')
      .expect(201);
    const res = await t.http().get(body.path).set('Origin', 'https://app.example.com').expect(200);
    expect(res.headers['content-type']).toBe('image/webp');
    expect(res.headers['cross-origin-resource-policy']).toBe('cross-origin');
  });

  it('keeps same-origin on everything else', async () => {
    const api = await t.http().get('/api/health').set('Origin', 'https://app.example.com').expect(200);
    expect(api.headers['cross-origin-resource-policy']).toBe('same-origin');
    const missing = await t.http().get('/media/profile/0123456789abcdef0123456789abcdef.webp').expect(404);
    expect(missing.headers['cross-origin-resource-policy']).toBe('same-origin');
  });
});
