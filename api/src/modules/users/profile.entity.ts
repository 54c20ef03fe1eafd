import { Column, Entity, type Relation } from 'typeorm';
import { ForeignId, References } from '../../common/database/relations.js';
import { RowEntity } from '../../common/database/row.entity.js';
import { UserEntity } from './user.entity.js';

/** docs/product.md §3 body stats; every user has exactly one, created with the account. */
@Entity({ name: 'profile' })
export class ProfileEntity extends RowEntity {
  @ForeignId('user_id')
  userId: number;

  @References(() => UserEntity, 'profile', 'user_id', { one: true })
  user?: Relation<UserEntity>;

  @Column({ type: 'float', nullable: true })
  height: number | null;

  @Column({ type: 'float', nullable: true })
  weight: number | null;

  @Column({ name: 'body_fat', type: 'float', nullable: true })
  bodyFat: number | null;

  @Column({ type: 'integer', nullable: true })
  age: number | null;

  @Column({ type: 'varchar', length: 20, nullable: true })
  phone: string | null;
}
