import { Button, Container, Stack, Text, Title } from '@mantine/core';
import { useLocation } from '@remix-run/react';
import classes from './errors.module.css';

/** The page while the service behind it cannot answer (a 503): nothing is wrong with what the visitor asked. */
export function Unavailable() {
  const { pathname, search } = useLocation();
  return (
    <Container size="sm" className={classes.page}>
      <Stack align="center" gap="sm">
        <Text className={classes.code}>503</Text>
        <Title order={1}>We&apos;ll be right back</Title>
        <Text c="dimmed">FitCoach is briefly unavailable. Please try again in a minute.</Text>
        <Button component="a" href={pathname + search} mt="md">
          Try again
        </Button>
      </Stack>
    </Container>
  );
}
