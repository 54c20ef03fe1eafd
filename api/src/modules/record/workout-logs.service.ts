import { BadRequestException, ForbiddenException, Injectable, NotFoundException } from '@nestjs/common';
import {
  KG_PER_LB,
  PAGINATION,
  RECORD_MESSAGES,
  type WorkoutExercise,
  type WorkoutLogComment,
  type WorkoutLogDto,
  type WorkoutLogResponse,
  WORKOUT_RANGES,
} from '@fitcoach/contracts';
import type { AuthContext } from '../../common/auth/auth.decorators.js';
import { fieldError } from '../../common/errors/validation.js';
import type { Page } from '../../common/http/pagination.interceptor.js';
import { Clock } from '../../common/time/clock.js';
import { Permission } from '../access/access.rules.js';
import { AccessService } from '../access/access.service.js';
import { ChatService } from '../chat/chat.service.js';
import { parseLessonNumber } from '../lessons/lesson-number.js';
import { ProgressService } from '../subscriptions/progress.service.js';
import { ProgressRepository } from '../subscriptions/progress.repository.js';
import { SubscriptionsRepository } from '../subscriptions/subscriptions.repository.js';
import type { LessonEntity } from '../lessons/lesson.entity.js';
import { toWorkoutLogComment, toWorkoutLogResponse } from './record.mapper.js';
import { recordDate } from './record-dates.js';
import type { WorkoutLogEntity } from './workout-log.entity.js';
import { WorkoutLogsRepository } from './workout-logs.repository.js';

/** A log's sets as stored (weights in kg, to the gram's tenth) with their totals. */
interface WorkoutContent {
  exercises: WorkoutExercise[];
  setCount: number;
  volumeKg: number;
}

const round2 = (value: number) => Math.round(value * 100) / 100;

/**
 * The sets of a log as stored: weights converted to kg, every set with reps or a duration, every weight within
 * WORKOUT_RANGES.weightKg once converted; 400 naming the first set that is not.
 */
export function workoutContent(dto: Pick<WorkoutLogDto, 'exercises' | 'unit'>): WorkoutContent {
  const factor = dto.unit === 'lb' ? KG_PER_LB : 1;
  let setCount = 0;
  let volumeKg = 0;
  const exercises = dto.exercises.map((exercise, e) => ({
    name: exercise.name,
    sets: exercise.sets.map((set, s) => {
      const field = `exercises.${e}.sets.${s}`;
      const reps = set.reps ?? null;
      const duration = set.duration_seconds ?? null;
      if (reps === null && duration === null) throw fieldError(field, 'A set needs reps or a duration');
      const weightKg = set.weight === undefined || set.weight === null ? null : round2(set.weight * factor);
      if (weightKg !== null && weightKg > WORKOUT_RANGES.weightKg.max) {
        throw fieldError(`${field}.weight`, `Weight must be at most ${WORKOUT_RANGES.weightKg.max} kg`);
      }
      setCount += 1;
      if (reps !== null && weightKg !== null) volumeKg += reps * weightKg;
      return { reps, weight_kg: weightKg, duration_seconds: duration };
    }),
  }));
  return { exercises, setCount, volumeKg: round2(volumeKg) };
}

/** A member's workout logs (docs/product.md §2.7, ADR 061): written on a lesson, which they complete. */
@Injectable()
export class WorkoutLogsService {
  constructor(
    private readonly logs: WorkoutLogsRepository,
    private readonly progress: ProgressService,
    private readonly lessons: ProgressRepository,
    private readonly subscriptions: SubscriptionsRepository,
    private readonly access: AccessService,
    private readonly chat: ChatService,
    private readonly clock: Clock,
  ) {}

  /** Logs a lesson for its active subscriber (the completion route's rules and refusals) and completes it. */
  async create(auth: AuthContext, lessonNumber: string, dto: WorkoutLogDto): Promise<WorkoutLogResponse> {
    const lesson = await this.lesson(lessonNumber);
    await this.access.requireLessonOpen(auth, lesson);
    const content = workoutContent(dto);
    const performedOn = await this.performedOn(auth.user.id, lesson.programId, dto.performed_on);
    const log = await this.logs.create({
      userId: auth.user.id,
      lessonId: lesson.id,
      programId: lesson.programId,
      lessonNumber: lesson.number,
      lessonTitle: lesson.title,
      performedOn,
      effort: dto.effort ?? null,
      note: this.note(dto.note),
      ...content,
    });
    await this.progress.markCompleted(auth, lessonNumber);
    return this.respond(log);
  }

  /** The caller's own logs of a lesson, newest first. */
  async ofLesson(auth: AuthContext, lessonNumber: string): Promise<WorkoutLogResponse[]> {
    const lesson = await this.lesson(lessonNumber);
    const logs = await this.logs.ofLesson(auth.user.id, lesson.id);
    const comments = await this.logs.commentsOf(
      auth.user.id,
      logs.map((log) => log.id),
    );
    return logs.map((log) => toWorkoutLogResponse(log, comments.get(log.id)));
  }

  /** One page of the caller's own logs, newest first. */
  async mine(
    auth: AuthContext,
    query: { page?: number; page_size?: number },
  ): Promise<Page<WorkoutLogResponse>> {
    return this.page(auth.user.id, query);
  }

  /** A page of a member's logs, with their comments; only those of `programIds` when given. */
  async page(
    userId: number,
    query: { page?: number; page_size?: number },
    programIds?: number[],
  ): Promise<Page<WorkoutLogResponse>> {
    const found = await this.logs.page(userId, {
      page: query.page ?? 1,
      pageSize: query.page_size ?? PAGINATION.defaultPageSize,
      ...(programIds ? { programIds } : {}),
    });
    const comments = await this.logs.commentsOf(
      userId,
      found.items.map((log) => log.id),
    );
    return { ...found, items: found.items.map((log) => toWorkoutLogResponse(log, comments.get(log.id))) };
  }

  /** Replaces the caller's own log; anyone else's is unknown (404). */
  async update(auth: AuthContext, id: number, dto: WorkoutLogDto): Promise<WorkoutLogResponse> {
    const log = await this.own(auth, id);
    const content = workoutContent(dto);
    log.performedOn = await this.performedOn(auth.user.id, log.programId, dto.performed_on);
    log.effort = dto.effort ?? null;
    log.note = this.note(dto.note);
    Object.assign(log, content);
    return this.respond(await this.logs.save(log));
  }

  /**
   * A comment of the log's trainer (the trainer of its programme, to whom the member shows their logs while
   * subscribed), sent to the member as a chat message linked to the log. Anyone else does not know the log (404);
   * its member, or its trainer without the member's logs, may not comment (403).
   */
  async comment(auth: AuthContext, id: number, text: string): Promise<WorkoutLogComment> {
    const log = await this.logs.findById(id);
    const trainerUserId = log?.program?.trainer?.userId;
    if (!log || (trainerUserId !== auth.user.id && log.userId !== auth.user.id)) {
      throw new NotFoundException(RECORD_MESSAGES.logNotFound);
    }
    const allowed =
      trainerUserId === auth.user.id &&
      (await this.access.checkAccess(auth, Permission.RecordRead, { userId: log.userId, part: 'logs' }));
    if (!allowed) throw new ForbiddenException(RECORD_MESSAGES.commentNotAllowed);
    return toWorkoutLogComment(await this.chat.comment(auth.user, log.userId, text, log.id));
  }

  async remove(auth: AuthContext, id: number): Promise<void> {
    await this.logs.remove(await this.own(auth, id));
  }

  private async own(auth: AuthContext, id: number): Promise<WorkoutLogEntity> {
    const log = await this.logs.findOwn(auth.user.id, id);
    if (!log) throw new NotFoundException(RECORD_MESSAGES.logNotFound);
    return log;
  }

  private async respond(log: WorkoutLogEntity): Promise<WorkoutLogResponse> {
    const saved = (await this.logs.findOwn(log.userId, log.id)) ?? log;
    const comments = await this.logs.commentsOf(log.userId, [log.id]);
    return toWorkoutLogResponse(saved, comments.get(log.id));
  }

  /** `"{programmeId}-{n}"` only: a bare number names no programme. */
  private async lesson(lessonNumber: string): Promise<LessonEntity> {
    const parsed = parseLessonNumber(lessonNumber);
    if (parsed?.programId == null) throw new BadRequestException({ message: RECORD_MESSAGES.lessonNumber });
    const lesson = await this.lessons.findLesson(parsed.programId, parsed.number);
    if (!lesson) throw new NotFoundException(RECORD_MESSAGES.lessonNotFound);
    return lesson;
  }

  /** The given date, or the member's today in the zone of their subscription to the programme. */
  private async performedOn(
    userId: number,
    programId: number | null,
    given?: string | null,
  ): Promise<string> {
    const subscription = programId === null ? null : await this.subscriptions.findActive(userId, programId);
    return recordDate('performed_on', given, this.clock.now(), subscription?.timezone ?? null);
  }

  private note(note: string | null | undefined): string | null {
    const trimmed = note?.trim();
    return trimmed ? trimmed : null;
  }
}
