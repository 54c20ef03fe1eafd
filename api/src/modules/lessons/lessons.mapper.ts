import type { LessonResponse } from '@fitcoach/contracts';
import type { LessonEntity } from './lesson.entity.js';
import { formatLessonNumber } from './lesson-number.js';

/**
 * docs/product.md §3 Lesson. Without `access` (a caller who is not the owner, a superuser or a subscriber), or while
 * the lesson is locked (`unlocksAt`, a subscriber's lesson of a daily programme before its day), the video and the
 * image stay null, so the shape is the same for every caller while what is paid for is not given away.
 */
export function toLessonResponse(
  lesson: LessonEntity,
  access: { unlocksAt: Date | null } | null,
): LessonResponse {
  const unlocksAt = access?.unlocksAt ?? null;
  const show = access !== null && unlocksAt === null;
  return {
    id: lesson.id,
    program: lesson.programId,
    lesson_number: formatLessonNumber(lesson.programId, lesson.number),
    number: lesson.number,
    title: lesson.title,
    description: lesson.description,
    video_url: show ? lesson.videoUrl : null,
    video_id: show ? lesson.videoId : null,
    image: show ? lesson.image : null,
    unlocks_at: unlocksAt?.toISOString() ?? null,
  };
}
