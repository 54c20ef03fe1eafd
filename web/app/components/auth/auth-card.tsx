import { Anchor, Container, Paper, Text, Title } from '@mantine/core';
import { Link } from '@remix-run/react';
import type { ReactNode } from 'react';

interface AuthCardProps {
  title: string;
  children: ReactNode;
  footer?: { text: string; link: string; to: string };
}

export function AuthCard({ title, children, footer }: AuthCardProps) {
  return (
    <Container size={440} py="xl">
      <Paper withBorder shadow="sm" p="xl">
        <Title order={1} ta="center" mb="lg">
          {title}
        </Title>
        {children}
        {footer ? (
          <Text ta="center" size="sm" mt="lg">
            {footer.text}{' '}
            <Anchor component={Link} to={footer.to} fw={600}>
              {footer.link}
            </Anchor>
          </Text>
        ) : null}
      </Paper>
    </Container>
  );
}
