import { HttpException, HttpStatus, Injectable, NotFoundException } from '@nestjs/common';
import { InjectDataSource } from '@nestjs/typeorm';
import type { DataSource } from 'typeorm';
import {
  fromMinorUnits,
  type FollowedProgramsQueryDto,
  type FollowedProgramsResponse,
  fullName,
  INACTIVE_AFTER_DAYS,
  type MessageResponse,
  PAGINATION,
  SUBSCRIPTION_MESSAGES,
  type SubscriberEntry,
  type SubscribersQueryDto,
  type PaginationQueryDto,
  type PopularProgramResponse,
  type TrainerResponse,
  type UserBriefResponse,
} from '@fitcoach/contracts';
import type { AuthContext } from '../../common/auth/auth.decorators.js';
import { pageOf, pagingOf } from '../../common/database/paging.js';
import type { Page } from '../../common/http/pagination.interceptor.js';
import { Permission } from '../access/access.rules.js';
import { AccessService } from '../access/access.service.js';
import { PROGRAM_MESSAGES } from '../programs/programs.messages.js';
import { ProgramsService } from '../programs/programs.service.js';
import { toTrainerResponse } from '../trainers/trainers.mapper.js';
import { TrainersService } from '../trainers/trainers.service.js';
import { toUserBrief } from '../users/users.mapper.js';
import { ProgressRepository } from './progress.repository.js';
import { RevenueRepository } from './revenue.repository.js';
import { SubscriptionsRepository } from './subscriptions.repository.js';
import { toFollowedProgram, toSubscriberEntry } from './subscriptions.mapper.js';
import { SchedulesService } from './schedules.service.js';
import { EventEmitter2 } from '@nestjs/event-emitter';
import { DOMAIN_EVENTS, type SubscriptionStartedEvent } from '../../common/events/domain-events.js';

/** The superusers' dashboard shows the top five (docs/product.md §2.11 Admin panel, Top Programs). */
export const POPULAR_PROGRAMS_LIMIT = 5;

const DAY_MS = 24 * 60 * 60 * 1000;

/** The spec's client reads the container's status as a label. */
const ACTIVE_LABEL = 'Active';

@Injectable()
export class SubscriptionsService {
  constructor(
    @InjectDataSource() private readonly dataSource: DataSource,
    private readonly subscriptions: SubscriptionsRepository,
    private readonly progress: ProgressRepository,
    private readonly revenue: RevenueRepository,
    private readonly programs: ProgramsService,
    private readonly trainers: TrainersService,
    private readonly events: EventEmitter2,
    private readonly access: AccessService,
    private readonly schedules: SchedulesService,
  ) {}

  /**
   * Never free (docs/api.md): an active subscription stays; otherwise a completed payment of the member for this
   * programme that no subscription has used opens one; otherwise 402. The checkout normally opens it already at
   * capture; this is the spec's client's follow-up call, and the way in after a capture whose answer was lost.
   */
  async follow(auth: AuthContext, programId: number): Promise<MessageResponse> {
    const program = await this.programs.findVisible(auth, programId);
    await this.access.requireAccess(auth, Permission.ProgramSubscribe, program);
    if (await this.subscriptions.isActiveSubscriber(auth.user.id, program.id)) {
      return { message: SUBSCRIPTION_MESSAGES.alreadySubscribed };
    }
    // A superuser sees unpublished programmes, but nobody can buy one.
    if (!program.isPublished || program.trainer?.user?.blocked !== false) {
      throw new NotFoundException(PROGRAM_MESSAGES.notFound);
    }
    const activated = await this.activateWithUnusedPayment(auth.user.id, program.id);
    if (!activated) {
      // A concurrent follow may have just used the payment: then the member is subscribed, not owing.
      if (await this.subscriptions.isActiveSubscriber(auth.user.id, program.id)) {
        return { message: SUBSCRIPTION_MESSAGES.alreadySubscribed };
      }
      throw new HttpException(SUBSCRIPTION_MESSAGES.paymentRequired, HttpStatus.PAYMENT_REQUIRED);
    }
    if (!activated.created) return { message: SUBSCRIPTION_MESSAGES.alreadySubscribed };
    await this.events.emitAsync(DOMAIN_EVENTS.subscriptionStarted, {
      userId: auth.user.id,
      programId: program.id,
    } satisfies SubscriptionStartedEvent);
    return { message: SUBSCRIPTION_MESSAGES.subscribed };
  }

  /**
   * Opens a subscription with the member's unused completed payment, if there is one. When a concurrent follow
   * (or the checkout's capture) opened it first, `activate` finds the winner and answers `created: false`.
   */
  private activateWithUnusedPayment(userId: number, programId: number): Promise<{ created: boolean } | null> {
    return this.dataSource.transaction(async (manager) => {
      const payment = await this.revenue.findUnusedCompletedPayment(manager, userId, programId);
      if (!payment) return null;
      return this.subscriptions.activate(manager, {
        userId,
        programId,
        paymentId: payment.id,
        startedAt: new Date(),
      });
    });
  }

  /** Ends the active subscription; its payment stays completed (revenue), and no refund is automatic. */
  async unfollow(auth: AuthContext, programId: number): Promise<MessageResponse> {
    const active = await this.subscriptions.findActive(auth.user.id, programId);
    if (!active || !(await this.subscriptions.end(active.id, 'cancelled', new Date()))) {
      throw new NotFoundException(SUBSCRIPTION_MESSAGES.notSubscribed);
    }
    return { message: SUBSCRIPTION_MESSAGES.unsubscribed };
  }

  /**
   * One container with every active subscription, as the spec's client reads it, or none; with `program`, that
   * programme's only (a page about one programme needs neither the others nor their progress); with `calendar`,
   * each with its calendar (a dashboard shows them all). Two queries whatever their number: the subscriptions with
   * programmes and trainers, and their lessons with the member's completions, from which the percentages, the
   * schedules and the calendars are read.
   */
  async followed(
    auth: AuthContext,
    { program, calendar }: FollowedProgramsQueryDto = {},
  ): Promise<FollowedProgramsResponse[]> {
    const active = await this.subscriptions.findActiveOfMember(auth.user.id, program);
    if (active.length === 0) return [];
    const progressOf = await this.schedules.progressAndSchedulesOf(auth.user.id, active, calendar === '1');
    return [
      {
        id: auth.user.id,
        user: auth.user.id,
        created_on: active[0].startedAt.toISOString(),
        status: ACTIVE_LABEL,
        program: active.map((subscription) => {
          const { percentage, schedule, calendar: days } = progressOf(subscription);
          return toFollowedProgram(subscription, percentage, schedule, days);
        }),
      },
    ];
  }

  /** The member's chat contacts: the trainers of their active subscriptions, each once. */
  async trainersOf(auth: AuthContext): Promise<TrainerResponse[]> {
    const trainers = await this.subscriptions.trainersOfMember(auth.user.id);
    return trainers.map((trainer) => toTrainerResponse(trainer, { showPhone: false }));
  }

  /**
   * The active subscriptions to the caller's programmes (ended ones are history, not subscribers), newest first,
   * each with its last activity and inactive flag; `?program=` narrows them to one programme of the caller's (any
   * other is 404), `?inactive=1` to the inactive ones.
   */
  async subscribersOf(auth: AuthContext, query: SubscribersQueryDto): Promise<Page<SubscriberEntry>> {
    const trainer = await this.trainers.requireOwnTrainer(auth);
    if (query.program !== undefined && !(await this.programs.isTrainersProgram(query.program, trainer.id))) {
      throw new NotFoundException(PROGRAM_MESSAGES.notFound);
    }
    const paging = pagingOf(query);
    const inactiveBefore = new Date(Date.now() - INACTIVE_AFTER_DAYS * DAY_MS);
    const [rows, total] = await this.subscriptions.pageOfTrainer(
      trainer.id,
      { programId: query.program, inactiveBefore: query.inactive ? inactiveBefore : undefined },
      paging,
    );
    const progressOf = await this.progress.progressOf(rows);
    return {
      items: rows.map((row) => toSubscriberEntry(row, progressOf(row), inactiveBefore)),
      total,
      ...paging,
      filters: { program: query.program?.toString(), inactive: query.inactive },
    };
  }

  /** The trainer's chat contacts: members with an active subscription to one of their programmes, each once. */
  async contactsOf(auth: AuthContext, query: PaginationQueryDto): Promise<Page<UserBriefResponse>> {
    const trainer = await this.trainers.requireOwnTrainer(auth);
    return pageOf(
      query,
      (paging) => this.subscriptions.membersOfTrainer(trainer.id, paging),
      toUserBrief,
      PAGINATION.maxPageSize,
    );
  }

  /** Top programmes by active followers, with revenue in the programme's currency (like `price`), which it names. */
  async popular(): Promise<PopularProgramResponse[]> {
    const rows = await this.revenue.mostFollowed(POPULAR_PROGRAMS_LIMIT);
    return rows.map((row) => ({
      name: row.name,
      followers: row.followers,
      trainer: fullName(row.firstName, row.lastName),
      sales: fromMinorUnits(row.salesMinor, row.currency),
      currency: row.currency,
    }));
  }
}
