import { Injectable, NotFoundException } from '@nestjs/common';
import {
  type LessonProgressResponse,
  type MessageResponse,
  type StreakResponse,
  SUBSCRIPTION_MESSAGES,
} from '@fitcoach/contracts';
import type { AuthContext } from '../../common/auth/auth.decorators.js';
import { isTimeZone } from '../../common/time/local-time.js';
import { Permission } from '../access/access.rules.js';
import { AccessService } from '../access/access.service.js';
import { parseLessonNumber, parseProgramRef } from '../lessons/lesson-number.js';
import { LESSON_MESSAGES } from '../lessons/lessons.service.js';
import { ProgramsService } from '../programs/programs.service.js';
import { UsersService } from '../users/users.service.js';
import { PROGRESS_MESSAGES } from './progress.messages.js';
import { ProgressRepository } from './progress.repository.js';
import { streakOf } from './streak.js';
import { SubscriptionsRepository } from './subscriptions.repository.js';

@Injectable()
export class ProgressService {
  constructor(
    private readonly progress: ProgressRepository,
    private readonly subscriptions: SubscriptionsRepository,
    private readonly programs: ProgramsService,
    private readonly users: UsersService,
    private readonly access: AccessService,
  ) {}

  /**
   * Marks a lesson (`"{programId}-{n}"`) completed for its active subscriber: 201 the first time, 200 after.
   * Only subscribers, so completions of a programme the member does not follow never exist to be counted, and
   * only lessons open to them: a daily programme's lesson before its day is refused with the date it opens.
   */
  async markCompleted(
    auth: AuthContext,
    lessonNumber: string,
  ): Promise<{ created: boolean; body: MessageResponse }> {
    const parsed = parseLessonNumber(lessonNumber);
    const lesson =
      parsed?.programId == null ? null : await this.progress.findLesson(parsed.programId, parsed.number);
    if (!lesson) throw new NotFoundException(LESSON_MESSAGES.notFound);
    await this.access.requireLessonOpen(auth, lesson);
    const created = await this.progress.markCompleted(auth.user.id, lesson.id, new Date());
    if (created) await this.progress.syncSubscription({ userId: auth.user.id, programId: lesson.programId });
    return created
      ? { created, body: { message: SUBSCRIPTION_MESSAGES.lessonCompleted } }
      : { created, body: { message: SUBSCRIPTION_MESSAGES.lessonAlreadyCompleted } };
  }

  /**
   * A member's percentage in a programme (`programRef` plain or `"{id}-n"`), the numbers of the lessons done and
   * the start of the active subscription (null without one), for the member, the programme's trainer and
   * superusers: the lesson player needs nothing else to know whether and since when the member follows it. The
   * programme must be one the caller may see (404 otherwise, as everywhere).
   */
  async percentage(auth: AuthContext, userId: number, programRef: string): Promise<LessonProgressResponse> {
    const programId = parseProgramRef(programRef);
    if (programId === null) throw new NotFoundException(PROGRESS_MESSAGES.malformedProgram);
    const program = await this.programs.findVisible(auth, programId);
    await this.access.requireAccess(auth, Permission.ProgressRead, { userId, program });
    if (userId !== auth.user.id && !(await this.users.findById(userId))) {
      throw new NotFoundException(PROGRESS_MESSAGES.userNotFound);
    }
    const enrolment = { userId, programId: program.id };
    const [percentage, completed, subscription] = await Promise.all([
      this.progress.percentage(enrolment),
      this.progress.completedNumbers(enrolment),
      this.subscriptions.findActive(userId, program.id),
    ]);
    return {
      user: userId,
      program: program.id,
      progress_percentage: percentage,
      completed_lessons: completed,
      subscribed_on: subscription ? subscription.startedAt.toISOString() : null,
    };
  }

  /**
   * The caller's streak, counted in the time zone of their most recently started active subscription (UTC without
   * one, or should a stored zone no longer be known): a member has one calendar, whatever they follow.
   */
  async streak(auth: AuthContext): Promise<StreakResponse> {
    const [zone, instants] = await Promise.all([
      this.subscriptions.latestTimezone(auth.user.id),
      this.progress.completionInstants(auth.user.id),
    ]);
    const timezone = zone !== null && isTimeZone(zone) ? zone : 'UTC';
    const streak = streakOf(instants, timezone, new Date());
    return {
      current: streak.current,
      longest: streak.longest,
      last_active_on: streak.lastActiveOn,
      completed_today: streak.completedToday,
      timezone,
    };
  }
}
