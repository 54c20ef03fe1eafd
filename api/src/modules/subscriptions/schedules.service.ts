import { ConflictException, Injectable, NotFoundException } from '@nestjs/common';
import {
  completionPercentage,
  SCHEDULE_MESSAGES,
  SCHEDULE_START_RANGE_DAYS,
  type ScheduleDay,
  type ScheduleDto,
  type SubscriptionScheduleDetailResponse,
  type SubscriptionScheduleResponse,
} from '@fitcoach/contracts';
import type { AuthContext } from '../../common/auth/auth.decorators.js';
import { fieldError } from '../../common/errors/validation.js';
import { Clock } from '../../common/time/clock.js';
import {
  daysBetween,
  isClockTime,
  isLocalDate,
  isTimeZone,
  localDate,
} from '../../common/time/local-time.js';
import { Permission } from '../access/access.rules.js';
import { AccessService } from '../access/access.service.js';
import { ProgressRepository } from './progress.repository.js';
import { calendar, nextReminderAt, type ProgrammeDays, scheduleOf, scheduleResponse } from './schedule.js';
import type { SubscriptionEntity } from './subscription.entity.js';
import { SubscriptionsRepository } from './subscriptions.repository.js';

/** A subscription loaded with its programme's `unlock`. */
type Scheduled = SubscriptionEntity & { program: NonNullable<SubscriptionEntity['program']> };

/**
 * A member's schedules (docs/decisions/058-lessons-on-a-schedule.md): read with their calendar and today's lesson,
 * and changed by the member, with the next reminder instant the reminder job reads.
 */
@Injectable()
export class SchedulesService {
  constructor(
    private readonly subscriptions: SubscriptionsRepository,
    private readonly progress: ProgressRepository,
    private readonly access: AccessService,
    private readonly clock: Clock,
  ) {}

  /**
   * Each of the member's subscriptions (loaded with their programmes): its percentage of lessons done, its
   * schedule and, when `withCalendar`, its calendar, all read from one query of their programmes' lessons and the
   * member's completions, whatever their number.
   */
  async progressAndSchedulesOf(
    userId: number,
    subscriptions: SubscriptionEntity[],
    withCalendar = false,
  ): Promise<
    (subscription: SubscriptionEntity) => {
      percentage: number;
      schedule: SubscriptionScheduleResponse;
      calendar: ScheduleDay[] | undefined;
    }
  > {
    const days = await this.progress.lessonDays(
      userId,
      subscriptions.map((subscription) => subscription.programId),
    );
    const now = this.clock.now();
    return (subscription) => {
      const programme = this.programme(subscription, days);
      return {
        percentage: completionPercentage(programme.completed.length, programme.lessonNumbers.length),
        schedule: scheduleResponse(this.asSchedule(subscription), programme, now),
        calendar: withCalendar ? calendar(scheduleOf(subscription), programme, now) : undefined,
      };
    };
  }

  /** The caller's own subscription's schedule and calendar, ended ones included; anyone else's is 404. */
  async get(auth: AuthContext, id: number): Promise<SubscriptionScheduleDetailResponse> {
    const subscription = await this.own(auth, id);
    const [response, programme] = await this.answer(auth, subscription);
    return { ...response, calendar: calendar(scheduleOf(subscription), programme, this.clock.now()) };
  }

  /**
   * Sets the caller's active subscription's day 1, reminder time and time zone, and the next reminder instant
   * from them. An ended subscription is 409: its lessons are no longer the member's.
   */
  async update(auth: AuthContext, id: number, dto: ScheduleDto): Promise<SubscriptionScheduleResponse> {
    const schedule = this.validated(dto);
    const subscription = await this.own(auth, id);
    if (subscription.activeFlag !== 1) throw new ConflictException(SCHEDULE_MESSAGES.ended);
    const nextReminder = nextReminderAt(
      schedule.startDate,
      schedule.reminderTime,
      schedule.timezone,
      this.clock.now(),
    );
    const saved = await this.subscriptions.saveSchedule(subscription.id, {
      ...schedule,
      nextReminderAt: nextReminder,
    });
    if (!saved) throw new ConflictException(SCHEDULE_MESSAGES.ended);
    const [response] = await this.answer(auth, Object.assign(subscription, schedule));
    return response;
  }

  /** The body's values as the member's calendar reads them; 400 naming the first field that is not. */
  private validated(
    dto: ScheduleDto,
  ): Pick<SubscriptionEntity, 'reminderTime' | 'timezone'> & { startDate: string } {
    if (!isTimeZone(dto.timezone)) throw fieldError('timezone', SCHEDULE_MESSAGES.timezone);
    const today = localDate(this.clock.now(), dto.timezone);
    if (
      !isLocalDate(dto.start_date) ||
      Math.abs(daysBetween(today, dto.start_date)) > SCHEDULE_START_RANGE_DAYS
    ) {
      throw fieldError('start_date', SCHEDULE_MESSAGES.startDate);
    }
    if (dto.reminder_time !== null && !isClockTime(dto.reminder_time)) {
      throw fieldError('reminder_time', SCHEDULE_MESSAGES.reminderTime);
    }
    return { startDate: dto.start_date, reminderTime: dto.reminder_time, timezone: dto.timezone };
  }

  private async own(auth: AuthContext, id: number): Promise<Scheduled> {
    const subscription = await this.subscriptions.findWithUnlock(id);
    if (!subscription?.program) throw new NotFoundException(SCHEDULE_MESSAGES.notFound);
    await this.access.requireAccess(auth, Permission.SubscriptionSchedule, subscription);
    return subscription as Scheduled;
  }

  private async answer(
    auth: AuthContext,
    subscription: Scheduled,
  ): Promise<[SubscriptionScheduleResponse, ProgrammeDays]> {
    const days = await this.progress.lessonDays(auth.user.id, [subscription.programId]);
    const programme = this.programme(subscription, days);
    return [scheduleResponse(this.asSchedule(subscription), programme, this.clock.now()), programme];
  }

  private asSchedule(subscription: SubscriptionEntity) {
    return { ...scheduleOf(subscription), id: subscription.id, reminderTime: subscription.reminderTime };
  }

  private programme(
    subscription: SubscriptionEntity,
    days: Map<number, { lessonNumbers: number[]; completed: number[] }>,
  ): ProgrammeDays {
    const lessons = days.get(subscription.programId);
    return {
      unlock: subscription.program?.unlock ?? 'all',
      lessonNumbers: lessons?.lessonNumbers ?? [],
      completed: lessons?.completed ?? [],
    };
  }
}
