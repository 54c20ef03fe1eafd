import { Button, Paper, Text } from '@mantine/core';
import { Link } from '@remix-run/react';

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
