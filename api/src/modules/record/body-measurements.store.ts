import type { EntityManager } from 'typeorm';
import { ProfileEntity } from '../users/profile.entity.js';
import { BodyMeasurementEntity } from './body-measurement.entity.js';

export type MeasurementValues = Partial<
  Pick<BodyMeasurementEntity, 'weight' | 'bodyFat' | 'waist' | 'hips' | 'chest' | 'arm' | 'thigh'>
>;

/**
 * Writes the values given for a member's day into that day's measurement, creating it when there is none, and
 * keeps the profile's weight and body fat equal to the latest measured ones (ADR 061). Runs in the caller's
 * transaction; `created` tells whether the day was new.
 */
export async function writeMeasurement(
  manager: EntityManager,
  userId: number,
  measuredOn: string,
  values: MeasurementValues,
): Promise<{ measurement: BodyMeasurementEntity; created: boolean }> {
  const repository = manager.getRepository(BodyMeasurementEntity);
  const existing = await repository.findOneBy({ userId, measuredOn });
  const measurement = existing
    ? repository.merge(existing, values)
    : repository.create({
        userId,
        measuredOn,
        weight: null,
        bodyFat: null,
        waist: null,
        hips: null,
        chest: null,
        arm: null,
        thigh: null,
        ...values,
      });
  const saved = await repository.save(measurement);
  await syncProfile(manager, userId);
  return { measurement: saved, created: !existing };
}

/** The profile's weight and body fat: the latest measurement that has each, or null. */
export async function syncProfile(manager: EntityManager, userId: number): Promise<void> {
  const latest = async (field: 'weight' | 'bodyFat') => {
    const row = await manager
      .createQueryBuilder(BodyMeasurementEntity, 'measurement')
      .select(`measurement.${field}`, 'value')
      .where('measurement.userId = :userId', { userId })
      .andWhere(`measurement.${field} IS NOT NULL`)
      .orderBy('measurement.measuredOn', 'DESC')
      .limit(1)
      .getRawOne<{ value: number }>();
    return row ? Number(row.value) : null;
  };
  const [weight, bodyFat] = [await latest('weight'), await latest('bodyFat')];
  await manager.update(ProfileEntity, { userId }, { weight, bodyFat });
}
