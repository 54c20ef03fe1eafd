import { SLIDER } from '@fitcoach/contracts';
import { ActionIcon, Group, Text, Title } from '@mantine/core';
import { memo, useRef } from 'react';
import { ChevronLeftIcon, ChevronRightIcon } from '~/components/icons';
import { useFollowLinks } from '~/utils/follow-links';
import { useHydrated } from '~/utils/use-hydrated';
import classes from './catalogue.module.css';
import { type CardProgram, ProgramCard } from './program-card';

interface ProgramSliderProps {
  title: string;
  programs: CardProgram[];
}

/** A row of the trainer page (docs/product.md §2); without JavaScript it still scrolls natively. */
export function ProgramSlider({ title, programs }: ProgramSliderProps) {
  const row = useRef<HTMLDivElement>(null);
  const hydrated = useHydrated();
  const followLinks = useFollowLinks();
  const arrows = hydrated && programs.length > SLIDER.arrowsWhenMoreThan;
  const scroll = (direction: 1 | -1) => row.current?.scrollBy({ left: direction * SLIDER.scrollPx });
  const headingId = `programmes-${title.toLowerCase()}`;

  return (
    <section aria-labelledby={headingId}>
      <Group justify="space-between" align="flex-end" mb="sm" wrap="nowrap">
        <div>
          <Title order={2} id={headingId}>
            {title}
          </Title>
          <Text c="dimmed">Choose the best programme that suits your needs</Text>
        </div>
        {arrows ? (
          <Group gap="xs" wrap="nowrap">
            <ActionIcon
              variant="default"
              size="lg"
              aria-label={`Scroll ${title} left`}
              onClick={() => scroll(-1)}
            >
              <ChevronLeftIcon />
            </ActionIcon>
            <ActionIcon
              variant="default"
              size="lg"
              aria-label={`Scroll ${title} right`}
              onClick={() => scroll(1)}
            >
              <ChevronRightIcon />
            </ActionIcon>
          </Group>
        ) : null}
      </Group>
      {programs.length === 0 ? (
        <Text c="dimmed" fs="italic">
          No programmes at this level yet.
        </Text>
      ) : (
        // Focusable so that keyboard users can scroll the row too.
        <div
          ref={row}
          className={classes.slider}
          role="group"
          aria-label={`${title} programmes`}
          tabIndex={0}
          onClick={followLinks}
        >
          <Slides programs={programs} />
        </div>
      )}
    </section>
  );
}

/** Memoised: the arrows appearing after hydration must not render a trainer's hundreds of cards again. */
const Slides = memo(function Slides({ programs }: { programs: CardProgram[] }) {
  return programs.map((program) => (
    <ProgramCard
      key={program.id}
      program={program}
      detailed={false}
      lazy
      plainLink
      className={classes.slide}
    />
  ));
});
