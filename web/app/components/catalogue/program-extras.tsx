import { List, Title } from '@mantine/core';

// docs/product.md §2.6 Programme details: the five benefits every programme names.
const KEY_BENEFITS = [
  'Improve Your Stamina',
  'Get Better Health',
  'Achieve Peace of Mind',
  'Look Young & Beautiful',
  'Achieve More in Life',
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
