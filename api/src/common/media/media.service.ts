import { randomBytes } from 'node:crypto';
import { mkdir, rename, unlink, writeFile } from 'node:fs/promises';
import { isAbsolute, join, relative, resolve } from 'node:path';
import { Inject, Injectable } from '@nestjs/common';
import { UPLOAD_MAX_BYTES } from '@fitcoach/contracts';
import { fileTypeFromBuffer } from 'file-type';
import sharp from 'sharp';
import { APP_CONFIG, type AppConfig } from '../config/app-config.js';
import {
  ACCEPTED_IMAGE_TYPES,
  MAX_IMAGE_DIMENSION,
  MAX_INPUT_PIXELS,
  MEDIA_URL_PREFIX,
  type MediaKind,
  WEBP_QUALITY,
} from './media.constants.js';
import { imageTooLarge, invalidImage } from './media.errors.js';

// Every image is decoded once and never again: libvips' operation cache (50 MB by default) would only hold memory.
sharp.cache(false);

/** An uploaded file as multer hands it over (memory storage), or any image received as data. */
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

  /** Deletes a stored image given its `/media/...` path; an image that is already gone is fine. */
  async remove(path: string | null | undefined): Promise<void> {
    if (!path) return;
    const file = this.storedFile(path);
    try {
      await unlink(file);
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code !== 'ENOENT') throw error;
    }
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
      // failOn 'warning' refuses truncated files rather than storing a half-grey picture.
      return await sharp(image, { limitInputPixels: MAX_INPUT_PIXELS, failOn: 'warning' })
        // Applies the EXIF orientation to the pixels: the metadata that carried it is not kept.
        .rotate()
        .resize(MAX_IMAGE_DIMENSION, MAX_IMAGE_DIMENSION, { fit: 'inside', withoutEnlargement: true })
        // No withMetadata(): sharp writes no EXIF (camera, GPS position) nor XMP into the output.
        .webp({ quality: WEBP_QUALITY })
        .toBuffer();
    } catch {
      throw invalidImage(
        field,
        `${field} could not be read as an image (damaged, or larger than ${MAX_INPUT_PIXELS / 1_000_000} megapixels)`,
      );
    }
  }

  /** Temp file + rename: a reader never sees half an image. The dot keeps the temp file from being served. */
  private async writeAtomically(dir: string, name: string, data: Buffer): Promise<void> {
    await mkdir(dir, { recursive: true });
    const temp = join(dir, `.${name}.tmp`);
    try {
      await writeFile(temp, data, { flag: 'wx' });
      await rename(temp, join(dir, name));
    } catch (error) {
      await unlink(temp).catch(() => undefined);
      throw error;
    }
  }
}
