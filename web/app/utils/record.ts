import { PHOTO_POSES, type PhotoPose, type ProgressPhotoResponse } from '@fitcoach/contracts';

// The training record page's form intents and page size (docs/product.md §2.15), shared by its page and action.

export const RECORD_LOGS_PAGE_SIZE = 20;

export const RECORD_INTENTS = {
  measure: 'measure',
  unmeasure: 'delete-measurement',
  photo: 'photo',
  unphoto: 'delete-photo',
  share: 'share',
} as const;

/** Two photos of one pose side by side; `after` is null while the pose has a single photo. */
export interface PhotoComparison {
  pose: PhotoPose;
  /** The poses that have photos, for the form that picks another. */
  poses: PhotoPose[];
  /** The pose's days, oldest first. */
  dates: string[];
  before: ProgressPhotoResponse;
  after: ProgressPhotoResponse | null;
}

/**
 * What the address asks to compare (`?pose=&before=&after=`), each part falling back to a sensible choice: the pose
 * with the most photos, its first day and its latest. Null without photos.
 */
export function photoComparison(
  photos: readonly ProgressPhotoResponse[],
  params: URLSearchParams,
): PhotoComparison | null {
  const ofPose = (pose: PhotoPose) =>
    photos.filter((photo) => photo.pose === pose).sort((a, b) => a.taken_on.localeCompare(b.taken_on));
  const poses = PHOTO_POSES.filter((pose) => ofPose(pose).length > 0);
  if (poses.length === 0) return null;
  const asked = poses.find((pose) => pose === params.get('pose'));
  const pose =
    asked ?? poses.reduce((most, pose) => (ofPose(pose).length > ofPose(most).length ? pose : most));
  const shown = ofPose(pose);
  const on = (date: string | null) => shown.find((photo) => photo.taken_on === date);
  const before = on(params.get('before')) ?? shown[0]!;
  const after = on(params.get('after')) ?? shown.at(-1)!;
  return {
    pose,
    poses,
    dates: shown.map((photo) => photo.taken_on),
    before,
    after: after === before && shown.length === 1 ? null : after,
  };
}

/** Photos grouped by day, newest day first, in the order given within a day. */
export function photosByDay(
  photos: readonly ProgressPhotoResponse[],
): { date: string; photos: ProgressPhotoResponse[] }[] {
  const days = new Map<string, ProgressPhotoResponse[]>();
  for (const photo of photos) days.set(photo.taken_on, [...(days.get(photo.taken_on) ?? []), photo]);
  return [...days].sort(([a], [b]) => b.localeCompare(a)).map(([date, photos]) => ({ date, photos }));
}

/** How far back the measurements reach on a record page: a year unless the address (`?range=`) asks otherwise. */
export const RECORD_RANGES = {
  '3m': { label: '3 months', days: 91 },
  '1y': { label: '1 year', days: 365 },
  all: { label: 'All', days: null },
} as const;
export type RecordRange = keyof typeof RECORD_RANGES;
const DEFAULT_RANGE: RecordRange = '1y';

export function recordRange(params: URLSearchParams): RecordRange {
  const asked = params.get('range');
  return asked !== null && asked in RECORD_RANGES ? (asked as RecordRange) : DEFAULT_RANGE;
}

/** The first day of `range` up to `today` (`YYYY-MM-DD`); undefined for all of it. */
export function rangeFrom(range: RecordRange, today: string): string | undefined {
  const { days } = RECORD_RANGES[range];
  if (days === null) return undefined;
  return new Date(Date.parse(`${today}T00:00:00Z`) - days * 86_400_000).toISOString().slice(0, 10);
}
