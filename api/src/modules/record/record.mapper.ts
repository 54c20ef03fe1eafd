import {
  fullName,
  type MeasurementResponse,
  type ProgressPhotoResponse,
  type WorkoutLogComment,
  type WorkoutLogResponse,
} from '@fitcoach/contracts';
import type { ChatMessageEntity } from '../chat/chat-message.entity.js';
import { formatLessonNumber } from '../lessons/lesson-number.js';
import type { BodyMeasurementEntity } from './body-measurement.entity.js';
import type { ProgressPhotoEntity } from './progress-photo.entity.js';
import type { WorkoutLogEntity } from './workout-log.entity.js';

/** Where a progress photo's image is served, to its owner and the trainers they share photos with. */
export function progressPhotoUrl(photo: Pick<ProgressPhotoEntity, 'id' | 'updatedAt'>): string {
  return `/api/users/photos/${photo.id}/image/?v=${photo.updatedAt.getTime()}`;
}

/** A trainer's comment on a log: the chat message, loaded with its sender. */
export function toWorkoutLogComment(message: ChatMessageEntity): WorkoutLogComment {
  const { sender } = message;
  if (!sender) throw new Error(`Chat message ${message.id} was loaded without its sender`);
  return {
    id: message.id,
    text: message.text ?? '',
    sender: { id: sender.id, name: fullName(sender.firstName, sender.lastName) },
    created_at: message.createdAt.toISOString(),
  };
}

/** A log as its member and the trainers they share logs with see it; the programme loaded when it still exists. */
export function toWorkoutLogResponse(
  log: WorkoutLogEntity,
  comments: ChatMessageEntity[] = [],
): WorkoutLogResponse {
  return {
    id: log.id,
    lesson_number:
      log.programId === null ? String(log.lessonNumber) : formatLessonNumber(log.programId, log.lessonNumber),
    lesson_title: log.lessonTitle,
    program: log.program ? { id: log.program.id, name: log.program.name } : null,
    lesson_id: log.lessonId,
    performed_on: log.performedOn,
    effort: log.effort,
    note: log.note,
    exercises: log.exercises,
    set_count: log.setCount,
    volume_kg: log.volumeKg,
    comments: comments.map(toWorkoutLogComment),
    created_at: log.createdAt.toISOString(),
    updated_at: log.updatedAt.toISOString(),
  };
}

export function toMeasurementResponse(measurement: BodyMeasurementEntity): MeasurementResponse {
  return {
    id: measurement.id,
    measured_on: measurement.measuredOn,
    weight: measurement.weight,
    body_fat: measurement.bodyFat,
    waist: measurement.waist,
    hips: measurement.hips,
    chest: measurement.chest,
    arm: measurement.arm,
    thigh: measurement.thigh,
    created_at: measurement.createdAt.toISOString(),
  };
}

export function toProgressPhotoResponse(photo: ProgressPhotoEntity): ProgressPhotoResponse {
  return {
    id: photo.id,
    taken_on: photo.takenOn,
    pose: photo.pose,
    url: progressPhotoUrl(photo),
    width: photo.width,
    height: photo.height,
    created_at: photo.createdAt.toISOString(),
  };
}
