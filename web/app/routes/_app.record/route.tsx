import {
  MEASUREMENT_FIELDS,
  MEASUREMENT_LABELS,
  MEASUREMENT_RANGES,
  MEASUREMENT_UNITS,
} from '@fitcoach/contracts';
import { Alert, Checkbox, Group, Stack, TextInput } from '@mantine/core';
import type { MetaFunction } from '@remix-run/node';
import { Form, useActionData, useLoaderData } from '@remix-run/react';
import { GeneralErrorBoundary } from '~/components/error-boundary';
import { SubmitButton } from '~/components/forms/form-actions';
import { LogsSection, MeasurementCharts, MeasurementTable } from '~/components/record/record-view';
import classes from '~/components/record/record.module.css';
import ui from '~/components/ui/ui.module.css';
import { sessionAction, sessionLoader } from '~/utils/route.server';
import { privatePageMeta } from '~/utils/seo';
import { RECORD_INTENTS, RECORD_LOGS_PAGE_SIZE } from '~/utils/record';
import { loadRecord, type MeasurementFormState, recordAction, type RecordData } from './record.server';

export const meta: MetaFunction = () =>
  privatePageMeta('Your training record', 'Your workouts, your measurements over time and what you share.');

export const loader = sessionLoader(loadRecord);

export const action = sessionAction(recordAction);

function MeasurementForm({ today, state }: { today: string; state: MeasurementFormState | null }) {
  return (
    <Form method="post" aria-labelledby="measure-heading">
      <h3 id="measure-heading" className={classes.chartTitle}>
        Add measurements
      </h3>
      <Stack gap="sm">
        {state ? (
          <Alert color="red" variant="light" role="alert">
            {state.message}
          </Alert>
        ) : null}
        <div className={classes.fields}>
          <TextInput
            type="date"
            name="measured_on"
            label="Date"
            max={today}
            defaultValue={state?.values.measured_on || today}
            error={state?.errors.measured_on}
          />
          {MEASUREMENT_FIELDS.map((field) => (
            <TextInput
              key={field}
              name={field}
              label={`${MEASUREMENT_LABELS[field]} (${MEASUREMENT_UNITS[field]})`}
              inputMode="decimal"
              description={`${MEASUREMENT_RANGES[field].min} to ${MEASUREMENT_RANGES[field].max}`}
              defaultValue={state?.values[field] ?? ''}
              error={state?.errors[field]}
            />
          ))}
        </div>
        <Group>
          <SubmitButton name="intent" value={RECORD_INTENTS.measure}>
            Save measurements
          </SubmitButton>
        </Group>
      </Stack>
    </Form>
  );
}

function Sharing({ sharing }: { sharing: RecordData['sharing'] }) {
  if (sharing.length === 0) {
    return <p>When you follow a trainer’s programme, you choose here what they may see.</p>;
  }
  return (
    <ul className={classes.sharing}>
      {sharing.map((entry) => (
        <li key={entry.trainer.id} className={classes.share}>
          <Form method="post">
            <input type="hidden" name="trainer" value={entry.trainer.id} />
            <fieldset className={classes.shareFields}>
              <legend className={classes.chartTitle}>Share with {entry.trainer.name}</legend>
              <Checkbox name="logs" label="Workout logs" defaultChecked={entry.logs} />
              <Checkbox name="measurements" label="Measurements" defaultChecked={entry.measurements} />
              <SubmitButton size="xs" variant="default" name="intent" value={RECORD_INTENTS.share}>
                Save
              </SubmitButton>
            </fieldset>
          </Form>
        </li>
      ))}
    </ul>
  );
}

export default function RecordRoute() {
  const { measurements, logs, logsTotal, page, sharing, today } = useLoaderData<typeof loader>();
  const submitted = useActionData<typeof action>();
  const state = submitted && 'values' in submitted ? submitted : null;
  return (
    <div className={`${ui.container} ${classes.page}`}>
      <h1 className={ui.title}>Your training record</h1>
      <p>Private to you: each trainer you follow sees only what you share with them below.</p>

      <section className={classes.section} aria-labelledby="measurements-heading">
        <h2 id="measurements-heading" className={classes.sectionTitle}>
          Measurements
        </h2>
        <Stack gap="lg">
          <MeasurementCharts measurements={measurements} />
          <MeasurementForm key={state ? 'refused' : 'blank'} today={today} state={state} />
          {measurements.length > 0 ? (
            <MeasurementTable
              measurements={measurements}
              actions={(entry) => (
                <Form method="post">
                  <input type="hidden" name="measurement" value={entry.id} />
                  <SubmitButton
                    size="xs"
                    variant="subtle"
                    color="red"
                    name="intent"
                    value={RECORD_INTENTS.unmeasure}
                    aria-label={`Delete the measurements of ${entry.measured_on}`}
                  >
                    Delete
                  </SubmitButton>
                </Form>
              )}
            />
          ) : null}
        </Stack>
      </section>

      <section className={classes.section} aria-labelledby="workouts-heading">
        <h2 id="workouts-heading" className={classes.sectionTitle}>
          Workouts
        </h2>
        <LogsSection
          logs={logs}
          total={logsTotal}
          page={page}
          pageSize={RECORD_LOGS_PAGE_SIZE}
          empty="No workouts logged yet: log one from a lesson of a programme you follow."
        />
      </section>

      <section className={classes.section} aria-labelledby="sharing-heading">
        <h2 id="sharing-heading" className={classes.sectionTitle}>
          Sharing with your trainers
        </h2>
        <Sharing sharing={sharing} />
      </section>
    </div>
  );
}

export function ErrorBoundary() {
  return <GeneralErrorBoundary />;
}
