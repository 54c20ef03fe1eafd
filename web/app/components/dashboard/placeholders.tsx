import { Paper, Text, Title } from '@mantine/core';

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
