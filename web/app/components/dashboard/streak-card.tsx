import type { StreakResponse } from '@fitcoach/contracts';
import { Card, Group, Stack, Text, Title } from '@mantine/core';
import { BoltIcon } from '~/components/icons';
import { streakTexts } from '~/utils/subscriptions';

/**
 * docs/product.md §2.8 Subscribed Programmes: the member's streak of days with a completed lesson, told in words
 * (the icon is decoration), beside the programmes they follow.
 */
export function StreakCard({ streak }: { streak: StreakResponse | null }) {
  if (!streak) return null;
  const texts = streakTexts(streak);
  return (
    <Card component="section" aria-labelledby="streak-heading" withBorder padding="lg" mb="xl">
      <Group gap="md" wrap="nowrap" align="flex-start">
        <BoltIcon size={32} />
        <Stack gap={4}>
          <Title order={2} size="h3" id="streak-heading">
            {texts.headline}
          </Title>
          <Text size="sm">{texts.longest}</Text>
          {texts.hint ? (
            <Text size="sm" fw={600}>
              {texts.hint}
            </Text>
          ) : (
            <Text size="sm">Today&apos;s lesson is done.</Text>
          )}
        </Stack>
      </Group>
    </Card>
  );
}
