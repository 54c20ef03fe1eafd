import { Injectable, Logger, NotFoundException } from '@nestjs/common';
import { InjectRepository } from '@nestjs/typeorm';
import type { Repository } from 'typeorm';
import {
  PHOTO_POSES,
  type ProgressPhotoFormDto,
  type ProgressPhotoResponse,
  RECORD_MESSAGES,
} from '@fitcoach/contracts';
import type { AuthContext } from '../../common/auth/auth.decorators.js';
import { isUniqueViolation } from '../../common/database/errors.js';
import { MediaService, type UploadedImage } from '../../common/media/media.service.js';
import { Clock } from '../../common/time/clock.js';
import { Permission } from '../access/access.rules.js';
import { AccessService } from '../access/access.service.js';
import { SubscriptionsRepository } from '../subscriptions/subscriptions.repository.js';
import { ProgressPhotoEntity } from './progress-photo.entity.js';
import { toProgressPhotoResponse } from './record.mapper.js';
import { recordDate } from './record-dates.js';

/**
 * Progress photos (ADR 061): re-encoded like every upload, kept in the private media directory and served only to
 * their member and the trainers the member shares photos with.
 */
@Injectable()
export class ProgressPhotosService {
  private readonly logger = new Logger(ProgressPhotosService.name);

  constructor(
    @InjectRepository(ProgressPhotoEntity) private readonly photos: Repository<ProgressPhotoEntity>,
    private readonly media: MediaService,
    private readonly access: AccessService,
    private readonly subscriptions: SubscriptionsRepository,
    private readonly clock: Clock,
  ) {}

  /** Stores the day's photo of a pose, replacing the one that was there (`created` false). */
  async save(
    auth: AuthContext,
    dto: ProgressPhotoFormDto,
    image: UploadedImage | undefined,
  ): Promise<{ created: boolean; body: ProgressPhotoResponse }> {
    const userId = auth.user.id;
    const zone = await this.subscriptions.latestTimezone(userId);
    const takenOn = recordDate('taken_on', dto.taken_on, this.clock.now(), zone);
    const stored = await this.media.storePrivateImage('photos', image, 'image');
    try {
      // A second upload of the same day and pose racing this one wins the insert; this one replaces it.
      for (let attempt = 0; ; attempt += 1) {
        const existing = await this.photos.findOneBy({ userId, takenOn, pose: dto.pose });
        const replaced = existing?.file;
        try {
          const saved = await this.photos.save(
            existing
              ? this.photos.merge(existing, stored)
              : this.photos.create({ userId, takenOn, pose: dto.pose, ...stored }),
          );
          if (replaced) await this.forget(replaced);
          return { created: !existing, body: toProgressPhotoResponse(saved) };
        } catch (error) {
          if (attempt > 0 || existing || !isUniqueViolation(error)) throw error;
        }
      }
    } catch (error) {
      await this.forget(stored.file);
      throw error;
    }
  }

  /** The caller's photos, newest day first, front, side, back within a day. */
  async list(auth: AuthContext): Promise<ProgressPhotoResponse[]> {
    return (await this.of(auth.user.id)).map(toProgressPhotoResponse);
  }

  async of(userId: number): Promise<ProgressPhotoEntity[]> {
    const photos = await this.photos.find({ where: { userId }, order: { takenOn: 'DESC' } });
    const rank = (photo: ProgressPhotoEntity) => PHOTO_POSES.indexOf(photo.pose);
    return photos.sort((a, b) => (a.takenOn === b.takenOn ? rank(a) - rank(b) : 0));
  }

  /** Deletes one of the caller's photos and its file; anyone else's is unknown (404). */
  async remove(auth: AuthContext, id: number): Promise<void> {
    const photo = await this.photos.findOneBy({ id, userId: auth.user.id });
    if (!photo) throw new NotFoundException(RECORD_MESSAGES.photoNotFound);
    await this.photos.delete({ id: photo.id });
    await this.forget(photo.file);
  }

  /** The image, for its member and the trainers they share photos with now; to anyone else it does not exist. */
  async image(auth: AuthContext, id: number): Promise<Buffer> {
    const photo = await this.photos.findOneBy({ id });
    const allowed =
      photo !== null &&
      (await this.access.checkAccess(auth, Permission.RecordRead, { userId: photo.userId, part: 'photos' }));
    const data = allowed ? await this.media.readPrivate(photo.file) : null;
    if (!data) throw new NotFoundException(RECORD_MESSAGES.photoNotFound);
    return data;
  }

  /** A file whose row is gone or never written; a failure leaves an orphan, not an error for the member. */
  private async forget(file: string): Promise<void> {
    await this.media
      .removePrivate(file)
      .catch((error: Error) => this.logger.warn(`Progress photo ${file} left: ${error.message}`));
  }
}
