import { Button, Group, Paper, Text, Title } from '@mantine/core';
import { Link } from '@remix-run/react';

/** docs/product.md §2.9 "Your data": the download is a plain link, so it needs no script. */
export function YourData() {
  return (
    <Paper withBorder p="xl" mt="lg" component="section" aria-labelledby="your-data-title">
      <Title order={2} size="h3" id="your-data-title" mb="sm">
        Your data
      </Title>
      <Text mb="md">
        Download a copy of everything FitCoach stores about you, or delete your account and the personal data
        it holds.
      </Text>
      <Group>
        <Button component="a" href="/account/export" variant="default">
          Download my data
        </Button>
        <Button component={Link} to="/account/delete" color="red" variant="outline">
          Delete my account
        </Button>
      </Group>
      <Text mt="md" mb="xs">
        Your training record as spreadsheets (CSV):
      </Text>
      <Group>
        <Button component="a" href="/record/download/workouts" variant="default" size="xs">
          Download my workouts
        </Button>
        <Button component="a" href="/record/download/measurements" variant="default" size="xs">
          Download my measurements
        </Button>
      </Group>
    </Paper>
  );
}
