import type { MeasurementResponse, ProgressPhotoResponse, WorkoutLogResponse } from './record.js';
import type { NotificationCategory, ChatMessageType } from './chat.js';
import type { TrainerDetails } from './dto/catalogue.dto.js';
import type { PaymentProvider, PaymentStatus, SubscriptionStatus } from './subscriptions.js';

// docs/product.md §2.9 Your data: dates are ISO-8601 UTC; amounts are in major units with their currency.

/** The version of the export's shape, so a reader can tell one file from a later one. */
export const ACCOUNT_EXPORT_FORMAT = 1;

/** The export's file name: "fitcoach-export-2026-11-28.json", the day (UTC) it was made. */
export function accountExportFileName(date: Date): string {
  return `fitcoach-export-${date.toISOString().slice(0, 10)}.json`;
}

export interface ExportedProgramRef {
  id: number;
  name: string;
}

export interface ExportedTrainerProgram {
  id: number;
  name: string;
  description: string;
  duration_days: number;
  price: number;
  currency: string;
  category: string;
  level: string;
  cover_image: string | null;
  is_published: boolean;
  created_at: string;
}

/** `GET /api/users/me/export/`: never a password, token or other secret. */
export interface AccountExport {
  format: typeof ACCOUNT_EXPORT_FORMAT;
  exported_at: string;
  account: {
    id: number;
    first_name: string;
    last_name: string;
    email: string;
    pending_email: string | null;
    profile_picture: string | null;
    is_verified: boolean;
    is_trainer: boolean;
    is_superuser: boolean;
    blocked: boolean;
    created_at: string;
    updated_at: string;
  };
  profile: {
    height: number | null;
    weight: number | null;
    body_fat: number | null;
    age: number | null;
    phone: string | null;
  } | null;
  trainer:
    | (TrainerDetails & {
        id: number;
        phone: string;
        profile_picture: string | null;
        created_at: string;
        programs: ExportedTrainerProgram[];
      })
    | null;
  subscriptions: {
    id: number;
    program: ExportedProgramRef;
    status: SubscriptionStatus;
    payment_id: number;
    started_at: string;
    ended_at: string | null;
  }[];
  payments: {
    id: number;
    program: ExportedProgramRef;
    provider: PaymentProvider;
    order_id: string;
    capture_id: string | null;
    amount: number;
    currency: string;
    status: PaymentStatus;
    payer_name: string | null;
    created_at: string;
    completed_at: string | null;
    refunded_at: string | null;
  }[];
  progress: {
    program: ExportedProgramRef;
    lesson: { id: number; number: number; title: string };
    completed_at: string;
  }[];
  messages: {
    id: number;
    direction: 'sent' | 'received';
    with: { id: number; name: string };
    type: ChatMessageType;
    text: string | null;
    image: string | null;
    forwarded: boolean;
    deleted: boolean;
    read_at: string | null;
    created_at: string;
  }[];
  notifications: {
    id: number;
    category: NotificationCategory;
    sender: string;
    message: string;
    payload: Record<string, unknown> | null;
    read_at: string | null;
    created_at: string;
  }[];
  /** The training record: the member's workout logs (their trainers' comments are in `messages`). */
  workout_logs: Omit<WorkoutLogResponse, 'comments'>[];
  measurements: MeasurementResponse[];
  /** The photos' details; each `url` gives the image while the account exists. */
  progress_photos: ProgressPhotoResponse[];
  /** The member's reviews of programmes, with their trainers' answers; `hidden` when a superuser hid one. */
  reviews: {
    id: number;
    program: ExportedProgramRef;
    stars: number;
    title: string;
    text: string;
    answer: string | null;
    hidden: boolean;
    created_at: string;
    updated_at: string;
  }[];
  /** What the member shares with each trainer, where they chose (the defaults hold for the others). */
  record_sharing: { trainer_id: number; logs: boolean; measurements: boolean; photos: boolean }[];
}

/** A deleted account's stand-ins: its address is under `.invalid` (RFC 2606), which no mail reaches, unique by id. */
export const DELETED_ACCOUNT = {
  firstName: 'Deleted',
  lastName: 'account',
  email: (id: number) => `deleted-${id}@deleted.invalid`,
} as const;
