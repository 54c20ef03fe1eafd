import { Column } from 'typeorm';
import { RowEntity } from './row.entity.js';

/** A secret given to an account that expires: a session's refresh token, a link. Only its SHA-256 is stored. */
export abstract class TokenRowEntity extends RowEntity {
  @Column({ name: 'user_id', type: 'integer' })
  userId: number;

  @Column({ name: 'token_hash', type: 'varchar', length: 64 })
  tokenHash: string;

  @Column({ name: 'expires_at', type: 'datetime' })
  expiresAt: Date;
}

/** A link that works once: `usedAt` says when it did. */
export abstract class SingleUseLinkEntity extends TokenRowEntity {
  @Column({ name: 'used_at', type: 'datetime', nullable: true })
  usedAt: Date | null;
}
