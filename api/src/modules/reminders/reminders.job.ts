import { Inject, Injectable, Logger, type OnModuleInit } from '@nestjs/common';
import { EventEmitter2 } from '@nestjs/event-emitter';
import type { LessonReminderJob } from '@fitcoach/contracts';
import { APP_CONFIG, type AppConfig } from '../../common/config/app-config.js';
import { DOMAIN_EVENTS, type LessonRemindedEvent } from '../../common/events/domain-events.js';
import { JobsService } from '../../common/jobs/jobs.service.js';
import { OutboxService } from '../../common/jobs/outbox.service.js';
import { localDate } from '../../common/time/local-time.js';
import { JWT_SECRET } from '../auth/auth.tokens.js';
import { NotificationEntity } from '../chat/notification.entity.js';
import { type LessonOfTheDay, lessonOfTheDay, type ReminderLesson } from './reminder-rules.js';
import { nextReminderAt } from '../subscriptions/schedule.js';
import {
  type DueSubscription,
  type ReminderAccount,
  type ReminderProgram,
  type ReminderSetting,
  RemindersRepository,
} from './reminders.repository.js';
import { unsubscribeToken } from './unsubscribe-token.js';

/** How often the job looks for due reminders: a member's reminder comes within this of their time. */
export const REMINDERS_EVERY_MS = 60_000;
/** Subscriptions taken, decided and written per transaction. */
export const REMINDERS_BATCH = 500;

/** What one run did, for its log line and the tests. */
export interface RemindersRun {
  looked: number;
  mailed: number;
}

interface Batch {
  accounts: Map<number, ReminderAccount>;
  settings: Map<number, ReminderSetting>;
  programs: Map<number, ReminderProgram>;
  lessons: Map<number, ReminderLesson[]>;
  completed: Map<number, Set<number>>;
}

/**
 * The lesson reminder (docs/product.md, Reminders; docs/decisions/059-reminders-at-the-members-hour.md): every
 * minute, each subscription whose `next_reminder_at` has come gets its member one mail (through the outbox) about
 * today's lesson, unless nothing is due, the account opted out or cannot be mailed, or it had one today; then the
 * subscription moves to its next day's reminder time, or to none once the programme is done.
 */
@Injectable()
export class RemindersJob implements OnModuleInit {
  private readonly logger = new Logger('Reminders');
  private running: Promise<unknown> = Promise.resolve();

  constructor(
    private readonly rows: RemindersRepository,
    private readonly outbox: OutboxService,
    private readonly jobs: JobsService,
    @Inject(APP_CONFIG) private readonly config: AppConfig,
    @Inject(JWT_SECRET) private readonly secret: string,
    private readonly events: EventEmitter2,
  ) {}

  onModuleInit(): void {
    this.jobs.register('reminders.run', 'reminders', () => this.run(new Date()).then(() => undefined));
    this.jobs.repeat('reminders.run', {}, REMINDERS_EVERY_MS);
  }

  /** One run at `now` (the tests pass their own clock); runs asked for at once in this process go one after another. */
  run(now: Date): Promise<RemindersRun> {
    const run = this.running.then(() => this.runNow(now));
    this.running = run.catch(() => undefined);
    return run;
  }

  private async runNow(now: Date): Promise<RemindersRun> {
    const total: RemindersRun = { looked: 0, mailed: 0 };
    const lessons = new Map<number, ReminderLesson[]>();
    const clock = new RunClock(now);
    for (;;) {
      const due = await this.rows.due(now, REMINDERS_BATCH);
      if (due.length === 0) break;
      total.looked += due.length;
      total.mailed += await this.batch(clock, due, lessons);
      if (due.length < REMINDERS_BATCH) break;
    }
    if (total.looked > 0) this.logger.log(`${total.looked} reminder(s) due, ${total.mailed} mailed`);
    return total;
  }

  private async load(due: DueSubscription[], lessons: Map<number, ReminderLesson[]>): Promise<Batch> {
    const userIds = [...new Set(due.map((row) => row.userId))];
    const programIds = [...new Set(due.map((row) => row.programId))];
    const missing = programIds.filter((id) => !lessons.has(id));
    if (missing.length > 0) {
      for (const id of missing) lessons.set(id, []);
      for (const lesson of await this.rows.lessons(missing)) lessons.get(lesson.programId)?.push(lesson);
    }
    const [accounts, settings, programs, completions] = await Promise.all([
      this.rows.accounts(userIds),
      this.rows.settings(userIds),
      this.rows.programs(programIds),
      this.rows.completions(userIds),
    ]);
    const completed = new Map<number, Set<number>>();
    for (const { userId, lessonId } of completions) {
      completed.set(userId, (completed.get(userId) ?? new Set()).add(lessonId));
    }
    return {
      accounts: new Map(accounts.map((row) => [row.id, row])),
      settings: new Map(settings.map((row) => [row.userId, row])),
      programs: new Map(programs.map((row) => [row.id, row])),
      lessons,
      completed,
    };
  }

  private async batch(
    clock: RunClock,
    due: DueSubscription[],
    lessons: Map<number, ReminderLesson[]>,
  ): Promise<number> {
    const loaded = await this.load(due, lessons);
    const next = new Map<number, Date | null>();
    const sent = new Map<number, string>();
    const mails: { userId: number; job: LessonReminderJob; dedupeKey: string }[] = [];
    const news: Omit<NotificationEntity, 'id' | 'createdAt' | 'updatedAt'>[] = [];
    const now = clock.now;
    for (const row of due) {
      const today = clock.today(row.timezone);
      const startDate = row.startDate ?? localDate(row.startedAt, row.timezone);
      const program = loaded.programs.get(row.programId);
      const day: LessonOfTheDay = program
        ? lessonOfTheDay({
            unlock: program.unlock,
            startDate,
            today,
            lessons: loaded.lessons.get(row.programId) ?? [],
            completed: loaded.completed.get(row.userId) ?? new Set(),
          })
        : { kind: 'programme-done' };
      const finished = row.activeFlag !== 1 || day.kind === 'programme-done';
      next.set(row.id, finished ? null : clock.nextReminderAt(startDate, row.reminderTime, row.timezone));
      const account = loaded.accounts.get(row.userId);
      if (day.kind !== 'lesson' || finished || !program || !account) continue;
      if (!this.mayMail(account, loaded.settings.get(row.userId), today) || sent.has(row.userId)) continue;
      sent.set(row.userId, today);
      mails.push({
        userId: account.id,
        job: {
          to: account.email,
          firstName: account.firstName,
          programName: program.name,
          programId: program.id,
          lessonNumber: day.lesson.number,
          lessonTitle: day.lesson.title,
          opensToday: day.opensToday,
          unsubscribeToken: unsubscribeToken(this.secret, account.id),
        },
        // One reminder a member and local day, whichever instance or run writes it first.
        dedupeKey: `lesson-reminder-${account.id}-${today}`,
      });
      if (day.opensToday) {
        news.push({
          userId: account.id,
          senderId: null,
          senderName: this.config.siteName,
          category: 'program',
          message: `Lesson ${day.lesson.number} is open today`,
          payload: JSON.stringify({ program_id: program.id, lesson_id: day.lesson.id }),
          readAt: null,
        });
      }
    }
    const withRow = new Set(loaded.settings.keys());
    const mailed = await this.rows.transaction(async (manager) => {
      await this.rows.reschedule(manager, now, next);
      await this.rows.recordReminders(manager, sent, withRow);
      const mailed = await this.outbox.addMany(
        manager,
        'mail.lesson-reminder',
        mails.map(({ job, dedupeKey }) => ({ payload: job, options: { dedupeKey } })),
      );
      if (news.length > 0) await manager.insert(NotificationEntity, news);
      return mailed;
    });
    for (const { userId, job } of mails)
      this.events.emit(DOMAIN_EVENTS.lessonReminded, reminderPush(userId, job));
    return mailed;
  }

  /** A verified account in use that wants reminder e-mails and had none today. */
  private mayMail(account: ReminderAccount, setting: ReminderSetting | undefined, today: string): boolean {
    if (account.blocked || account.deletedAt !== null || !account.isVerified) return false;
    if (setting && (!setting.reminderEmails || setting.lastReminderOn === today)) return false;
    return true;
  }
}

/** The reminder as a push message: the member's devices open the lesson player. */
function reminderPush(userId: number, job: LessonReminderJob): LessonRemindedEvent {
  return {
    userId,
    title: `Lesson ${job.lessonNumber} of ${job.programName}`,
    body: job.opensToday
      ? `"${job.lessonTitle}" is open today.`
      : `"${job.lessonTitle}" is waiting for you today.`,
    url: `/programLesson/${job.programId}`,
  };
}

/**
 * A run's calendar: the members' dates and next reminder times at the run's one `now`, each worked out once per
 * zone (and start date and time); luxon's zone arithmetic was a third of a run over 100,000 reminders.
 */
class RunClock {
  private readonly todays = new Map<string, string>();
  private readonly nexts = new Map<string, Date | null>();

  constructor(readonly now: Date) {}

  today(zone: string): string {
    let today = this.todays.get(zone);
    if (today === undefined) {
      today = localDate(this.now, zone);
      this.todays.set(zone, today);
    }
    return today;
  }

  nextReminderAt(startDate: string, reminderTime: string | null, zone: string): Date | null {
    // Dates before today give the same answer as today.
    const from = startDate > this.today(zone) ? startDate : this.today(zone);
    const key = `${zone} ${from} ${reminderTime}`;
    if (!this.nexts.has(key)) this.nexts.set(key, nextReminderAt(from, reminderTime, zone, this.now));
    return this.nexts.get(key) ?? null;
  }
}
