import { Container, Title } from '@mantine/core';

/** The heading of a page whose content a later issue adds. */
export function PageHeading({ title }: { title: string }) {
  return (
    <Container size="lg" py="xl">
      <Title order={1}>{title}</Title>
    </Container>
  );
}
