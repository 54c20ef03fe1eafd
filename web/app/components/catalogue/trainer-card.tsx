import { excerpt, type TrainerResponse } from '@fitcoach/contracts';
import { Button, Card, Stack, Text, Title } from '@mantine/core';
import { Link } from '@remix-run/react';
import { useId } from 'react';
import classes from './catalogue.module.css';
import { TrainerAvatar } from './trainer-avatar';
import { VerifiedBadge } from './verified-badge';
import ui from '~/components/ui/ui.module.css';

/** A trainer of /findTrainer (docs/product.md §2.4): picture or initials, speciality, name, about in 20 words. */
export function TrainerCard({ trainer }: { trainer: TrainerResponse }) {
  const headingId = useId();
  return (
    <Card component="article" aria-labelledby={headingId} withBorder padding="lg" className={classes.card}>
      <Stack align="center" gap="xs" ta="center">
        <TrainerAvatar trainer={trainer} size={96} />
        <Text size="sm" c="var(--fitcoach-color-orange-text)" fw={700}>
          Specialised in {trainer.specalized}
        </Text>
        <Title order={3} size="h4" id={headingId} className={ui.name} maw="100%">
          {trainer.username}
        </Title>
        <VerifiedBadge verified={trainer.verified} />
        <Text size="sm" c="dimmed">
          {excerpt(trainer.about)}
        </Text>
      </Stack>
      <div className={classes.cardFooter}>
        <Button
          component={Link}
          to={`/trainerPage/${trainer.id}`}
          fullWidth
          variant="light"
          aria-label={`View ${trainer.username}`}
        >
          View
        </Button>
      </div>
    </Card>
  );
}
