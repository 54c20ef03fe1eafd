import { Injectable } from '@nestjs/common';
import { InjectRepository } from '@nestjs/typeorm';
import type { Repository } from 'typeorm';
import { LessonEntity } from './lesson.entity.js';
import { findBuiltOnce } from '../../common/database/built-once.js';

/** What the lesson form sets; the image only when a new file came. */
export type LessonFields = Pick<LessonEntity, 'number' | 'title' | 'description' | 'videoUrl' | 'videoId'>;

/**
 * The narrow queries on lessons. Lesson numbers are unique per programme by the database's index, so `insert` and
 * `update` throw a unique violation for a number that is taken.
 */
@Injectable()
export class LessonsRepository {
  constructor(@InjectRepository(LessonEntity) private readonly lessons: Repository<LessonEntity>) {}

  findById(id: number): Promise<LessonEntity | null> {
    return this.lessons.findOneBy({ id });
  }

  /** The lesson, when it belongs to that programme. */
  findOfProgram(id: number, programId: number): Promise<LessonEntity | null> {
    return this.lessons.findOneBy({ id, programId });
  }

  /** A programme's lessons by number. */
  listOfProgram(programId: number): Promise<LessonEntity[]> {
    return findBuiltOnce('lessons of a programme', this.lessons, {
      where: { programId },
      order: { number: 'ASC' },
    });
  }

  async insert(programId: number, fields: LessonFields, image: string | null): Promise<void> {
    await this.lessons.insert({ ...fields, programId, image });
  }

  /** `image` undefined keeps the stored one. */
  async update(id: number, fields: LessonFields, image: string | undefined): Promise<void> {
    await this.lessons.update({ id }, { ...fields, ...(image !== undefined && { image }) });
  }

  async delete(id: number): Promise<void> {
    await this.lessons.delete({ id });
  }
}
