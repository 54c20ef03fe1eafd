import type { LessonResponse } from '@fitcoach/contracts';
import type { LessonEntity } from './lesson.entity.js';
import { formatLessonNumber } from './lesson-number.js';

/**
 * docs/product.md §3 Lesson. Without `content` (a caller who is not the owner, a superuser or a subscriber) the
 * video and the image stay null, so the shape is the same for every caller while what is paid for is not given away.
 */
export function toLessonResponse(lesson: LessonEntity, options: { content: boolean }): LessonResponse {
  const show = options.content;
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
  };
}
