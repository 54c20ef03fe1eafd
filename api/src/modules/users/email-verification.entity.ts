import { Column, Entity } from 'typeorm';
import { SingleUseLinkEntity } from '../../common/database/token-row.entity.js';

/** A single-use verification link: only the SHA-256 of its token is stored. */
@Entity({ name: 'email_verification' })
export class EmailVerificationEntity extends SingleUseLinkEntity {
  /** The address being verified: the account's own, or the new one of an e-mail change. */
  @Column({ type: 'varchar', length: 255 })
  email: string;
}
