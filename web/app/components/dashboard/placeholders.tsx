import { Button, Paper, Text, Title } from '@mantine/core';
import { Link } from '@remix-run/react';

/** A view whose feature comes with a later issue (SPEC §2: "COMMING SOON", spelt as the original). */
export function ComingSoon({ title }: { title: string }) {
  return (
    <Paper withBorder p="xl">
      <Title order={2} mb="md">
        {title}
      </Title>
      <Text fw={800} size="xl" ta="center" py="xl">
        COMMING SOON
      </Text>
    </Paper>
  );
}

/** The user's followed programmes; subscriptions arrive with a later issue, so the list is empty for now. */
export function SubscribedProgrammes() {
  return (
    <Paper withBorder p="xl">
      <Title order={2} mb="md">
        Subscribed Programmes
      </Title>
      <Text c="dimmed" mb="md">
        You have not subscribed to any programme yet.
      </Text>
      <Button component={Link} to="/programmes">
        Find Programmes
      </Button>
    </Paper>
  );
}
