import { Container, Group, Text, Title } from '@mantine/core';
import type { ReactNode } from 'react';
import classes from './hero-banner.module.css';

interface HeroBannerProps {
  title: string;
  text: string;
  /** The home page's taller banner, with larger type. */
  large?: boolean;
  /** The banner's buttons, under the text. */
  children: ReactNode;
}

/** The dark banner that opens the home page and the catalogue pages: a title, a line of text and buttons. */
export function HeroBanner({ title, text, large = false, children }: HeroBannerProps) {
  return (
    <section className={large ? `${classes.hero} ${classes.large}` : classes.hero}>
      <Container size="lg" className={classes.heroInner}>
        <Title order={1} className={classes.heroTitle}>
          {title}
        </Title>
        <Text className={classes.heroText}>{text}</Text>
        <Group gap="md" mt="xl">
          {children}
        </Group>
      </Container>
    </section>
  );
}
