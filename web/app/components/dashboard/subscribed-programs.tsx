import type { FollowedProgram } from '@fitcoach/contracts';
import { Alert, Button, Group, Text, Title } from '@mantine/core';
import { Form, Link, useLocation } from '@remix-run/react';
import { useId } from 'react';
import { FIRST_ROW } from '~/components/catalogue/catalogue-list';
import { NoProgrammesYet } from '~/components/dashboard/placeholders';
import { ProgramCover } from '~/components/catalogue/program-card';
import catalogue from '~/components/catalogue/catalogue.module.css';
import ui from '~/components/ui/ui.module.css';
import classes from './dashboard.module.css';
import { SubmitButton } from '~/components/forms/form-actions';
import { UrlDialog } from '~/components/layout/url-dialog';
import { ProgressCircle } from '~/components/lessons/progress';
import { ScheduleCalendar } from '~/components/schedule/schedule-calendar';
import type { FormRejection } from '~/types/form';
import { INTENTS } from '~/utils/dashboard';
import { lessonPlayerPath } from '~/utils/lessons';
import { MESSAGES } from '~/utils/messages';
import type { SubscribedData } from '~/routes/_app.trainerDashboard/subscriptions.server';
import { subscribedSearch } from '~/utils/subscriptions';

/** Leaving is confirmed first as a state of the URL (`?unsubscribe=<id>`), so it works without JavaScript. */
function ConfirmUnsubscribe({ program, opened }: { program: FollowedProgram; opened: boolean }) {
  const { pathname } = useLocation();
  const closeTo = pathname + subscribedSearch();
  return (
    <UrlDialog opened={opened} title={MESSAGES.confirmUnsubscribe} closeTo={closeTo}>
      <Text size="sm" mb="md">
        {MESSAGES.payAgain}
      </Text>
      <Group>
        <Form method="post">
          <input type="hidden" name="intent" value={INTENTS.unsubscribe} />
          <input type="hidden" name="program" value={program.id} />
          <SubmitButton color="red">Unsubscribe</SubmitButton>
        </Form>
        <Button component={Link} to={closeTo} variant="default" preventScrollReset>
          Cancel
        </Button>
      </Group>
    </UrlDialog>
  );
}

interface FollowedCardProps {
  program: FollowedProgram;
  confirming: boolean;
  lazy: boolean;
}

/** A followed programme's card in plain elements, looking like Mantine's Card: a member may follow dozens. */
function FollowedCard({ program, confirming, lazy }: FollowedCardProps) {
  const { pathname } = useLocation();
  const headingId = useId();
  const details = `/programDetails/${program.id}`;
  return (
    <article aria-labelledby={headingId} className={catalogue.card}>
      {/* The cover repeats the name's link for the pointer only: one link per card for keyboards and readers. */}
      <Link to={details} tabIndex={-1} aria-hidden="true" className={classes.followedCover}>
        <ProgramCover program={program} lazy={lazy} />
      </Link>
      <div className={classes.followedHead}>
        <div className={classes.followedName}>
          <h3 className={`${ui.title} ${ui.h4}`} id={headingId}>
            <Link to={details}>{program.program_name}</Link>
          </h3>
          <p className={`${ui.text} ${ui.textSm}`}>Trainer: {program.trainer_name}</p>
          <p className={`${ui.text} ${ui.textSm} ${ui.dimmed}`}>{program.category}</p>
        </div>
        <ProgressCircle percentage={program.progress} label={`Progress in ${program.program_name}`} />
      </div>
      {program.today_lesson !== null ? (
        <p className={classes.followedToday}>Today: Lesson {program.today_lesson}</p>
      ) : null}
      {program.calendar && program.calendar.length > 0 ? (
        <div className={classes.followedDays}>
          <p className={`${ui.text} ${ui.textSm} ${classes.followedDaysTitle}`}>Your days</p>
          <ScheduleCalendar days={program.calendar} label={`Your days in ${program.program_name}`} />
        </div>
      ) : null}
      {/* Buttons wrap to their own lines rather than clip "Unsubscribe" at half a narrow row. */}
      <div className={classes.followedActions}>
        {/* The lesson player opens on the next unfinished lesson by itself. */}
        <Link
          to={lessonPlayerPath(program.id)}
          aria-label={`Continue ${program.program_name}`}
          className={`${ui.button} ${ui.filled}`}
        >
          Continue
        </Link>
        <Link
          to={pathname + subscribedSearch(program.id)}
          preventScrollReset
          aria-label={`Unsubscribe from ${program.program_name}`}
          className={`${ui.button} ${ui.default}`}
        >
          Unsubscribe
        </Link>
      </div>
      <ConfirmUnsubscribe program={program} opened={confirming} />
    </article>
  );
}

/** docs/product.md §2.8 Subscribed Programmes: the member's followed programmes, their progress and calendars. */
export function SubscribedPrograms({
  data,
  result,
}: {
  data: SubscribedData | null;
  result: FormRejection | undefined;
}) {
  const programs = data?.programs ?? null;
  return (
    <section aria-labelledby="subscribed-programmes">
      <Title order={2} id="subscribed-programmes" mb="md">
        Subscribed Programmes
      </Title>
      {result ? (
        <Alert color="red" mb="md">
          {result.toast.message}
        </Alert>
      ) : null}
      {programs === null ? (
        <Alert color="red">Sorry Something went wrong</Alert>
      ) : programs.length === 0 ? (
        <NoProgrammesYet message="You have not subscribed to any programme yet." />
      ) : (
        <div className={classes.followedGrid}>
          {programs.map((program, index) => (
            <FollowedCard
              key={program.id}
              program={program}
              lazy={index >= FIRST_ROW}
              confirming={data?.confirmUnsubscribe === program.id}
            />
          ))}
        </div>
      )}
    </section>
  );
}
