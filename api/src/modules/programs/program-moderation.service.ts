import { ConflictException, Injectable, Logger, NotFoundException } from '@nestjs/common';
import { EventEmitter2 } from '@nestjs/event-emitter';
import type {
  AdminProgramsQueryDto,
  MessageResponse,
  PaginationQueryDto,
  ProgramResponse,
  RejectProgramDto,
} from '@fitcoach/contracts';
import type { AuthContext } from '../../common/auth/auth.decorators.js';
import { pagingOf } from '../../common/database/paging.js';
import {
  DOMAIN_EVENTS,
  type ProgramPublicationChangedEvent,
  type ProgramRejectedEvent,
} from '../../common/events/domain-events.js';
import type { Page } from '../../common/http/pagination.interceptor.js';
import { AuditService } from '../audit/audit.service.js';
import { ProgramMails } from './program-mails.js';
import type { ProgramEntity } from './program.entity.js';
import { toProgramResponse } from './programs.mapper.js';
import { ProgramsRepository } from './programs.repository.js';
import { PROGRAM_MESSAGES } from './programs.messages.js';
import { ProgramsService } from './programs.service.js';

/**
 * The superusers' side of programmes (docs/product.md §2.11, §4): the lists they moderate from, and publishing,
 * blocking and rejecting, each recorded in the audit log with the change (ADR 023) and told to the programme's
 * trainer once it is made.
 */
@Injectable()
export class ProgramModerationService {
  private readonly logger = new Logger(ProgramModerationService.name);

  constructor(
    private readonly programs: ProgramsRepository,
    private readonly views: ProgramsService,
    private readonly events: EventEmitter2,
    private readonly mails: ProgramMails,
    private readonly audit: AuditService,
  ) {}

  /**
   * Every programme, or those of one status or trainer, for superusers (so with `publish_requested` and `status`),
   * newest first.
   */
  async listAll(query: AdminProgramsQueryDto): Promise<Page<ProgramResponse>> {
    const { status, trainer } = query;
    const paging = pagingOf(query);
    const [rows, total] = await this.programs.pageOfAll({ status, trainer }, paging);
    const filters = { status, trainer: trainer === undefined ? undefined : String(trainer) };
    return { items: await this.views.withReview(rows), total, ...paging, filters };
  }

  /** Unpublished programmes waiting for a superuser, oldest request first. */
  async listPendingRequests(query: PaginationQueryDto): Promise<Page<ProgramResponse>> {
    const paging = pagingOf(query);
    const [rows, total] = await this.programs.pageOfPendingRequests(paging);
    const review = { status: 'pending', reason: null } as const;
    return { items: rows.map((row) => toProgramResponse(row, review)), total, ...paging };
  }

  /**
   * A superuser publishes, approving the pending request. A programme nobody asked to publish may be published
   * too: superusers curate the catalogue, and `changePublishStatus` could do it anyway.
   */
  async publish(auth: AuthContext, id: number): Promise<MessageResponse> {
    const program = await this.programs.findById(id);
    if (!program) throw new NotFoundException(PROGRAM_MESSAGES.notFound);
    await this.setPublished(auth, program, true);
    this.logger.log(`Programme ${id} published by user ${auth.user.id}`);
    return { message: PROGRAM_MESSAGES.published };
  }

  /**
   * A superuser sends a programme waiting for approval back to its trainer, saying why (docs/product.md §4): it is
   * a draft again, which its trainer may edit and submit anew. The trainer hears of it in the chat's notifications
   * and by e-mail. 409 when it is not waiting (any more).
   */
  async reject(auth: AuthContext, id: number, dto: RejectProgramDto): Promise<MessageResponse> {
    const program = await this.programs.findById(id);
    if (!program) throw new NotFoundException(PROGRAM_MESSAGES.notFound);
    const decidedAt = new Date();
    const rejected =
      !program.isPublished &&
      (await this.programs.transaction(async (manager) => {
        if (!(await this.programs.reject(manager, id, dto.reason, decidedAt))) return false;
        await this.audit.record(manager, auth, {
          action: 'reject_program',
          target: { type: 'program', id, label: program.name },
          reason: dto.reason,
        });
        return true;
      }));
    if (!rejected) throw new ConflictException(PROGRAM_MESSAGES.notPending);
    this.logger.log(`Programme ${id} rejected by user ${auth.user.id}`);
    await this.events.emitAsync(DOMAIN_EVENTS.programRejected, {
      programId: id,
      reason: dto.reason,
    } satisfies ProgramRejectedEvent);
    await this.mails.rejected(id, dto.reason, decidedAt);
    return { message: PROGRAM_MESSAGES.rejected };
  }

  /** Publishes or blocks (unpublishes); both keys for the spec's client, which reads `messsage`. */
  async togglePublished(auth: AuthContext, id: number): Promise<{ message: string; messsage: string }> {
    const program = await this.programs.findById(id);
    if (!program) throw new NotFoundException(PROGRAM_MESSAGES.notFound);
    const published = !program.isPublished;
    await this.setPublished(auth, program, published);
    this.logger.log(`Programme ${id} ${published ? 'published' : 'blocked'} by user ${auth.user.id}`);
    const message = published ? PROGRAM_MESSAGES.published : PROGRAM_MESSAGES.blocked;
    return { message, messsage: message };
  }

  /** Publishes or blocks with its audit entry, then tells whoever listens (the trainer's notifications). */
  private async setPublished(auth: AuthContext, program: ProgramEntity, published: boolean): Promise<void> {
    await this.programs.transaction(async (manager) => {
      await this.programs.setPublished(manager, program.id, published);
      await this.audit.record(manager, auth, {
        action: published ? 'publish_program' : 'block_program',
        target: { type: 'program', id: program.id, label: program.name },
      });
    });
    await this.events.emitAsync(DOMAIN_EVENTS.programPublicationChanged, {
      programId: program.id,
      published,
    } satisfies ProgramPublicationChangedEvent);
  }

  /** A one-element array, as the spec's client reads it (docs/api.md). */
  async count(): Promise<[number]> {
    return [await this.programs.count()];
  }
}
