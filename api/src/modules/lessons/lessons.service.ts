import { BadRequestException, Injectable, NotFoundException } from '@nestjs/common';
import {
  CATALOGUE_MESSAGES,
  type LessonFormDto,
  type LessonResponse,
  type MessageResponse,
  youtubeVideoId,
} from '@fitcoach/contracts';
import type { AuthContext } from '../../common/auth/auth.decorators.js';
import { isUniqueViolation } from '../../common/database/errors.js';
import { MediaService, type UploadedImage } from '../../common/media/media.service.js';
import { AccessService } from '../access/access.service.js';
import { ProgramsService } from '../programs/programs.service.js';
import { parseLessonNumber } from './lesson-number.js';
import { toLessonResponse } from './lessons.mapper.js';
import { fieldError } from '../../common/errors/validation.js';
import { LessonsRepository } from './lessons.repository.js';

export const LESSON_MESSAGES = {
  added: 'Lesson Added',
  updated: 'Lesson updated successfully',
  duplicateNumber: 'Lesson number already exists',
  notFound: 'Lesson not found',
} as const;

@Injectable()
export class LessonsService {
  constructor(
    private readonly lessons: LessonsRepository,
    private readonly programs: ProgramsService,
    private readonly media: MediaService,
    private readonly access: AccessService,
  ) {}

  /**
   * Creates a lesson of the caller's programme, or edits one when `dto.id` names a lesson of that programme.
   * The form is the whole lesson: an absent description clears it; only the image is kept when no new file
   * comes (the spec's client sends the old path back as a string). Uniqueness of the number is left to the
   * database index, so two simultaneous creates cannot both win.
   */
  async save(
    auth: AuthContext,
    programId: number,
    dto: LessonFormDto,
    image: UploadedImage | undefined,
  ): Promise<{ created: boolean; body: MessageResponse }> {
    const program = await this.programs.findOwned(auth, programId);
    const parsed = parseLessonNumber(dto.lesson_number);
    if (!parsed || (parsed.programId !== null && parsed.programId !== program.id)) {
      throw fieldError('lesson_number', CATALOGUE_MESSAGES.lessonNumber);
    }
    const videoId = youtubeVideoId(dto.video_url);
    if (!videoId) throw fieldError('video_url', CATALOGUE_MESSAGES.videoUrl);
    const existing = dto.id === undefined ? null : await this.lessons.findOfProgram(dto.id, program.id);
    if (dto.id !== undefined && !existing) throw new NotFoundException(LESSON_MESSAGES.notFound);

    const storedImage = image ? await this.media.storeImage('lesson', image, 'image') : undefined;
    const fields = {
      number: parsed.number,
      title: dto.title,
      description: dto.description ?? null,
      videoUrl: dto.video_url,
      videoId,
    };
    try {
      if (existing) {
        await this.lessons.update(existing.id, fields, storedImage);
      } else {
        await this.lessons.insert(program.id, fields, storedImage ?? null);
      }
    } catch (error) {
      await this.media.remove(storedImage);
      if (isUniqueViolation(error)) throw new BadRequestException(LESSON_MESSAGES.duplicateNumber);
      throw error;
    }
    if (existing && storedImage) await this.media.remove(existing.image);
    return existing
      ? { created: false, body: { message: LESSON_MESSAGES.updated } }
      : { created: true, body: { message: LESSON_MESSAGES.added } };
  }

  /**
   * The lessons of a programme the caller may see, by number; videos and images only for who may watch them, and
   * for a subscriber of a daily programme only once each lesson has opened (`unlocks_at` says when).
   */
  async list(auth: AuthContext | null, programId: number): Promise<LessonResponse[]> {
    const program = await this.programs.findVisible(auth, programId);
    const [locks, lessons] = await Promise.all([
      this.access.lessonLocks(auth, program),
      this.lessons.listOfProgram(program.id),
    ]);
    return lessons.map((lesson) => toLessonResponse(lesson, locks && { unlocksAt: locks(lesson.number) }));
  }

  /** Deletes a lesson of the caller's own programme, then its image file. */
  async remove(auth: AuthContext, lessonId: number): Promise<void> {
    const lesson = await this.lessons.findById(lessonId);
    if (!lesson) throw new NotFoundException(LESSON_MESSAGES.notFound);
    await this.programs.findOwned(auth, lesson.programId);
    await this.lessons.delete(lesson.id);
    await this.media.remove(lesson.image);
  }
}
