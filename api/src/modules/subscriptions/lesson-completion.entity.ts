import { Column, Entity, type Relation } from 'typeorm';
import { ForeignId, References } from '../../common/database/relations.js';
import { RowEntity } from '../../common/database/row.entity.js';
import { LessonEntity } from '../lessons/lesson.entity.js';
import { UserEntity } from '../users/user.entity.js';

/**
 * A lesson a member marked as completed; unique per member and lesson, so a repeated or concurrent mark adds
 * nothing. Deleting a lesson deletes its completions, so progress never passes 100 %.
 */
@Entity({ name: 'lesson_completion' })
export class LessonCompletionEntity extends RowEntity {
  @ForeignId('user_id')
  userId: number;

  @References(() => UserEntity, 'lesson_completion', 'user_id')
  user?: Relation<UserEntity>;

  @ForeignId('lesson_id')
  lessonId: number;

  @References(() => LessonEntity, 'lesson_completion', 'lesson_id')
  lesson?: Relation<LessonEntity>;

  @Column({ name: 'completed_at', type: 'datetime' })
  completedAt: Date;
}
