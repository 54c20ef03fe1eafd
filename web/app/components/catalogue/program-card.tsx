import { excerpt, type ProgramResponse } from '@fitcoach/contracts';
import { Alert, Button, Card, Stack, Text, Title } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { Link, useSearchParams } from '@remix-run/react';
import { useId } from 'react';
import classes from './catalogue.module.css';

// docs/product.md §8: the text of an unpublished programme's card, spelt as the original.
const COMING_SOON = 'comming soon';
/** The query parameter that shows the notice without JavaScript. */
const SOON_PARAM = 'soon';

interface ProgramCoverProps {
  program: Pick<ProgramResponse, 'cover_image' | 'program_name'>;
  /** The details page's big picture rather than a card's strip. */
  large?: boolean;
}

export function ProgramCover({ program, large = false }: ProgramCoverProps) {
  const size = large ? classes.coverLarge : '';
  if (program.cover_image) {
    return (
      <img
        src={program.cover_image}
        alt={`Cover of ${program.program_name}`}
        className={`${classes.cover} ${size}`}
      />
    );
  }
  return (
    <div className={`${classes.coverPlaceholder} ${size}`} aria-hidden="true">
      {program.program_name.charAt(0).toUpperCase()}
    </div>
  );
}

/**
 * "View" opens a published programme. An unpublished one (only its owner and superusers see such cards) says
 * "comming soon" instead: a notification with JavaScript, a link to `?soon=<id>` that the page answers with an inline
 * notice without it.
 */
function ViewButton({ program }: { program: ProgramResponse }) {
  const [searchParams] = useSearchParams();
  const label = `View ${program.program_name}`;
  if (program.is_published) {
    return (
      <Button
        component={Link}
        to={`/programDetails/${program.id}`}
        fullWidth
        variant="light"
        aria-label={label}
      >
        View
      </Button>
    );
  }
  const search = new URLSearchParams(searchParams);
  search.set(SOON_PARAM, String(program.id));
  return (
    <Button
      component={Link}
      to={`?${search.toString()}`}
      preventScrollReset
      fullWidth
      variant="light"
      aria-label={label}
      onClick={(event) => {
        event.preventDefault();
        notifications.show({ id: `${COMING_SOON}-${program.id}`, message: COMING_SOON, color: 'yellow' });
      }}
    >
      View
    </Button>
  );
}

/** The inline notice for `?soon=<id>` (the card's link without JavaScript). */
export function ComingSoonNotice() {
  const [searchParams] = useSearchParams();
  if (!searchParams.has(SOON_PARAM)) return null;
  return (
    <Alert color="yellow" mb="lg">
      {COMING_SOON}
    </Alert>
  );
}

interface ProgramCardProps {
  program: ProgramResponse;
  /** The listing's card shows the level, the trainer and the description; the trainer page's only the name. */
  detailed: boolean;
}

export function ProgramCard({ program, detailed }: ProgramCardProps) {
  const headingId = useId();
  return (
    <Card component="article" aria-labelledby={headingId} withBorder padding="lg" className={classes.card}>
      <Card.Section>
        <ProgramCover program={program} />
      </Card.Section>
      <Stack gap={4} mt="md">
        <Title order={3} size="h4" id={headingId}>
          {program.program_name}
        </Title>
        {detailed ? (
          <>
            <Text size="sm" fw={600}>
              Difficulty :{program.level}
            </Text>
            <Text size="sm">Trainer: {program.trainer_name}</Text>
            <Text size="sm" c="dimmed">
              {excerpt(program.description)}
            </Text>
          </>
        ) : null}
      </Stack>
      <div className={classes.cardFooter}>
        <ViewButton program={program} />
      </div>
    </Card>
  );
}
