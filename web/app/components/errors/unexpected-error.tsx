import { Button, Code, Container, Stack, Text, Title } from '@mantine/core';
import { isRouteErrorResponse, Link } from '@remix-run/react';

function describe(error: unknown): string {
  if (isRouteErrorResponse(error)) return `${error.status} ${error.statusText}`.trim();
  return 'Something went wrong. Please try again.';
}

/** The generic error screen (docs/product.md §8). Details of a thrown error are only shown to developers. */
export function UnexpectedError({ error }: { error: unknown }) {
  return (
    <Container size="md" py={64}>
      <Stack gap="md">
        <Title order={1}>Unexpected Application Error!</Title>
        <Text c="dimmed">{describe(error)}</Text>
        {import.meta.env.DEV && error instanceof Error ? (
          <Code block>{error.stack ?? error.message}</Code>
        ) : null}
        <Button component={Link} to="/" w="fit-content">
          Go to the home page
        </Button>
      </Stack>
    </Container>
  );
}
