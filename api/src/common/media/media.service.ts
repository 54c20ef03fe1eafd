import { randomBytes } from 'node:crypto';
import { existsSync } from 'node:fs';
import { mkdir, readFile, rename, unlink, writeFile } from 'node:fs/promises';
import { isAbsolute, join, relative, resolve } from 'node:path';
import { Inject, Injectable } from '@nestjs/common';
import { IMAGE_WIDTHS, MAX_IMAGE_DIMENSION, UPLOAD_MAX_BYTES } from '@fitcoach/contracts';
import { fileTypeFromBuffer } from 'file-type';
import sharp from 'sharp';
import { APP_CONFIG, type AppConfig } from '../config/app-config.js';
import { DecodeQueue, QueueFullError } from './decode-queue.js';
import {
  ACCEPTED_IMAGE_TYPES,
  IMAGE_DECODES_AT_ONCE,
  IMAGE_DECODES_WAITING,
  MEDIA_KINDS,
  MAX_INPUT_PIXELS,
  MEDIA_URL_PREFIX,
  type MediaKind,
  WEBP_QUALITY,
} from './media.constants.js';
import { decodesBusy, imageTooLarge, invalidImage } from './media.errors.js';

// Every image is decoded once and never again: libvips' operation cache (50 MB by default) would only hold memory.
sharp.cache(false);
// One libvips thread per image (a thread per core by default): with IMAGE_DECODES_AT_ONCE, decoding never takes more
// than that many cores from password hashing and requests.
sharp.concurrency(1);

/** `<kind>/<name>-<width>w.webp`: a narrower copy of a stored image, as pages ask for it in `srcset`. */
const VARIANT = new RegExp(
  `^/(${MEDIA_KINDS.join('|')})/([0-9a-f]{32})-(${IMAGE_WIDTHS.join('|')})w\\.webp$`,
);

/** An uploaded file as the upload interceptor hands it over (read from where it was received), or any image as data. */
export interface UploadedImage {
  buffer: Buffer;
}

/**
 * The one way images enter FitCoach (docs/architecture.md §9): every upload is decoded and re-encoded, so what is
 * stored and served is always a plain WebP that we produced, never the uploader's bytes.
 */
@Injectable()
export class MediaService {
  /** `DATA_DIR/media`, the directory served under `/media`. */
  readonly rootDir: string;
  /** Copies being made, by path: concurrent requests for one copy share the work. */
  private readonly resizing = new Map<string, Promise<boolean>>();
  /** Every sharp pipeline of the process takes its turn here. */
  readonly decodes = new DecodeQueue(IMAGE_DECODES_AT_ONCE, IMAGE_DECODES_WAITING);

  constructor(@Inject(APP_CONFIG) config: AppConfig) {
    this.rootDir = join(config.dataDir, 'media');
  }

  /** Stores an uploaded image as `DATA_DIR/media/<kind>/<random>.webp` and returns its path `/media/...`. */
  async storeImage(kind: MediaKind, file: UploadedImage | undefined, field: string): Promise<string> {
    if (!file) throw invalidImage(field, `${field} is required`);
    if (file.buffer.length > UPLOAD_MAX_BYTES) throw imageTooLarge(field);
    const type = await fileTypeFromBuffer(file.buffer);
    if (!type || !ACCEPTED_IMAGE_TYPES.has(type.mime)) {
      throw invalidImage(field, `${field} must be a JPEG, PNG, WebP, GIF or AVIF image`);
    }
    const webp = await this.reencode(file.buffer, field);
    const name = `${randomBytes(16).toString('hex')}.webp`;
    await this.writeAtomically(join(this.rootDir, kind), name, webp);
    return `${MEDIA_URL_PREFIX}/${kind}/${name}`;
  }

  /** Deletes a stored image given its `/media/...` path, and its narrower copies; one already gone is fine. */
  async remove(path: string | null | undefined): Promise<void> {
    if (!path) return;
    const file = this.storedFile(path);
    const copies = IMAGE_WIDTHS.map((width) => file.replace(/\.webp$/, `-${width}w.webp`));
    for (const stored of [file, ...copies]) {
      try {
        await unlink(stored);
      } catch (error) {
        if ((error as NodeJS.ErrnoException).code !== 'ENOENT') throw error;
      }
    }
  }

  /**
   * Makes the narrower copy named by a path under `/media` (`/program/<name>-640w.webp`) from its stored image, once;
   * resolves false when the path names no copy of a stored image. A copy waits for its turn however many decodes wait:
   * each is made once, for pages that show it, and a refusal would leave a hole in them.
   */
  makeCopy(path: string): Promise<boolean> {
    const [, kind, name, width] = VARIANT.exec(path) ?? [];
    if (!kind || !name || !width) return Promise.resolve(false);
    let made = this.resizing.get(path);
    if (!made) {
      made = this.decodes
        .run(() => this.resize(join(this.rootDir, kind), name, Number(width)), { evenWhenFull: true })
        .finally(() => this.resizing.delete(path));
      this.resizing.set(path, made);
    }
    return made;
  }

  private async resize(dir: string, name: string, width: number): Promise<boolean> {
    let original: Buffer;
    try {
      original = await readFile(join(dir, `${name}.webp`));
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code === 'ENOENT') return false;
      throw error;
    }
    const copy = await sharp(original)
      .resize({ width, withoutEnlargement: true })
      .webp({ quality: WEBP_QUALITY })
      .toBuffer();
    const copyName = `${name}-${width}w.webp`;
    await this.writeAtomically(dir, copyName, copy);
    // Removed meanwhile (remove() found no copy yet): no copy outlives its image.
    if (!existsSync(join(dir, `${name}.webp`))) {
      await unlink(join(dir, copyName)).catch(() => undefined);
      return false;
    }
    return true;
  }

  /** The file behind a `/media/...` path; anything that would land outside `DATA_DIR/media` is refused. */
  private storedFile(path: string): string {
    if (path.startsWith(`${MEDIA_URL_PREFIX}/`)) {
      const file = resolve(this.rootDir, path.slice(MEDIA_URL_PREFIX.length + 1));
      const inside = relative(this.rootDir, file);
      if (inside !== '' && !isAbsolute(inside) && inside.split(/[\\/]/)[0] !== '..') return file;
    }
    throw new Error(`Refusing to remove ${JSON.stringify(path)}: not a path under ${MEDIA_URL_PREFIX}/`);
  }

  private async reencode(image: Buffer, field: string): Promise<Buffer> {
    try {
      return await this.decodes.run(() => this.toWebp(image));
    } catch (error) {
      if (error instanceof QueueFullError) throw decodesBusy();
      throw invalidImage(
        field,
        `${field} could not be read as an image (damaged, or larger than ${MAX_INPUT_PIXELS / 1_000_000} megapixels)`,
      );
    }
  }

  private toWebp(image: Buffer): Promise<Buffer> {
    // failOn 'warning' refuses truncated files rather than storing a half-grey picture.
    return (
      sharp(image, { limitInputPixels: MAX_INPUT_PIXELS, failOn: 'warning' })
        // Applies the EXIF orientation to the pixels: the metadata that carried it is not kept.
        .rotate()
        .resize(MAX_IMAGE_DIMENSION, MAX_IMAGE_DIMENSION, { fit: 'inside', withoutEnlargement: true })
        // No withMetadata(): sharp writes no EXIF (camera, GPS position) nor XMP into the output.
        .webp({ quality: WEBP_QUALITY })
        .toBuffer()
    );
  }

  /** Temp file + rename: a reader never sees half an image. The dot keeps the temp file from being served. */
  private async writeAtomically(dir: string, name: string, data: Buffer): Promise<void> {
    await mkdir(dir, { recursive: true });
    // Named per write: two instances making the same copy at once each write their own, and either rename wins.
    const temp = join(dir, `.${name}.${randomBytes(4).toString('hex')}.tmp`);
    try {
      await writeFile(temp, data, { flag: 'wx' });
      await rename(temp, join(dir, name));
    } catch (error) {
      await unlink(temp).catch(() => undefined);
      throw error;
    }
  }
}
