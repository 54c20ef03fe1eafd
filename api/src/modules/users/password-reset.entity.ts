import { Entity } from 'typeorm';
import { SingleUseLinkEntity } from '../../common/database/token-row.entity.js';

/** A single-use password reset link: only the SHA-256 of its token is stored. */
@Entity({ name: 'password_reset' })
export class PasswordResetEntity extends SingleUseLinkEntity {}
