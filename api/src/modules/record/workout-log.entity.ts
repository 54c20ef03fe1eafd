import { Column, Entity, type Relation } from 'typeorm';
import type { WorkoutExercise } from '@fitcoach/contracts';
import { ForeignId, References } from '../../common/database/relations.js';
import { RowEntity } from '../../common/database/row.entity.js';
import { LessonEntity } from '../lessons/lesson.entity.js';
import { ProgramEntity } from '../programs/program.entity.js';
import { UserEntity } from '../users/user.entity.js';

/**
 * What a member did for one lesson (docs/product.md, the training record). The lesson's programme, number and title
 * are kept on the row, so a log outlives a lesson its trainer deletes; the sets live in `exercises` (JSON, weights
 * in kg) with their totals beside them for charts that never parse it.
 */
@Entity({ name: 'workout_log' })
export class WorkoutLogEntity extends RowEntity {
  @ForeignId('user_id')
  userId: number;

  @References(() => UserEntity, 'workout_log', 'user_id')
  user?: Relation<UserEntity>;

  @ForeignId('lesson_id', true)
  lessonId: number | null;

  @References(() => LessonEntity, 'workout_log', 'lesson_id', { onDelete: 'SET NULL' })
  lesson?: Relation<LessonEntity>;

  @ForeignId('program_id', true)
  programId: number | null;

  @References(() => ProgramEntity, 'workout_log', 'program_id', { onDelete: 'SET NULL' })
  program?: Relation<ProgramEntity>;

  @Column({ name: 'lesson_number', type: 'integer' })
  lessonNumber: number;

  @Column({ name: 'lesson_title', type: 'varchar', length: 255 })
  lessonTitle: string;

  /** The member's local date of the workout, `YYYY-MM-DD`. */
  @Column({ name: 'performed_on', type: 'varchar', length: 10 })
  performedOn: string;

  /** Rate of perceived exertion, 1 to 10. */
  @Column({ type: 'integer', nullable: true })
  effort: number | null;

  @Column({ type: 'text', nullable: true })
  note: string | null;

  @Column({ type: 'simple-json' })
  exercises: WorkoutExercise[];

  @Column({ name: 'set_count', type: 'integer', default: 0 })
  setCount: number;

  /** Σ reps × weight over the sets, in kg. */
  @Column({ name: 'volume_kg', type: 'float', default: 0 })
  volumeKg: number;
}
