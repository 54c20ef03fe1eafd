import { Column, Entity } from 'typeorm';
import { RowEntity } from '../../common/database/row.entity.js';

/** A single-use password reset link: only the SHA-256 of its token is stored. */
@Entity({ name: 'password_reset' })
export class PasswordResetEntity extends RowEntity {
  @Column({ name: 'user_id', type: 'integer' })
  userId: number;

  @Column({ name: 'token_hash', type: 'varchar', length: 64 })
  tokenHash: string;

  @Column({ name: 'expires_at', type: 'datetime' })
  expiresAt: Date;

  @Column({ name: 'used_at', type: 'datetime', nullable: true })
  usedAt: Date | null;
}
