import type { LessonResponse, TrainerResponse } from '@fitcoach/contracts';
import { Anchor, Group, Paper, Stack, Text, Title } from '@mantine/core';
import { Link } from '@remix-run/react';
import { formatLessons } from '~/utils/catalogue';
import { type CardProgram, ProgramCard } from './program-card';
import classes from './catalogue.module.css';
import { TrainerAvatar } from './trainer-avatar';
import { VerifiedBadge } from './verified-badge';

// docs/product.md §2.6: what a member sees of a programme before paying (never a lesson's video).

export function TrainerSummary({ trainer }: { trainer: TrainerResponse }) {
  return (
    <section aria-labelledby="programme-trainer">
      <Title order={2} id="programme-trainer" mb="sm">
        Your trainer
      </Title>
      <Paper withBorder p="md" radius="md">
        <Group gap="md" wrap="nowrap" align="center">
          <TrainerAvatar trainer={trainer} size={72} />
          <Stack gap={4} miw={0}>
            <Group gap="xs">
              <Anchor component={Link} to={`/trainerPage/${trainer.id}`} fw={700} size="lg">
                {trainer.username}
              </Anchor>
              <VerifiedBadge verified={trainer.verified} />
            </Group>
            <Text size="sm">Specialised in {trainer.specalized}</Text>
            {trainer.experience_years > 0 ? (
              <Text size="sm" c="dimmed">
                {trainer.experience_years === 1 ? '1 year' : `${trainer.experience_years} years`} of
                experience
              </Text>
            ) : null}
          </Stack>
        </Group>
      </Paper>
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
      <Title order={2} id="programme-outline" mb="xs">
        What the programme covers
      </Title>
      {lessons.length === 0 ? (
        <Text c="dimmed">The trainer has not added lessons yet.</Text>
      ) : (
        <>
          <Text c="dimmed" mb="sm">
            {formatLessons(lessons.length)}, one video each.
          </Text>
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
      <Group justify="space-between" align="baseline" mb="sm">
        <Title order={2} id="programme-more">
          More from {trainer.username}
        </Title>
        <Anchor component={Link} to={`/trainerPage/${trainer.id}`}>
          All their programmes
        </Anchor>
      </Group>
      <div className={classes.grid}>
        {programs.map((program) => (
          <ProgramCard key={program.id} program={program} detailed={false} lazy />
        ))}
      </div>
    </section>
  );
}
