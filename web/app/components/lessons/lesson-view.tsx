import { type LessonResponse, youtubeStartSeconds } from '@fitcoach/contracts';
import { Badge } from '@mantine/core';
import { Form, Link } from '@remix-run/react';
import { SubmitButton } from '~/components/forms/form-actions';
import { UrlDialog } from '~/components/layout/url-dialog';
import ui from '~/components/ui/ui.module.css';
import {
  LESSON_INTENTS,
  type LessonChoice,
  LESSONS_END,
  lessonSearch,
  youtubeEmbedUrl,
} from '~/utils/lessons';
import { MESSAGES } from '~/utils/messages';
import classes from './lessons.module.css';
import { IMAGE_SIZES, imageSources } from '~/utils/media';

interface LessonViewProps {
  lesson: LessonResponse;
  previous: LessonResponse | null;
  next: LessonResponse | null;
  /** Null in a preview: no marking, and "next" is a plain link. */
  member: { completed: boolean } | null;
  confirming: boolean;
}

function LessonFields({ intent, lesson }: { intent: string; lesson: number }) {
  return (
    <>
      <input type="hidden" name="intent" value={intent} />
      <input type="hidden" name="lesson" value={lesson} />
    </>
  );
}

/** docs/product.md §2: "Next Lesson ->" asks first, via `?confirm=next` so that it works without JavaScript. */
function ConfirmNext({
  lesson,
  next,
  opened,
}: {
  lesson: LessonResponse;
  next: LessonChoice;
  opened: boolean;
}) {
  const stay = lessonSearch(lesson.number);
  return (
    <UrlDialog opened={opened} title={MESSAGES.confirmNextLesson} closeTo={stay}>
      <div className={ui.group}>
        <Link to={stay} className={`${ui.button} ${ui.default}`} preventScrollReset>
          {MESSAGES.continueLesson}
        </Link>
        <Form method="post">
          <LessonFields intent={LESSON_INTENTS.next} lesson={lesson.number} />
          <input type="hidden" name="next" value={next} />
          <SubmitButton>{MESSAGES.markAndContinue}</SubmitButton>
        </Form>
      </div>
    </UrlDialog>
  );
}

function NextControl({ lesson, next, member }: Pick<LessonViewProps, 'lesson' | 'next' | 'member'>) {
  // A member moves on from the last lesson to the congratulations; a preview simply ends there.
  const target: LessonChoice | null = next ? next.number : member ? LESSONS_END : null;
  if (target === null) return null;
  const confirm = member !== null && !member.completed;
  return (
    <Link
      to={lessonSearch(confirm ? lesson.number : target, confirm)}
      className={`${ui.button} ${ui.filled}`}
    >
      Next Lesson -&gt;
    </Link>
  );
}

/** docs/product.md §2: the chosen lesson's title, video, image and description, with marking and the way on. */
export function LessonView({ lesson, previous, next, member, confirming }: LessonViewProps) {
  return (
    <div className={classes.view}>
      <div className={`${ui.group} ${classes.between}`}>
        <h2 className={classes.lessonTitle}>{lesson.title}</h2>
        {member?.completed ? (
          <Badge color="green" variant="light" size="lg">
            Completed
          </Badge>
        ) : null}
      </div>
      {lesson.video_id ? (
        <iframe
          className={classes.video}
          src={youtubeEmbedUrl(lesson.video_id, youtubeStartSeconds(lesson.video_url))}
          title={`Video: ${lesson.title}`}
          allow="accelerometer; encrypted-media; gyroscope; picture-in-picture; fullscreen"
          referrerPolicy="strict-origin-when-cross-origin"
          allowFullScreen
        />
      ) : null}
      {lesson.image ? (
        <img
          {...imageSources(lesson.image)}
          sizes={IMAGE_SIZES.page}
          loading="lazy"
          decoding="async"
          alt={lesson.title}
          className={classes.image}
        />
      ) : null}
      {lesson.description ? <p className={classes.description}>{lesson.description}</p> : null}
      <ConfirmNext lesson={lesson} next={next ? next.number : LESSONS_END} opened={confirming} />
      <div className={`${ui.group} ${classes.between}`}>
        {previous ? (
          <Link to={lessonSearch(previous.number)} className={`${ui.button} ${ui.default}`}>
            &lt;- Previous Lesson
          </Link>
        ) : (
          <span />
        )}
        <div className={ui.group}>
          {member && !member.completed ? (
            <Form method="post">
              <LessonFields intent={LESSON_INTENTS.complete} lesson={lesson.number} />
              <SubmitButton variant="light">Mark as completed</SubmitButton>
            </Form>
          ) : null}
          <NextControl lesson={lesson} next={next} member={member} />
        </div>
      </div>
    </div>
  );
}
