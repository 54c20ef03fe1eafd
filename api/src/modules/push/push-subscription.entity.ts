import { Column, Entity, type Relation } from 'typeorm';
import { ForeignId, References } from '../../common/database/relations.js';
import { RowEntity } from '../../common/database/row.entity.js';
import { UserEntity } from '../users/user.entity.js';

/** One browser's Web Push subscription (its endpoint and keys), registered by a signed-in session. */
@Entity({ name: 'push_subscription' })
export class PushSubscriptionEntity extends RowEntity {
  @ForeignId('user_id')
  userId: number;

  @References(() => UserEntity, 'push_subscription', 'user_id')
  user?: Relation<UserEntity>;

  @Column({ type: 'text' })
  endpoint: string;

  /** SHA-256 of `endpoint`, hex: unique, as one browser registers once. */
  @Column({ name: 'endpoint_hash', type: 'varchar', length: 64 })
  endpointHash: string;

  @Column({ type: 'varchar', length: 255 })
  p256dh: string;

  @Column({ type: 'varchar', length: 255 })
  auth: string;

  /** The refresh-token family of the session that registered it: signing that session out removes it. */
  @Column({ name: 'session_family', type: 'varchar', length: 36, nullable: true })
  sessionFamily: string | null;
}
