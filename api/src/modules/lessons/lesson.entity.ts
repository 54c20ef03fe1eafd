import { Column, Entity, type Relation } from 'typeorm';
import { ForeignId, References } from '../../common/database/relations.js';
import { RowEntity } from '../../common/database/row.entity.js';
import { ProgramEntity } from '../programs/program.entity.js';

/** docs/product.md §3 Lesson: numbered within its programme (unique), with a YouTube video. */
@Entity({ name: 'lesson' })
export class LessonEntity extends RowEntity {
  @ForeignId('program_id')
  programId: number;

  @References(() => ProgramEntity, 'lesson', 'program_id')
  program?: Relation<ProgramEntity>;

  @Column({ type: 'integer' })
  number: number;

  @Column({ type: 'varchar', length: 255 })
  title: string;

  @Column({ type: 'text', nullable: true })
  description: string | null;

  @Column({ name: 'video_url', type: 'varchar', length: 500 })
  videoUrl: string;

  @Column({ name: 'video_id', type: 'varchar', length: 20 })
  videoId: string;

  @Column({ type: 'varchar', length: 255, nullable: true })
  image: string | null;
}
