import { Avatar, Group, List, Paper, SimpleGrid, Text, Title } from '@mantine/core';

// docs/product.md §2.6 Programme details: the same five benefits and three sample testimonials for every programme.
const KEY_BENEFITS = [
  'Improve Your Stamina',
  'Get Better Health',
  'Achieve Peace of Mind',
  'Look Young & Beautiful',
  'Achieve More in Life',
];

const TESTIMONIALS = [
  {
    name: 'Kiran',
    text: 'The daily lessons kept me on track. Six weeks in, I have more energy than I have had in years.',
  },
  {
    name: 'David',
    text: 'Clear videos, a plan that builds up step by step, and a trainer who answers questions quickly.',
  },
  {
    name: 'Jessica Simon',
    text: 'I finally found a programme I could follow around work. I feel stronger and calmer every week.',
  },
];

export function KeyBenefits() {
  return (
    <section aria-labelledby="key-benefits">
      <Title order={2} id="key-benefits" mb="sm">
        Key Benefits
      </Title>
      <List spacing="xs">
        {KEY_BENEFITS.map((benefit) => (
          <List.Item key={benefit}>{benefit}</List.Item>
        ))}
      </List>
    </section>
  );
}

export function Testimonials() {
  return (
    <section aria-labelledby="testimonials">
      <Title order={2} id="testimonials" mb="md">
        User Testimonial
      </Title>
      <SimpleGrid cols={{ base: 1, sm: 3 }} spacing="lg">
        {TESTIMONIALS.map(({ name, text }) => (
          <Paper key={name} withBorder p="lg">
            <Group gap="sm" mb="sm">
              <Avatar name={name} color="orange" alt="" />
              <Text fw={700}>{name}</Text>
            </Group>
            <Text c="dimmed">{text}</Text>
          </Paper>
        ))}
      </SimpleGrid>
    </section>
  );
}
