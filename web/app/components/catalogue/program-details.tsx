import type { LessonResponse, TrainerResponse } from '@fitcoach/contracts';
import { Anchor } from '@mantine/core';
import { Link } from '@remix-run/react';
import { formatLessons } from '~/utils/catalogue';
import { type CardProgram, ProgramCard } from './program-card';
import ui from '~/components/ui/ui.module.css';
import classes from './catalogue.module.css';
import { TrainerAvatar } from './trainer-avatar';
import { VerifiedBadge } from './verified-badge';

// docs/product.md §2.6: what a member sees of a programme before paying (never a lesson's video). Plain elements
// styled from Mantine's variables (components/ui/ui.module.css) but for links and buttons: on this page Mantine's
// components were a third of the server's rendering (docs/profiles/README.md).

export function TrainerSummary({ trainer }: { trainer: TrainerResponse }) {
  return (
    <section aria-labelledby="programme-trainer">
      <h2 className={`${ui.title} ${ui.h2} ${ui.gapBelowSm}`} id="programme-trainer">
        Your trainer
      </h2>
      <div className={classes.trainerCard}>
        <TrainerAvatar trainer={trainer} size={72} />
        <div className={classes.trainerCardText}>
          <div className={`${ui.group} ${ui.name} ${classes.trainerNameLine}`}>
            <Anchor component={Link} to={`/trainerPage/${trainer.id}`} fw={700} size="lg">
              {trainer.username}
            </Anchor>
            <VerifiedBadge verified={trainer.verified} />
          </div>
          <p className={`${ui.text} ${ui.textSm}`}>Specialised in {trainer.specalized}</p>
          {trainer.experience_years > 0 ? (
            <p className={`${ui.text} ${ui.textSm} ${ui.dimmed}`}>
              {trainer.experience_years === 1 ? '1 year' : `${trainer.experience_years} years`} of experience
            </p>
          ) : null}
        </div>
      </div>
    </section>
  );
}

/**
 * Each lesson's number, title and description, in order; the videos are for subscribers. Plain elements: a
 * programme may have dozens of lessons, each Mantine component would cost server rendering.
 */
export function LessonOutline({ lessons }: { lessons: LessonResponse[] }) {
  return (
    <section aria-labelledby="programme-outline">
      <h2 className={`${ui.title} ${ui.h2} ${ui.gapBelowXs}`} id="programme-outline">
        What the programme covers
      </h2>
      {lessons.length === 0 ? (
        <p className={`${ui.text} ${classes.dimmedText}`}>The trainer has not added lessons yet.</p>
      ) : (
        <>
          <p className={`${ui.text} ${classes.dimmedText} ${ui.gapBelowSm}`}>
            {formatLessons(lessons.length)}, one video each.
          </p>
          <ol className={classes.outline}>
            {lessons.map((lesson, index) => (
              <li key={lesson.id} className={classes.outlineItem}>
                <p className={classes.outlineNumber}>Lesson {index + 1}</p>
                <p className={classes.outlineTitle}>{lesson.title}</p>
                {lesson.description ? <p className={classes.outlineText}>{lesson.description}</p> : null}
              </li>
            ))}
          </ol>
        </>
      )}
    </section>
  );
}

export function MoreFromTrainer({
  trainer,
  programs,
}: {
  trainer: Pick<TrainerResponse, 'id' | 'username'>;
  programs: CardProgram[];
}) {
  if (programs.length === 0) return null;
  return (
    <section aria-labelledby="programme-more">
      <div className={classes.sectionHeading}>
        <h2 className={`${ui.title} ${ui.h2} ${ui.name}`} id="programme-more">
          More from {trainer.username}
        </h2>
        <Anchor component={Link} to={`/trainerPage/${trainer.id}`}>
          All their programmes
        </Anchor>
      </div>
      <div className={classes.grid}>
        {programs.map((program) => (
          <ProgramCard key={program.id} program={program} detailed={false} lazy />
        ))}
      </div>
    </section>
  );
}
