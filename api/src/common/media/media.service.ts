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

// Every image is decoded once, so libvips' operation cache would only hold memory.
sharp.cache(false);
// With IMAGE_DECODES_AT_ONCE, decoding never takes more than that many cores from hashing and requests.
sharp.concurrency(1);

const VARIANT = new RegExp(
  `^/(${MEDIA_KINDS.join('|')})/([0-9a-f]{32})-(${IMAGE_WIDTHS.join('|')})w\\.webp$`,
);

export interface UploadedImage {
  buffer: Buffer;
}

/** A private image as stored: its name under the private directory and its size after re-encoding. */
export interface PrivateImage {
  file: string;
  width: number;
  height: number;
}

/** The folders of the private directory, which no static route serves. */
export const PRIVATE_KINDS = ['photos'] as const;
export type PrivateKind = (typeof PRIVATE_KINDS)[number];

const PRIVATE_FILE = new RegExp(`^(${PRIVATE_KINDS.join('|')})/[0-9a-f]{32}\\.webp$`);

/** Every upload is re-encoded: we serve a WebP we produced, never the uploader's bytes (docs/architecture.md §9). */
@Injectable()
export class MediaService {
  readonly rootDir: string;
  /** Health data (progress photos): served only by routes that check who asks, never cached publicly. */
  readonly privateDir: string;
  /** Concurrent requests for one copy share the work. */
  private readonly resizing = new Map<string, Promise<boolean>>();
  readonly decodes = new DecodeQueue(IMAGE_DECODES_AT_ONCE, IMAGE_DECODES_WAITING);

  constructor(@Inject(APP_CONFIG) config: AppConfig) {
    this.rootDir = join(config.dataDir, 'media');
    this.privateDir = join(config.dataDir, 'private');
  }

  async storeImage(kind: MediaKind, file: UploadedImage | undefined, field: string): Promise<string> {
    const { data } = await this.accept(file, field);
    const name = `${randomBytes(16).toString('hex')}.webp`;
    await this.writeAtomically(join(this.rootDir, kind), name, data);
    return `${MEDIA_URL_PREFIX}/${kind}/${name}`;
  }

  /** Re-encoded as every upload is, into the private directory. */
  async storePrivateImage(
    kind: PrivateKind,
    file: UploadedImage | undefined,
    field: string,
  ): Promise<PrivateImage> {
    const { data, width, height } = await this.accept(file, field);
    const name = `${randomBytes(16).toString('hex')}.webp`;
    await this.writeAtomically(join(this.privateDir, kind), name, data);
    return { file: `${kind}/${name}`, width, height };
  }

  /** The bytes of a private image, or null when the file is gone. */
  async readPrivate(file: string): Promise<Buffer | null> {
    try {
      return await readFile(this.privateFile(file));
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code === 'ENOENT') return null;
      throw error;
    }
  }

  async removePrivate(file: string): Promise<void> {
    try {
      await unlink(this.privateFile(file));
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code !== 'ENOENT') throw error;
    }
  }

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

  /** Waits however many decodes wait: each copy is made once, and a refusal would leave a hole in a page. */
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
    // Removed meanwhile: no copy outlives its image.
    if (!existsSync(join(dir, `${name}.webp`))) {
      await unlink(join(dir, copyName)).catch(() => undefined);
      return false;
    }
    return true;
  }

  private async accept(
    file: UploadedImage | undefined,
    field: string,
  ): Promise<{ data: Buffer; width: number; height: number }> {
    if (!file) throw invalidImage(field, `${field} is required`);
    if (file.buffer.length > UPLOAD_MAX_BYTES) throw imageTooLarge(field);
    const type = await fileTypeFromBuffer(file.buffer);
    if (!type || !ACCEPTED_IMAGE_TYPES.has(type.mime)) {
      throw invalidImage(field, `${field} must be a JPEG, PNG, WebP, GIF or AVIF image`);
    }
    return this.reencode(file.buffer, field);
  }

  /** Names come from the database, never from a request; anything else is a bug, not a file to touch. */
  private privateFile(file: string): string {
    if (!PRIVATE_FILE.test(file))
      throw new Error(`Refusing ${JSON.stringify(file)}: not a private image name`);
    return join(this.privateDir, file);
  }

  private storedFile(path: string): string {
    if (path.startsWith(`${MEDIA_URL_PREFIX}/`)) {
      const file = resolve(this.rootDir, path.slice(MEDIA_URL_PREFIX.length + 1));
      const inside = relative(this.rootDir, file);
      if (inside !== '' && !isAbsolute(inside) && inside.split(/[\\/]/)[0] !== '..') return file;
    }
    throw new Error(`Refusing to remove ${JSON.stringify(path)}: not a path under ${MEDIA_URL_PREFIX}/`);
  }

  private async reencode(
    image: Buffer,
    field: string,
  ): Promise<{ data: Buffer; width: number; height: number }> {
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

  private async toWebp(image: Buffer): Promise<{ data: Buffer; width: number; height: number }> {
    // failOn 'warning' refuses truncated files rather than storing a half-grey picture.
    const { data, info } = await sharp(image, { limitInputPixels: MAX_INPUT_PIXELS, failOn: 'warning' })
      // The EXIF metadata that carried the orientation is not kept.
      .rotate()
      .resize(MAX_IMAGE_DIMENSION, MAX_IMAGE_DIMENSION, { fit: 'inside', withoutEnlargement: true })
      // No withMetadata(): sharp writes no EXIF (camera, GPS position) nor XMP into the output.
      .webp({ quality: WEBP_QUALITY })
      .toBuffer({ resolveWithObject: true });
    return { data, width: info.width, height: info.height };
  }

  /** A reader never sees half an image; the dot keeps the temp file from being served. */
  private async writeAtomically(dir: string, name: string, data: Buffer): Promise<void> {
    await mkdir(dir, { recursive: true });
    // Two instances making the same copy at once each write their own, and either rename wins.
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
