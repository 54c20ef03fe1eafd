import { Column, Entity, type Relation } from 'typeorm';
import { ForeignId, References } from '../../common/database/relations.js';
import { RowEntity } from '../../common/database/row.entity.js';
import { ProgramEntity } from '../programs/program.entity.js';
import { UserEntity } from '../users/user.entity.js';

/**
 * A member's review of a programme they followed (docs/product.md): one per member and programme, the trainer's one
 * public answer inside it. A hidden review stays for its author and superusers, out of lists and standings.
 */
@Entity({ name: 'review' })
export class ReviewEntity extends RowEntity {
  @ForeignId('program_id')
  programId: number;

  @References(() => ProgramEntity, 'review', 'program_id')
  program?: Relation<ProgramEntity>;

  @ForeignId('user_id')
  userId: number;

  @References(() => UserEntity, 'review', 'user_id')
  user?: Relation<UserEntity>;

  @Column({ type: 'integer' })
  stars: number;

  @Column({ type: 'varchar', length: 120 })
  title: string;

  @Column({ type: 'text' })
  text: string;

  @Column({ name: 'helpful_count', type: 'integer', default: 0 })
  helpfulCount: number;

  @Column({ type: 'text', nullable: true })
  answer: string | null;

  @Column({ name: 'answered_at', type: 'datetime', nullable: true })
  answeredAt: Date | null;

  @Column({ type: 'boolean', default: false })
  hidden: boolean;

  @Column({ name: 'hidden_reason', type: 'varchar', length: 500, nullable: true })
  hiddenReason: string | null;
}
