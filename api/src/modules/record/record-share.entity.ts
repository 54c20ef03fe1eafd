import { Column, Entity, type Relation } from 'typeorm';
import { ForeignId, References } from '../../common/database/relations.js';
import { RowEntity } from '../../common/database/row.entity.js';
import { TrainerEntity } from '../trainers/trainer.entity.js';
import { UserEntity } from '../users/user.entity.js';

/**
 * What a member shares with one trainer they follow. Without a row the defaults hold (RECORD_SHARE_DEFAULTS: logs
 * and measurements shared, photos not).
 */
@Entity({ name: 'record_share' })
export class RecordShareEntity extends RowEntity {
  @ForeignId('user_id')
  userId: number;

  @References(() => UserEntity, 'record_share', 'user_id')
  user?: Relation<UserEntity>;

  @ForeignId('trainer_id')
  trainerId: number;

  @References(() => TrainerEntity, 'record_share', 'trainer_id')
  trainer?: Relation<TrainerEntity>;

  @Column({ type: 'boolean' })
  logs: boolean;

  @Column({ type: 'boolean' })
  measurements: boolean;

  @Column({ type: 'boolean' })
  photos: boolean;
}
