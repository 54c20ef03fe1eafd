import type { MeasurementResponse } from '@fitcoach/contracts';
import { Anchor, Paper, Text, Title } from '@mantine/core';
import { Link } from '@remix-run/react';
import { MeasurementCharts } from '~/components/record/record-view';

/** The last year's measurements charted on the profile; the training record has the rest. */
export function BodyOverTime({ measurements }: { measurements: MeasurementResponse[] | null }) {
  return (
    <Paper withBorder p="xl" mt="lg" component="section" aria-labelledby="body-over-time-title">
      <Title order={2} size="h3" id="body-over-time-title" mb="sm">
        Your body over time
      </Title>
      {measurements === null ? (
        <Text mb="sm">Your measurements cannot be shown right now.</Text>
      ) : measurements.length === 0 ? (
        <Text mb="sm">No measurements in the last year: record some in your training record.</Text>
      ) : (
        <MeasurementCharts measurements={measurements} />
      )}
      <Anchor component={Link} to="/record" size="sm" mt="sm" display="inline-block">
        Your training record: workouts, measurements and photos over time
      </Anchor>
    </Paper>
  );
}
