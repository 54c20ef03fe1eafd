import { Button, Text, Title } from '@mantine/core';
import { Link } from '@remix-run/react';
import { HeroBanner } from '~/components/layout/hero-banner';

interface PageHeroProps {
  title: string;
  text: string;
  sectionId: string;
}

/** The banner of the catalogue pages (docs/product.md §2.1), with its "Get Started" and "Learn More" buttons. */
export function PageHero({ title, text, sectionId }: PageHeroProps) {
  return (
    <HeroBanner title={title} text={text}>
      <Button component={Link} to="/register" size="md">
        Get Started
      </Button>
      <Button component="a" href={`#${sectionId}`} size="md" variant="white" color="dark">
        Learn More
      </Button>
    </HeroBanner>
  );
}

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
