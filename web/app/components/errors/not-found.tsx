import { Button, Container, Stack, Text, Title } from '@mantine/core';
import { Link } from '@remix-run/react';
import classes from './errors.module.css';

export function NotFound() {
  return (
    <Container size="sm" className={classes.page}>
      <Stack align="center" gap="sm">
        <Text className={classes.code}>404</Text>
        <Title order={1}>This page does not exist</Title>
        <Text c="dimmed">The page you are looking for could not be found.</Text>
        <Button component={Link} to="/" mt="md">
          Go Back
        </Button>
      </Stack>
    </Container>
  );
}
