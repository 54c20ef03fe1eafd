import { Column, Entity } from 'typeorm';
import { RowEntity } from '../../common/database/row.entity.js';

/**
 * An account (docs/product.md §3 User). E-mail is stored trimmed and lower-cased, so the unique index is
 * case-insensitive.
 */
@Entity({ name: 'user' })
export class UserEntity extends RowEntity {
  @Column({ name: 'first_name', type: 'varchar', length: 255 })
  firstName: string;

  @Column({ name: 'last_name', type: 'varchar', length: 255 })
  lastName: string;

  @Column({ type: 'varchar', length: 255 })
  email: string;

  /** A new address waiting for its verification link; `email` changes only once it is verified. */
  @Column({ name: 'pending_email', type: 'varchar', length: 255, nullable: true })
  pendingEmail: string | null;

  @Column({ name: 'password_hash', type: 'varchar', length: 255 })
  passwordHash: string;

  @Column({ name: 'profile_picture', type: 'varchar', length: 255, nullable: true })
  profilePicture: string | null;

  @Column({ name: 'is_verified', type: 'boolean', default: false })
  isVerified: boolean;

  @Column({ name: 'is_trainer', type: 'boolean', default: false })
  isTrainer: boolean;

  @Column({ name: 'is_superuser', type: 'boolean', default: false })
  isSuperuser: boolean;

  @Column({ type: 'boolean', default: false })
  blocked: boolean;

  /** Set when its owner deleted the account: the row stays, anonymised and blocked (docs/product.md §2.9). */
  @Column({ name: 'deleted_at', type: 'datetime', nullable: true })
  deletedAt: Date | null;
}
