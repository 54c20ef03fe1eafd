import { Column, Entity, type Relation } from 'typeorm';
import type { PhotoPose } from '@fitcoach/contracts';
import { ForeignId, References } from '../../common/database/relations.js';
import { RowEntity } from '../../common/database/row.entity.js';
import { UserEntity } from '../users/user.entity.js';

/**
 * A private progress photo: one per member, date and pose. `file` names the re-encoded image in the private media
 * directory, which no static route serves.
 */
@Entity({ name: 'progress_photo' })
export class ProgressPhotoEntity extends RowEntity {
  @ForeignId('user_id')
  userId: number;

  @References(() => UserEntity, 'progress_photo', 'user_id')
  user?: Relation<UserEntity>;

  @Column({ name: 'taken_on', type: 'varchar', length: 10 })
  takenOn: string;

  @Column({ type: 'varchar', length: 5 })
  pose: PhotoPose;

  @Column({ type: 'varchar', length: 255 })
  file: string;

  @Column({ type: 'integer' })
  width: number;

  @Column({ type: 'integer' })
  height: number;
}
