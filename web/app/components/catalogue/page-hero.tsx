import { Button, Container, Group, Text, Title } from '@mantine/core';
import { Link } from '@remix-run/react';
import classes from './catalogue.module.css';

interface PageHeroProps {
  title: string;
  text: string;
  /** The id of the page's section that "Learn More" scrolls to. */
  sectionId: string;
}

/** The banner of the catalogue pages (client reference §5), with its "Get Started" and "Learn More" buttons. */
export function PageHero({ title, text, sectionId }: PageHeroProps) {
  return (
    <section className={classes.hero}>
      <Container size="lg" className={classes.heroInner}>
        <Title order={1} className={classes.heroTitle}>
          {title}
        </Title>
        <Text className={classes.heroText}>{text}</Text>
        <Group gap="md" mt="xl">
          <Button component={Link} to="/register" size="md">
            Get Started
          </Button>
          <Button component="a" href={`#${sectionId}`} size="md" variant="white" color="dark">
            Learn More
          </Button>
        </Group>
      </Container>
    </section>
  );
}

/** The heading and introduction of a page's list section. */
export function SectionIntro({ id, title, text }: { id: string; title: string; text: string }) {
  return (
    <>
      <Title order={2} id={id} mb="xs">
        {title}
      </Title>
      <Text c="dimmed" mb="xl" maw={820}>
        {text}
      </Text>
    </>
  );
}
