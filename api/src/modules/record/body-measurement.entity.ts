import { Column, Entity, type Relation } from 'typeorm';
import { ForeignId, References } from '../../common/database/relations.js';
import { RowEntity } from '../../common/database/row.entity.js';
import { UserEntity } from '../users/user.entity.js';

/**
 * A member's body on one day (one row per member and date): weight in kg, body fat in %, circumferences in cm. The
 * latest row is the profile's current weight and body fat.
 */
@Entity({ name: 'body_measurement' })
export class BodyMeasurementEntity extends RowEntity {
  @ForeignId('user_id')
  userId: number;

  @References(() => UserEntity, 'body_measurement', 'user_id')
  user?: Relation<UserEntity>;

  /** `YYYY-MM-DD`, the member's own date. */
  @Column({ name: 'measured_on', type: 'varchar', length: 10 })
  measuredOn: string;

  @Column({ type: 'float', nullable: true })
  weight: number | null;

  @Column({ name: 'body_fat', type: 'float', nullable: true })
  bodyFat: number | null;

  @Column({ type: 'float', nullable: true })
  waist: number | null;

  @Column({ type: 'float', nullable: true })
  hips: number | null;

  @Column({ type: 'float', nullable: true })
  chest: number | null;

  @Column({ type: 'float', nullable: true })
  arm: number | null;

  @Column({ type: 'float', nullable: true })
  thigh: number | null;
}
