import { Box, Container, Text, Title } from '@mantine/core';
import summaryClasses from '~/components/layout/summary.module.css';
import classes from './home.module.css';

/* "READ MORE" reveals the rest of the story in place: a native <details>, so it also works without JavaScript. */
export function OurStory() {
  return (
    <Box className={classes.story}>
      <Container size="md" py={64}>
        <Text className={classes.eyebrow}>OUR STORY</Text>
        <Title order={2} className={classes.sectionTitle} mb="md">
          We Are the Get-fit Family
        </Title>
        <Text size="lg">
          We Are the Get-fit Family, a community of trainers and members who believe that fitness is built one
          day at a time.
        </Text>
        <details className={classes.readMore}>
          <summary className={`${summaryClasses.summary} ${classes.readMoreSummary}`}>READ MORE</summary>
          <Text mt="md">
            Every programme on Get-Fit is a day-by-day plan made by a trainer we know, with a video for each
            lesson and a progress bar that shows how far you have come. Pick a programme, follow it at your
            pace, and talk to your trainer whenever you need a hand.
          </Text>
        </details>
      </Container>
    </Box>
  );
}
