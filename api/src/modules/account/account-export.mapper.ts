import {
  ACCOUNT_EXPORT_FORMAT,
  type AccountExport,
  type ExportedProgramRef,
  fromMinorUnits,
  fullName,
} from '@fitcoach/contracts';
import { toTrainerDetails } from '../trainers/trainers.mapper.js';
import type { UserEntity } from '../users/user.entity.js';
import {
  toMeasurementResponse,
  toProgressPhotoResponse,
  toWorkoutLogResponse,
} from '../record/record.mapper.js';
import type { AccountRows } from './account-data.repository.js';

const iso = (date: Date | null) => (date === null ? null : date.toISOString());

function parsed(payload: string | null): Record<string, unknown> | null {
  if (payload === null) return null;
  try {
    return JSON.parse(payload) as Record<string, unknown>;
  } catch {
    return null;
  }
}

/** Each field named as the API names it elsewhere; no hash or verification link is ever read into it. */
export function toAccountExport(rows: AccountRows, now: Date): AccountExport {
  const { user, profile, trainer } = rows;
  const program = (id: number): ExportedProgramRef => ({ id, name: rows.programNames.get(id) ?? '' });
  const nameOf = (person: UserEntity | undefined) =>
    person ? fullName(person.firstName, person.lastName) : '';
  return {
    format: ACCOUNT_EXPORT_FORMAT,
    exported_at: now.toISOString(),
    account: {
      id: user.id,
      first_name: user.firstName,
      last_name: user.lastName,
      email: user.email,
      pending_email: user.pendingEmail,
      profile_picture: user.profilePicture,
      is_verified: user.isVerified,
      is_trainer: user.isTrainer,
      is_superuser: user.isSuperuser,
      blocked: user.blocked,
      created_at: user.createdAt.toISOString(),
      updated_at: user.updatedAt.toISOString(),
    },
    profile: profile && {
      height: profile.height,
      weight: profile.weight,
      body_fat: profile.bodyFat,
      age: profile.age,
      phone: profile.phone,
    },
    trainer: trainer && {
      id: trainer.id,
      ...toTrainerDetails(trainer),
      phone: trainer.phone,
      profile_picture: trainer.profilePicture,
      created_at: trainer.createdAt.toISOString(),
      programs: rows.programs.map((row) => ({
        id: row.id,
        name: row.name,
        description: row.description,
        duration_days: row.durationDays,
        price: fromMinorUnits(row.priceMinor, row.currency),
        currency: row.currency,
        category: row.category,
        level: row.level,
        cover_image: row.coverImage,
        is_published: row.isPublished,
        created_at: row.createdAt.toISOString(),
      })),
    },
    subscriptions: rows.subscriptions.map((row) => ({
      id: row.id,
      program: program(row.programId),
      status: row.status,
      payment_id: row.paymentId,
      started_at: row.startedAt.toISOString(),
      ended_at: iso(row.endedAt),
    })),
    payments: rows.payments.map((row) => ({
      id: row.id,
      program: program(row.programId),
      provider: row.provider,
      order_id: row.orderId,
      capture_id: row.captureId,
      amount: fromMinorUnits(row.amountMinor, row.currency),
      currency: row.currency,
      status: row.status,
      payer_name: row.payerName,
      created_at: row.createdAt.toISOString(),
      completed_at: iso(row.completedAt),
      refunded_at: iso(row.refundedAt),
    })),
    progress: rows.completions.map((row) => ({
      program: program(row.lesson?.programId ?? 0),
      lesson: { id: row.lessonId, number: row.lesson?.number ?? 0, title: row.lesson?.title ?? '' },
      completed_at: row.completedAt.toISOString(),
    })),
    messages: rows.messages.map((row) => {
      const sent = row.senderId === user.id;
      return {
        id: row.id,
        direction: sent ? 'sent' : 'received',
        with: sent
          ? { id: row.recipientId, name: nameOf(row.recipient) }
          : { id: row.senderId, name: nameOf(row.sender) },
        type: row.type,
        text: row.text,
        image: row.image,
        forwarded: row.forwarded,
        deleted: row.deletedAt !== null,
        read_at: iso(row.readAt),
        created_at: row.createdAt.toISOString(),
      };
    }),
    notifications: rows.notifications.map((row) => ({
      id: row.id,
      category: row.category,
      sender: row.senderName,
      message: row.message,
      payload: parsed(row.payload),
      read_at: iso(row.readAt),
      created_at: row.createdAt.toISOString(),
    })),
    workout_logs: rows.workoutLogs.map((row) => {
      const { comments: _comments, ...log } = toWorkoutLogResponse(row);
      return log;
    }),
    measurements: rows.measurements.map(toMeasurementResponse),
    progress_photos: rows.photos.map(toProgressPhotoResponse),
    reviews: rows.reviews.map((row) => ({
      id: row.id,
      program: { id: row.programId, name: row.program?.name ?? '' },
      stars: row.stars,
      title: row.title,
      text: row.text,
      answer: row.answer,
      hidden: row.hidden,
      created_at: row.createdAt.toISOString(),
      updated_at: row.updatedAt.toISOString(),
    })),
    record_sharing: rows.shares.map((row) => ({
      trainer_id: row.trainerId,
      logs: row.logs,
      measurements: row.measurements,
      photos: row.photos,
    })),
  };
}
