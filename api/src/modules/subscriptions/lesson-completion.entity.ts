import { Column, Entity, JoinColumn, ManyToOne, type Relation } from 'typeorm';
import { RowEntity } from '../../common/database/row.entity.js';
import { LessonEntity } from '../lessons/lesson.entity.js';
import { UserEntity } from '../users/user.entity.js';

/**
 * A lesson a member marked as completed; unique per member and lesson, so a repeated or concurrent mark adds
 * nothing. Deleting a lesson deletes its completions, so progress never passes 100 %.
 */
@Entity({ name: 'lesson_completion' })
export class LessonCompletionEntity extends RowEntity {
  @Column({ name: 'user_id', type: 'integer' })
  userId: number;

  @ManyToOne(() => UserEntity, { onDelete: 'CASCADE' })
  @JoinColumn({ name: 'user_id', foreignKeyConstraintName: 'fk_lesson_completion_user_id' })
  user?: Relation<UserEntity>;

  @Column({ name: 'lesson_id', type: 'integer' })
  lessonId: number;

  @ManyToOne(() => LessonEntity, { onDelete: 'CASCADE' })
  @JoinColumn({ name: 'lesson_id', foreignKeyConstraintName: 'fk_lesson_completion_lesson_id' })
  lesson?: Relation<LessonEntity>;

  @Column({ name: 'completed_at', type: 'datetime' })
  completedAt: Date;
}
