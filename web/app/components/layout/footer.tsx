import { currentYear } from '@fitcoach/contracts';
import {
  Anchor,
  Box,
  Button,
  Container,
  Group,
  SimpleGrid,
  Stack,
  Text,
  TextInput,
  Title,
} from '@mantine/core';
import { Link } from '@remix-run/react';
import classes from './footer.module.css';

interface FooterLink {
  label: string;
  /** A page of the app; links without one are docs/product.md §2's placeholders. */
  to?: string;
}

interface FooterColumn {
  title: string;
  links: FooterLink[];
}

// docs/product.md §2 calls the footer links placeholders: only "Account Login" has a page of its own.
const PLACEHOLDER_HREF = '#';

const COLUMNS: FooterColumn[] = [
  {
    title: 'Help & Information',
    links: [
      { label: 'Supplements' },
      { label: 'Company' },
      { label: 'Loyalty & Rewards' },
      { label: 'Contact Us' },
    ],
  },
  {
    title: 'Track Your Order',
    links: [
      { label: 'Track Your Order' },
      { label: 'Help Center' },
      { label: 'Account Login', to: '/login' },
      { label: 'Returns Policy' },
    ],
  },
];

const LEGAL_LINKS = ['Privacy Policy', 'Terms of Use', 'Accessibility'];

function Newsletter() {
  return (
    <Box>
      <Title order={3} className={classes.columnTitle}>
        Join our Newsletter
      </Title>
      <Text size="sm" c="dimmed" mb="sm">
        Sign up below to receive discounts, newsletters, recipes, tips, and more!
      </Text>
      {/*
        docs/product.md §2.2 leaves the newsletter's submit behaviour unspecified, so nothing is sent: there is no
        <form>, whose implicit submission on Enter would put the address in a URL, and the button claims no success.
      */}
      <Group gap="xs" wrap="nowrap" role="group" aria-label="Newsletter">
        <TextInput
          type="email"
          name="email"
          placeholder="Email"
          aria-label="Email address"
          autoComplete="email"
          className={classes.email}
        />
        <Button type="button" color="orange">
          SUBMIT
        </Button>
      </Group>
    </Box>
  );
}

export function Footer() {
  return (
    <footer className={classes.footer}>
      <Container size="lg">
        <SimpleGrid cols={{ base: 1, xs: 2, md: 4 }} spacing="xl">
          <Text className={classes.brand}>Get-Fit</Text>
          {COLUMNS.map((column) => (
            <Stack key={column.title} gap={6}>
              <Title order={3} className={classes.columnTitle}>
                {column.title}
              </Title>
              {column.links.map((link) =>
                link.to ? (
                  <Anchor key={link.label} component={Link} to={link.to} size="sm" c="dimmed">
                    {link.label}
                  </Anchor>
                ) : (
                  <Anchor key={link.label} href={PLACEHOLDER_HREF} size="sm" c="dimmed">
                    {link.label}
                  </Anchor>
                ),
              )}
            </Stack>
          ))}
          <Newsletter />
        </SimpleGrid>
        <Group justify="space-between" className={classes.bottom} gap="sm">
          <Text size="sm" c="dimmed">
            © Get-Fit {currentYear()}
          </Text>
          <Group gap="md">
            {LEGAL_LINKS.map((label) => (
              <Anchor key={label} href={PLACEHOLDER_HREF} size="sm" c="dimmed">
                {label}
              </Anchor>
            ))}
          </Group>
        </Group>
      </Container>
    </footer>
  );
}
