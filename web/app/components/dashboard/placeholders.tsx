import { Button, Paper, Text, Title } from '@mantine/core';
import { Link } from '@remix-run/react';

/** A view whose feature comes with a later issue (docs/product.md §2: "COMMING SOON", spelt as the original). */
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

/** A member's empty list (followed programmes, payments): what it would hold, and the way to the programmes. */
export function NoProgrammesYet({ message }: { message: string }) {
  return (
    <Paper withBorder p="xl">
      <Text c="dimmed" mb="md">
        {message}
      </Text>
      <Button component={Link} to="/programmes">
        Find Programmes
      </Button>
    </Paper>
  );
}
