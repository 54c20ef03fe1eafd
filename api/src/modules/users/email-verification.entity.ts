import { Column, Entity } from 'typeorm';
import { RowEntity } from '../../common/database/row.entity.js';

/** A single-use verification link: only the SHA-256 of its token is stored. */
@Entity({ name: 'email_verification' })
export class EmailVerificationEntity extends RowEntity {
  @Column({ name: 'user_id', type: 'integer' })
  userId: number;

  /** The address being verified: the account's own, or the new one of an e-mail change. */
  @Column({ type: 'varchar', length: 255 })
  email: string;

  @Column({ name: 'token_hash', type: 'varchar', length: 64 })
  tokenHash: string;

  @Column({ name: 'expires_at', type: 'datetime' })
  expiresAt: Date;

  @Column({ name: 'used_at', type: 'datetime', nullable: true })
  usedAt: Date | null;
}
