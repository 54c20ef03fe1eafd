import { Container, Paper, SimpleGrid, Text, ThemeIcon, Title } from '@mantine/core';
import type { ComponentType } from 'react';
import { BoltIcon, DumbbellIcon, TrophyIcon } from '~/components/icons';

interface Feature {
  title: string;
  text: string;
  Icon: ComponentType<{ size?: number }>;
}

const FEATURES: Feature[] = [
  {
    title: 'Excellent Fitness Programs',
    text: 'The programs are individually vetted by experts in the field',
    Icon: DumbbellIcon,
  },
  { title: 'World class Trainers', text: 'Our trainer are the best in the field.', Icon: TrophyIcon },
  {
    title: 'Designed For Athletes',
    text: 'Our products are designed to support the unique needs of athletes.',
    Icon: BoltIcon,
  },
];

export function Features() {
  return (
    <Container size="lg" py={64}>
      <SimpleGrid cols={{ base: 1, sm: 3 }} spacing="lg">
        {FEATURES.map(({ title, text, Icon }) => (
          <Paper key={title} withBorder p="xl">
            <ThemeIcon size={48} radius="md" variant="light">
              <Icon size={26} />
            </ThemeIcon>
            <Title order={3} size="h4" mt="md">
              {title}
            </Title>
            <Text c="dimmed" mt="xs">
              {text}
            </Text>
          </Paper>
        ))}
      </SimpleGrid>
    </Container>
  );
}
