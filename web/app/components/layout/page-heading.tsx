import { Container, Title } from '@mantine/core';

/** The heading of a page that has no content of its own (`/trainer/profile`, docs/product.md §2). */
export function PageHeading({ title }: { title: string }) {
  return (
    <Container size="lg" py="xl">
      <Title order={1}>{title}</Title>
    </Container>
  );
}
