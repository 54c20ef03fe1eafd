import { Module } from '@nestjs/common';
import { TypeOrmModule } from '@nestjs/typeorm';
import { AccessModule } from '../access/access.module.js';
import { BodyMeasurementEntity } from './body-measurement.entity.js';
import { ProgressPhotoEntity } from './progress-photo.entity.js';
import { RecordShareEntity } from './record-share.entity.js';
import { WorkoutLogEntity } from './workout-log.entity.js';

/**
 * The training record (docs/product.md): workout logs, body measurements and progress photos, private to their
 * member and shared, part by part, with the trainers they follow.
 */
@Module({
  imports: [
    TypeOrmModule.forFeature([
      WorkoutLogEntity,
      BodyMeasurementEntity,
      ProgressPhotoEntity,
      RecordShareEntity,
    ]),
    AccessModule,
  ],
  controllers: [],
  providers: [],
  exports: [],
})
export class RecordModule {}
