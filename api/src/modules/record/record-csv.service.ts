import { Injectable, type StreamableFile } from '@nestjs/common';
import { MEASUREMENT_FIELDS, MEASUREMENT_UNITS, recordCsvFileName } from '@fitcoach/contracts';
import type { AuthContext } from '../../common/auth/auth.decorators.js';
import { csvFile } from '../../common/http/csv-file.js';
import { Clock } from '../../common/time/clock.js';
import { formatLessonNumber } from '../lessons/lesson-number.js';
import { MeasurementsService } from './measurements.service.js';
import { toMeasurementResponse } from './record.mapper.js';
import type { WorkoutLogEntity } from './workout-log.entity.js';
import { WorkoutLogsRepository } from './workout-logs.repository.js';

const LOG_COLUMNS = [
  'performed_on',
  'programme',
  'lesson',
  'lesson_title',
  'exercise',
  'set',
  'reps',
  'weight_kg',
  'duration_seconds',
  'effort',
  'note',
] as const;

/** One row per set, the log's own fields repeated so that a spreadsheet can filter and sum by any column. */
async function* logRows(batches: AsyncIterable<WorkoutLogEntity[]>): AsyncGenerator<unknown[]> {
  for await (const logs of batches) {
    for (const log of logs) {
      const lesson =
        log.programId === null ? log.lessonNumber : formatLessonNumber(log.programId, log.lessonNumber);
      const head = [log.performedOn, log.program?.name ?? null, lesson, log.lessonTitle];
      const tail = [log.effort, log.note];
      if (log.exercises.length === 0) yield [...head, null, null, null, null, null, ...tail];
      for (const exercise of log.exercises) {
        for (const [index, set] of exercise.sets.entries()) {
          yield [...head, exercise.name, index + 1, set.reps, set.weight_kg, set.duration_seconds, ...tail];
        }
      }
    }
  }
}

/** The member's record as spreadsheets (docs/product.md §2.15): their workouts set by set, their measurements. */
@Injectable()
export class RecordCsvService {
  constructor(
    private readonly logs: WorkoutLogsRepository,
    private readonly measurements: MeasurementsService,
    private readonly clock: Clock,
  ) {}

  workouts(auth: AuthContext): StreamableFile {
    return csvFile(
      recordCsvFileName('workouts', this.clock.now()),
      LOG_COLUMNS,
      logRows(this.logs.allOf(auth.user.id)),
    );
  }

  measurementsOf(auth: AuthContext): StreamableFile {
    const columns = ['measured_on', ...MEASUREMENT_FIELDS.map((field) => `${field}_${unitName(field)}`)];
    return csvFile(
      recordCsvFileName('measurements', this.clock.now()),
      columns,
      this.measurementRows(auth.user.id),
    );
  }

  /** A member measures once a day at most: ten years are a few thousand rows, read at once. */
  private async *measurementRows(userId: number): AsyncGenerator<unknown[]> {
    for (const measurement of (await this.measurements.of(userId)).map(toMeasurementResponse)) {
      yield [measurement.measured_on, ...MEASUREMENT_FIELDS.map((field) => measurement[field])];
    }
  }
}

function unitName(field: (typeof MEASUREMENT_FIELDS)[number]): string {
  const unit = MEASUREMENT_UNITS[field];
  return unit === '%' ? 'percent' : unit;
}
