import { Button, Group, Paper, Text, Title } from '@mantine/core';
import { Link } from '@remix-run/react';

/**
 * The profile page's "Your data" (docs/product.md §2.9): a copy of everything stored about the account, and the way
 * to delete it. The download is a plain link to a file, so it needs no script.
 */
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
    </Paper>
  );
}
