import {
  MEASUREMENT_FIELDS,
  MEASUREMENT_LABELS,
  MEASUREMENT_RANGES,
  MEASUREMENT_UNITS,
  PHOTO_POSE_LABELS,
  PHOTO_POSES,
} from '@fitcoach/contracts';
import { Alert, Anchor, Checkbox, Group, NativeSelect, Stack, TextInput } from '@mantine/core';
import type { MetaFunction } from '@remix-run/node';
import { Form, useActionData, useLoaderData } from '@remix-run/react';
import { GeneralErrorBoundary } from '~/components/error-boundary';
import { FileField } from '~/components/forms/file-field';
import { SubmitButton } from '~/components/forms/form-actions';
import { PhotoCompare, PhotoGallery } from '~/components/record/progress-photos';
import {
  LogsSection,
  MeasurementCharts,
  MeasurementTable,
  NoMeasurements,
  RangeLinks,
} from '~/components/record/record-view';
import classes from '~/components/record/record.module.css';
import ui from '~/components/ui/ui.module.css';
import { sessionAction, sessionLoader } from '~/utils/route.server';
import { privatePageMeta } from '~/utils/seo';
import { RECORD_INTENTS, RECORD_LOGS_PAGE_SIZE } from '~/utils/record';
import {
  loadRecord,
  type MeasurementFormState,
  type PhotoFormState,
  recordAction,
  type RecordData,
} from './record.server';

export const meta: MetaFunction = () =>
  privatePageMeta('Your training record', 'Your workouts, your measurements over time and what you share.');

export const loader = sessionLoader(loadRecord);

export const action = sessionAction(recordAction);

/** The API's words on a refused form, above it. */
function Refusal({ message }: { message: string | undefined }) {
  if (!message) return null;
  return (
    <Alert color="red" variant="light" role="alert">
      {message}
    </Alert>
  );
}

/** A record form's date: left empty, the API takes the member's today. */
function DateField({
  name,
  latestDate,
  value,
  error,
}: {
  name: string;
  latestDate: string;
  value: string | undefined;
  error: string | undefined;
}) {
  return (
    <TextInput
      type="date"
      name={name}
      label="Date"
      description="Empty: today"
      max={latestDate}
      defaultValue={value ?? ''}
      error={error}
    />
  );
}

function MeasurementForm({ latestDate, state }: { latestDate: string; state: MeasurementFormState | null }) {
  return (
    <Form method="post" aria-labelledby="measure-heading">
      <h3 id="measure-heading" className={classes.chartTitle}>
        Add measurements
      </h3>
      <Stack gap="sm">
        <Refusal message={state?.message} />
        <div className={classes.fields}>
          <DateField
            name="measured_on"
            latestDate={latestDate}
            value={state?.values.measured_on}
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

function PhotoForm({ latestDate, state }: { latestDate: string; state: PhotoFormState | null }) {
  return (
    <Form method="post" encType="multipart/form-data" aria-labelledby="photo-heading">
      <h3 id="photo-heading" className={classes.chartTitle}>
        Add a photo
      </h3>
      <Stack gap="sm">
        <Refusal message={state?.message} />
        <div className={classes.fields}>
          <NativeSelect
            name="pose"
            label="Pose"
            defaultValue={state?.values.pose || PHOTO_POSES[0]}
            data={PHOTO_POSES.map((pose) => ({ value: pose, label: PHOTO_POSE_LABELS[pose] }))}
            error={state?.errors.pose}
          />
          <DateField
            name="taken_on"
            latestDate={latestDate}
            value={state?.values.taken_on}
            error={state?.errors.taken_on}
          />
        </div>
        <FileField
          name="image"
          label="Photo"
          description="One per day and pose; a second replaces it. Only you see it unless you share photos below."
          error={state?.errors.image}
        />
        <Group>
          <SubmitButton name="intent" value={RECORD_INTENTS.photo}>
            Save photo
          </SubmitButton>
        </Group>
      </Stack>
    </Form>
  );
}

function Photos({ photos, comparison }: Pick<RecordData, 'photos' | 'comparison'>) {
  if (!comparison)
    return <p>No photos yet: a front, side or back photo now and then shows change that scales miss.</p>;
  return (
    <Stack gap="lg">
      <PhotoCompare comparison={comparison} />
      <PhotoGallery
        photos={photos}
        actions={(photo, name) => (
          <Form method="post">
            <input type="hidden" name="photo" value={photo.id} />
            <SubmitButton
              size="xs"
              variant="subtle"
              color="red"
              name="intent"
              value={RECORD_INTENTS.unphoto}
              aria-label={`Delete the ${name.charAt(0).toLowerCase()}${name.slice(1)}`}
            >
              Delete
            </SubmitButton>
          </Form>
        )}
      />
    </Stack>
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
              <Checkbox name="photos" label="Progress photos" defaultChecked={entry.photos} />
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
  const { measurements, range, logs, logsTotal, page, photos, comparison, sharing, latestDate } =
    useLoaderData<typeof loader>();
  const submitted = useActionData<typeof action>();
  const refused = submitted && 'form' in submitted ? submitted : null;
  const measureState = refused?.form === 'measure' ? refused : null;
  const photoState = refused?.form === 'photo' ? refused : null;
  return (
    <div className={`${ui.container} ${classes.page}`}>
      <h1 className={ui.title}>Your training record</h1>
      <p>Private to you: each trainer you follow sees only what you share with them below.</p>

      <section className={classes.section} aria-labelledby="measurements-heading">
        <h2 id="measurements-heading" className={classes.sectionTitle}>
          Measurements
        </h2>
        <Stack gap="lg">
          <RangeLinks range={range} />
          {measurements.length === 0 ? <NoMeasurements range={range} /> : null}
          <MeasurementCharts measurements={measurements} />
          <MeasurementForm
            key={measureState ? 'refused' : 'blank'}
            latestDate={latestDate}
            state={measureState}
          />
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

      <section className={classes.section} aria-labelledby="photos-heading">
        <h2 id="photos-heading" className={classes.sectionTitle}>
          Progress photos
        </h2>
        <Stack gap="lg">
          <Photos photos={photos} comparison={comparison} />
          <PhotoForm key={photoState ? 'refused' : 'blank'} latestDate={latestDate} state={photoState} />
        </Stack>
      </section>

      <section className={classes.section} aria-labelledby="downloads-heading">
        <h2 id="downloads-heading" className={classes.sectionTitle}>
          Downloads
        </h2>
        <p>Your record as spreadsheets (CSV), to keep or to use elsewhere:</p>
        <Group>
          <Anchor href="/record/download/workouts" download>
            Workouts, set by set
          </Anchor>
          <Anchor href="/record/download/measurements" download>
            Measurements
          </Anchor>
        </Group>
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
