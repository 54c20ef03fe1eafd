import { ForbiddenException, Injectable, NotFoundException, type StreamableFile } from '@nestjs/common';
import { InjectDataSource } from '@nestjs/typeorm';
import { DataSource } from 'typeorm';
import {
  fullName,
  INSIGHTS_LIMITS,
  INSIGHTS_MESSAGES,
  type InsightsQueryDto,
  type ProgramInsights,
  type TrainerInsightsResponse,
} from '@fitcoach/contracts';
import type { AuthContext } from '../../common/auth/auth.decorators.js';
import { fieldError } from '../../common/errors/validation.js';
import { csvFile } from '../../common/http/csv-file.js';
import { Clock } from '../../common/time/clock.js';
import { addDays, daysBetween, isLocalDate } from '../../common/time/local-time.js';
import { TrainerEntity } from '../trainers/trainer.entity.js';
import {
  daysOf,
  finishes,
  median,
  programMoney,
  quietOnes,
  revenueByCurrency,
  toInactiveSubscriber,
} from './insights.figures.js';
import { InsightsRepository } from './insights.repository.js';

interface Range {
  from: string;
  to: string;
  start: Date;
  end: Date;
}

const DAY_MS = 24 * 60 * 60 * 1000;

const REVENUE_COLUMNS = ['date', 'currency', 'completed', 'refunded', 'net'] as const;
const PROGRAM_COLUMNS = [
  'programme',
  'published',
  'currency',
  'completed',
  'refunded',
  'net',
  'new_subscribers',
  'active_subscribers',
  'refunds',
  'finished',
  'median_days_to_finish',
] as const;

/** A trainer's own business at a glance (docs/product.md §2.16): theirs only, or any trainer's for superusers. */
@Injectable()
export class InsightsService {
  constructor(
    private readonly insights: InsightsRepository,
    private readonly clock: Clock,
    @InjectDataSource() private readonly dataSource: DataSource,
  ) {}

  async mine(auth: AuthContext, query: InsightsQueryDto): Promise<TrainerInsightsResponse> {
    return this.figures(await this.ownTrainer(auth), this.range(query));
  }

  async ofTrainer(
    auth: AuthContext,
    trainerId: number,
    query: InsightsQueryDto,
  ): Promise<TrainerInsightsResponse> {
    const trainer = await this.dataSource.getRepository(TrainerEntity).findOneBy({ id: trainerId });
    if (!trainer) throw new NotFoundException(INSIGHTS_MESSAGES.trainerNotFound);
    if (trainer.userId !== auth.user.id && !auth.user.isSuperuser) {
      throw new ForbiddenException(INSIGHTS_MESSAGES.notYours);
    }
    return this.figures(trainer.id, this.range(query));
  }

  /** The money of each day and currency of the range, as a spreadsheet. */
  async revenueCsv(auth: AuthContext, query: InsightsQueryDto): Promise<StreamableFile> {
    const range = this.range(query);
    const { revenue } = await this.figures(await this.ownTrainer(auth), range);
    const rows = revenue.flatMap(({ currency, days }) =>
      days.map((day) => [day.date, currency, day.completed, day.refunded, day.net]),
    );
    return csvFile(`fitcoach-revenue-${range.from}-${range.to}.csv`, REVENUE_COLUMNS, fromArray(rows));
  }

  /** Each programme's figures of the range as a spreadsheet, a row per currency it was paid in (one without). */
  async programsCsv(auth: AuthContext, query: InsightsQueryDto): Promise<StreamableFile> {
    const range = this.range(query);
    const { programs } = await this.figures(await this.ownTrainer(auth), range);
    const rows = programs.flatMap((program) => {
      const counts = [
        program.new_subscribers,
        program.active_subscribers,
        program.refunds,
        program.finished,
        program.median_days_to_finish,
      ];
      const head = [program.program_name, program.is_published ? 'yes' : 'no'];
      if (program.revenue.length === 0) return [[...head, null, 0, 0, 0, ...counts]];
      return program.revenue.map((money) => [
        ...head,
        money.currency,
        money.completed,
        money.refunded,
        money.net,
        ...counts,
      ]);
    });
    return csvFile(`fitcoach-programmes-${range.from}-${range.to}.csv`, PROGRAM_COLUMNS, fromArray(rows));
  }

  private async ownTrainer(auth: AuthContext): Promise<number> {
    const trainer = await this.dataSource
      .getRepository(TrainerEntity)
      .findOne({ select: { id: true }, where: { userId: auth.user.id } });
    if (!trainer) throw new ForbiddenException(INSIGHTS_MESSAGES.notTrainer);
    return trainer.id;
  }

  /** UTC days, both included; the last 30 days up to `to` (today by default) without `from`. */
  private range(query: InsightsQueryDto): Range {
    for (const field of ['from', 'to'] as const) {
      const value = query[field];
      if (value === undefined) continue;
      if (!isLocalDate(value)) throw fieldError(field, INSIGHTS_MESSAGES.date(field));
      if (value < INSIGHTS_LIMITS.earliest || value > INSIGHTS_LIMITS.latest) {
        throw fieldError(field, INSIGHTS_MESSAGES.outOfBounds(field));
      }
    }
    const to = query.to ?? this.clock.now().toISOString().slice(0, 10);
    const from =
      query.from ?? maxDate(addDays(to, 1 - INSIGHTS_LIMITS.defaultDays), INSIGHTS_LIMITS.earliest);
    if (daysBetween(from, to) < 0) throw fieldError('from', INSIGHTS_MESSAGES.order);
    if (daysBetween(from, to) + 1 > INSIGHTS_LIMITS.maxDays)
      throw fieldError('to', INSIGHTS_MESSAGES.tooLong);
    return { from, to, start: new Date(`${from}T00:00:00Z`), end: new Date(`${addDays(to, 1)}T00:00:00Z`) };
  }

  private async figures(trainerId: number, range: Range): Promise<TrainerInsightsResponse> {
    const { from, to, start, end } = range;
    const days = daysOf(from, to);
    const programs = await this.insights.programsOf(trainerId);
    const ids = programs.map((program) => program.id);
    if (ids.length === 0) {
      return {
        trainer: trainerId,
        from,
        to,
        revenue: [],
        new_subscribers: 0,
        active_subscribers: 0,
        refunds: 0,
        programs: [],
        inactive: { count: 0, results: [] },
      };
    }
    const now = this.clock.now();
    const quietFrom = new Date(now.getTime() - INSIGHTS_LIMITS.inactiveDays * DAY_MS);
    const [paid, refunded, started, active, quietCandidates, finished, funnel] = await Promise.all([
      this.insights.paid(ids, start, end),
      this.insights.refunded(ids, start, end),
      this.insights.started(ids, start, end),
      this.insights.activeMembers(ids),
      this.insights.quietSince(ids, quietFrom),
      this.insights.finished(ids, start, end),
      this.insights.funnel(ids),
    ]);
    const finishDays = finishes(finished);
    const count = <T>(rows: T[], programId: number, of: (row: T) => number) =>
      rows.filter((row) => of(row) === programId).length;
    const perProgram: ProgramInsights[] = programs.map((program) => ({
      id: program.id,
      program_name: program.name,
      is_published: program.isPublished,
      revenue: programMoney(program.id, paid, refunded),
      new_subscribers: count(started, program.id, (id) => id),
      active_subscribers: count(active, program.id, (row) => row.programId),
      refunds: count(refunded, program.id, (row) => row.programId),
      finished: finishDays.get(program.id)?.length ?? 0,
      median_days_to_finish: median(finishDays.get(program.id) ?? []),
      funnel: funnel
        .filter((step) => step.programId === program.id)
        .map(({ number, title, members }) => ({ number, title, members })),
    }));
    const quiet = quietOnes(quietCandidates, now);
    const listed = quiet.slice(0, INSIGHTS_LIMITS.inactiveListed);
    const names = new Map(
      (await this.insights.namesOf([...new Set(listed.map((q) => q.subscription.userId))])).map((user) => [
        user.id,
        fullName(user.firstName, user.lastName),
      ]),
    );
    const programNames = new Map(programs.map((program) => [program.id, program.name]));
    return {
      trainer: trainerId,
      from,
      to,
      revenue: revenueByCurrency(days, paid, refunded),
      new_subscribers: started.length,
      active_subscribers: new Set(active.map((row) => row.userId)).size,
      refunds: refunded.length,
      programs: perProgram,
      inactive: {
        count: quiet.length,
        results: listed.map((q) =>
          toInactiveSubscriber(
            q,
            names.get(q.subscription.userId) ?? '',
            programNames.get(q.subscription.programId) ?? '',
          ),
        ),
      },
    };
  }
}

const maxDate = (a: string, b: string) => (a > b ? a : b);

async function* fromArray(rows: unknown[][]): AsyncGenerator<unknown[]> {
  yield* rows;
}
