import { ConflictException, Injectable, Logger, NotFoundException } from '@nestjs/common';
import {
  fullName,
  type MessageResponse,
  type PaginationQueryDto,
  type PromoteSuperuserDto,
  type UserBriefResponse,
} from '@fitcoach/contracts';
import { isSelf } from '../access/access.rules.js';
import type { AuthContext } from '../../common/auth/auth.decorators.js';
import { retryingDeadlocks } from '../../common/database/errors.js';
import { pageOf } from '../../common/database/paging.js';
import type { Page } from '../../common/http/pagination.interceptor.js';
import { RealtimeService } from '../../common/realtime/realtime.service.js';
import { AuditService } from '../audit/audit.service.js';
import type { UserEntity } from './user.entity.js';
import { accountLabel, toUserBrief } from './users.mapper.js';
import { UsersRepository } from './users.repository.js';

/** The refusals of Settings → Superusers (docs/api.md: admin panel). */
export const SUPERUSER_MESSAGES = {
  noAccount: 'No account has this e-mail address',
  notFound: 'User not found',
  already: 'This account is a superuser already',
  trainer: 'A trainer cannot be a superuser',
  blocked: 'A blocked account cannot become a superuser: unblock it first',
  unverified: 'This account has not verified its e-mail address yet',
  notSuperuser: 'This account is not a superuser',
  last: 'The last superuser cannot be removed: make another account a superuser first',
} as const;

/** Why the account may not become a superuser, or null when it may. */
function promotionRefusal(user: UserEntity): string | null {
  if (user.isSuperuser) return SUPERUSER_MESSAGES.already;
  if (user.isTrainer) return SUPERUSER_MESSAGES.trainer;
  if (user.blocked) return SUPERUSER_MESSAGES.blocked;
  if (!user.isVerified) return SUPERUSER_MESSAGES.unverified;
  return null;
}

/**
 * Superusers made and unmade by superusers (docs/product.md §2.11 Settings → Superusers), besides the
 * `create-superuser` command. There is always one left; each change is recorded in the audit log in its own
 * transaction (ADR 023), and the account's sockets reconnect with its new role (only superusers' sockets hear the
 * admin panel's live presence).
 */
@Injectable()
export class SuperusersService {
  private readonly logger = new Logger(SuperusersService.name);

  constructor(
    private readonly users: UsersRepository,
    private readonly audit: AuditService,
    private readonly realtime: RealtimeService,
  ) {}

  /** Every superuser, the newest accounts first. */
  list(query: PaginationQueryDto): Promise<Page<UserBriefResponse>> {
    return pageOf(query, (paging) => this.users.pageOfSuperusers(paging), toUserBrief);
  }

  /**
   * Makes the account with this address a superuser: a verified member, neither blocked nor a trainer (superusers
   * cannot be trainers, docs/product.md §6). 404 when no account has the address, 409 otherwise.
   */
  async promote(auth: AuthContext, dto: PromoteSuperuserDto): Promise<MessageResponse> {
    const user = await this.users.findByEmail(dto.email);
    if (!user) throw new NotFoundException(SUPERUSER_MESSAGES.noAccount);
    // The conditional update alone decides (a verified member, neither blocked nor a trainer, not yet a superuser),
    // also when two superusers ask at once; a refusal is then named from the account as it is.
    const promoted = await this.users.transaction(async (manager) => {
      if (!(await this.users.setSuperuser(manager, user.id, true))) return false;
      await this.audit.record(manager, auth, {
        action: 'promote_superuser',
        target: { type: 'user', id: user.id, label: accountLabel(user) },
      });
      return true;
    });
    if (!promoted) {
      const now = await this.users.findById(user.id);
      throw new ConflictException((now && promotionRefusal(now)) ?? SUPERUSER_MESSAGES.already);
    }
    this.realtime.disconnectUser(user.id);
    this.logger.log(`User ${user.id} made a superuser by ${auth.user.id}`);
    return { message: `${fullName(user.firstName, user.lastName)} is now a superuser` };
  }

  /**
   * Takes the role away, never from the last superuser (409); a superuser may step down while another remains. The
   * account stays, as a member.
   */
  async demote(auth: AuthContext, id: number): Promise<MessageResponse> {
    const user = await this.users.findById(id);
    if (!user) throw new NotFoundException(SUPERUSER_MESSAGES.notFound);
    // Two demotions at once lock the flag's index in turn; InnoDB may end one in a deadlock, which then runs again.
    await retryingDeadlocks(() =>
      this.users.transaction(async (manager) => {
        const superusers = await this.users.lockSuperuserIds(manager);
        if (!superusers.includes(id)) throw new ConflictException(SUPERUSER_MESSAGES.notSuperuser);
        if (superusers.length === 1) throw new ConflictException(SUPERUSER_MESSAGES.last);
        await this.users.setSuperuser(manager, id, false);
        await this.audit.record(manager, auth, {
          action: 'demote_superuser',
          target: { type: 'user', id, label: accountLabel(user) },
        });
      }),
    );
    this.realtime.disconnectUser(id);
    this.logger.log(
      `User ${id} no longer a superuser, by ${auth.user.id}${isSelf(auth, id) ? ' (themselves)' : ''}`,
    );
    return { message: `${fullName(user.firstName, user.lastName)} is no longer a superuser` };
  }
}
