import { excerpt, type TrainerResponse } from '@fitcoach/contracts';
import { Button, Group, Paper, Stack, Tabs, Text, Title } from '@mantine/core';
import { Link } from '@remix-run/react';
import { useState } from 'react';
import { useHydrated } from '~/utils/use-hydrated';
import { Standing } from '~/components/reviews/stars';
import { VerifiedBadge } from './verified-badge';
import { TrainerAvatar } from './trainer-avatar';
import ui from '~/components/ui/ui.module.css';

export const TRAINER_TABS = [
  { value: 'about', label: 'About' },
  { value: 'credentials', label: 'Credentials' },
  { value: 'vision', label: 'Vision' },
] as const;
export type TrainerTab = (typeof TRAINER_TABS)[number]['value'];

function TabPanel({ trainer, tab }: { trainer: TrainerResponse; tab: TrainerTab }) {
  if (tab === 'credentials') {
    return (
      <Stack gap="xs">
        <Title order={2} size="h3">
          My Credentials
        </Title>
        <Text>Specialised in {trainer.specalized}</Text>
        {trainer.certifications ? <Text>Certified in {trainer.certifications}</Text> : null}
        <Text>Experience: {trainer.experience_years} Years</Text>
        <Text>Country: {trainer.country}</Text>
      </Stack>
    );
  }
  if (tab === 'vision') {
    return (
      <Stack gap="xs">
        <Title order={2} size="h3">
          Our Vision
        </Title>
        <Text>
          Our vision is to be the leading source of fitness transformation, helping every member build
          strength, confidence and habits that last a lifetime.
        </Text>
      </Stack>
    );
  }
  const short = excerpt(trainer.about);
  return (
    <Stack gap="xs">
      <Title order={2} size="h3">
        Transforming Lives through Fitness
      </Title>
      <Text>{short}</Text>
      {/* "Read More" shows the rest in place: a native <details>, so it also works without JavaScript. */}
      {short !== trainer.about.trim() ? (
        <details>
          <summary>Read More</summary>
          <Text mt="xs">{trainer.about}</Text>
        </details>
      ) : null}
    </Stack>
  );
}

/** Links to `?tab=...` without JavaScript; Mantine tabs that switch in place once the page runs. */
function TrainerTabs({ trainer, tab }: { trainer: TrainerResponse; tab: TrainerTab }) {
  const hydrated = useHydrated();
  const [active, setActive] = useState<string>(tab);
  if (hydrated) {
    return (
      <Tabs value={active} onChange={(value) => setActive(value ?? tab)}>
        <Tabs.List>
          {TRAINER_TABS.map(({ value, label }) => (
            <Tabs.Tab key={value} value={value}>
              {label}
            </Tabs.Tab>
          ))}
        </Tabs.List>
        {TRAINER_TABS.map(({ value }) => (
          <Tabs.Panel key={value} value={value} pt="md">
            <TabPanel trainer={trainer} tab={value} />
          </Tabs.Panel>
        ))}
      </Tabs>
    );
  }
  return (
    <>
      <Group component="nav" aria-label="Trainer tabs" gap="xs">
        {TRAINER_TABS.map(({ value, label }) => (
          <Button
            key={value}
            component={Link}
            to={`?tab=${value}`}
            preventScrollReset
            replace
            variant={value === tab ? 'light' : 'subtle'}
            aria-current={value === tab ? 'page' : undefined}
          >
            {label}
          </Button>
        ))}
      </Group>
      <Stack pt="md">
        <TabPanel trainer={trainer} tab={tab} />
      </Stack>
    </>
  );
}

export function TrainerProfile({ trainer, tab }: { trainer: TrainerResponse; tab: TrainerTab }) {
  return (
    <Paper withBorder p="xl">
      <Group align="flex-start" gap="xl" wrap="wrap">
        <TrainerAvatar trainer={trainer} size={140} priority />
        <Stack gap="xs" style={{ flex: '1 1 260px', minWidth: 0 }}>
          <Title order={1} className={ui.name}>
            {trainer.username}
          </Title>
          <VerifiedBadge verified={trainer.verified} style={{ alignSelf: 'flex-start' }} />
          <Standing rating={{ average: trainer.rating, count: trainer.review_count }} />
          <Text fw={700} c="var(--fitcoach-color-orange-text)">
            Specialized In: {trainer.specalized}
          </Text>
          <Text>{trainer.about}</Text>
        </Stack>
      </Group>
      <Stack mt="xl">
        <TrainerTabs trainer={trainer} tab={tab} />
      </Stack>
    </Paper>
  );
}
