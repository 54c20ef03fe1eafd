import { BadRequestException, Injectable, NotFoundException } from '@nestjs/common';
import { InjectDataSource, InjectRepository } from '@nestjs/typeorm';
import { Between, DataSource, LessThanOrEqual, MoreThanOrEqual, type Repository } from 'typeorm';
import {
  type MeasurementDto,
  type MeasurementResponse,
  type MeasurementsQueryDto,
  RECORD_MESSAGES,
} from '@fitcoach/contracts';
import type { AuthContext } from '../../common/auth/auth.decorators.js';
import { fieldError } from '../../common/errors/validation.js';
import { Clock } from '../../common/time/clock.js';
import { isLocalDate } from '../../common/time/local-time.js';
import { SubscriptionsRepository } from '../subscriptions/subscriptions.repository.js';
import { BodyMeasurementEntity } from './body-measurement.entity.js';
import { type MeasurementValues, syncProfile, writeMeasurement } from './body-measurements.store.js';
import { toMeasurementResponse } from './record.mapper.js';
import { recordDate } from './record-dates.js';

/** A member's body measurements over time (ADR 061); the latest are the profile's weight and body fat. */
@Injectable()
export class MeasurementsService {
  constructor(
    @InjectRepository(BodyMeasurementEntity) private readonly measurements: Repository<BodyMeasurementEntity>,
    @InjectDataSource() private readonly dataSource: DataSource,
    private readonly subscriptions: SubscriptionsRepository,
    private readonly clock: Clock,
  ) {}

  /** Writes the day's values (merged into that day's entry when there is one): `created` when the day is new. */
  async write(
    auth: AuthContext,
    dto: MeasurementDto,
  ): Promise<{ created: boolean; body: MeasurementResponse }> {
    const values = this.values(dto);
    if (Object.keys(values).length === 0)
      throw new BadRequestException({ message: RECORD_MESSAGES.measurementEmpty });
    const zone = await this.subscriptions.latestTimezone(auth.user.id);
    const measuredOn = recordDate('measured_on', dto.measured_on, this.clock.now(), zone);
    const { measurement, created } = await this.dataSource.transaction((manager) =>
      writeMeasurement(manager, auth.user.id, measuredOn, values),
    );
    return { created, body: toMeasurementResponse(measurement) };
  }

  /** The caller's measurements from `from` to `to` (inclusive, each optional), oldest first. */
  async list(auth: AuthContext, query: MeasurementsQueryDto): Promise<MeasurementResponse[]> {
    return (await this.of(auth.user.id, query)).map(toMeasurementResponse);
  }

  /** A member's measurements in a range, oldest first. */
  of(userId: number, { from, to }: { from?: string; to?: string } = {}): Promise<BodyMeasurementEntity[]> {
    for (const [field, value] of [
      ['from', from],
      ['to', to],
    ] as const) {
      if (value !== undefined && !isLocalDate(value)) throw fieldError(field, RECORD_MESSAGES.date(field));
    }
    const measuredOn =
      from !== undefined && to !== undefined
        ? Between(from, to)
        : from !== undefined
          ? MoreThanOrEqual(from)
          : to !== undefined
            ? LessThanOrEqual(to)
            : undefined;
    return this.measurements.find({
      where: { userId, ...(measuredOn ? { measuredOn } : {}) },
      order: { measuredOn: 'ASC' },
    });
  }

  /** Deletes one of the caller's measurements; anyone else's is unknown (404). */
  async remove(auth: AuthContext, id: number): Promise<void> {
    await this.dataSource.transaction(async (manager) => {
      const deleted = await manager.delete(BodyMeasurementEntity, { id, userId: auth.user.id });
      if (!deleted.affected) throw new NotFoundException(RECORD_MESSAGES.measurementNotFound);
      await syncProfile(manager, auth.user.id);
    });
  }

  private values(dto: MeasurementDto): MeasurementValues {
    const given: MeasurementValues = {
      weight: dto.weight,
      bodyFat: dto.body_fat,
      waist: dto.waist,
      hips: dto.hips,
      chest: dto.chest,
      arm: dto.arm,
      thigh: dto.thigh,
    };
    return Object.fromEntries(
      Object.entries(given).filter(([, value]) => value !== undefined && value !== null),
    ) as MeasurementValues;
  }
}
