import { Column, Entity } from 'typeorm';
import { TokenRowEntity } from '../../common/database/token-row.entity.js';

/**
 * One refresh token of a session. A session (family) starts at login; every refresh revokes the token used
 * and adds its successor, so a revoked token coming back means it was stolen and the family is revoked, unless
 * it comes back within the grace period after its rotation while its successor lives (two tabs refreshing).
 */
@Entity({ name: 'refresh_token' })
export class RefreshTokenEntity extends TokenRowEntity {
  @Column({ name: 'family_id', type: 'varchar', length: 36 })
  familyId: string;

  @Column({ name: 'revoked_at', type: 'datetime', nullable: true })
  revokedAt: Date | null;

  /** Set with `revokedAt` when the token was rotated rather than revoked. */
  @Column({ name: 'rotated_at', type: 'datetime', nullable: true })
  rotatedAt: Date | null;

  /** When the session signed in: each token of the family carries it, so a session's first row is never read. */
  @Column({ name: 'signed_in_at', type: 'datetime' })
  signedInAt: Date;

  /** The User-Agent of the sign-in, carried by each token of the family, to name the device in its list. */
  @Column({ name: 'user_agent', type: 'varchar', length: 255, nullable: true })
  userAgent: string | null;
}
