import type { SubscriberRecordResponse } from '@fitcoach/contracts';
import { Alert, Anchor, Group, Stack, Textarea } from '@mantine/core';
import { WORKOUT_LIMITS } from '@fitcoach/contracts';
import type { ActionFunctionArgs, LoaderFunctionArgs, MetaFunction } from '@remix-run/node';
import { Form, Link, useLoaderData, useLocation } from '@remix-run/react';
import { SubmitButton } from '~/components/forms/form-actions';
import { GeneralErrorBoundary } from '~/components/error-boundary';
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
import { api } from '~/utils/api/endpoints.server';
import { requireUser } from '~/utils/auth.server';
import { pageParam, parseId } from '~/utils/catalogue';
import { dataOrThrow, invariantResponse } from '~/utils/invariant';
import { MESSAGES } from '~/utils/messages';
import { readForm } from '~/utils/multipart.server';
import { sessionAction, sessionLoader } from '~/utils/route.server';
import { redirectWithToast } from '~/utils/toast.server';
import { textField } from '~/utils/validation';
import { photoComparison, rangeFrom, type RecordRange, recordRange } from '~/utils/record';
import { dateIn } from '~/utils/schedule';
import { privatePageMeta } from '~/utils/seo';
import { chatPath } from '~/routes/_app.chat/paths';

/*
 * A trainer's view of a subscriber's training record (docs/product.md §2.15): only what the member shares, only
 * while they follow one of the trainer's programmes; the API decides and says why not.
 */

const PAGE_SIZE = 20;

export const meta: MetaFunction = () =>
  privatePageMeta('Training record', 'What a subscriber shares with you of their training.');

type Loaded =
  | { record: SubscriberRecordResponse; page: number; range: RecordRange; refusal: null }
  | { record: null; page: number; range: RecordRange; refusal: string };

export const loader = sessionLoader(async (args: LoaderFunctionArgs): Promise<Loaded> => {
  await requireUser(args);
  const userId = parseId(args.params.userId);
  invariantResponse(userId !== null, 'Not Found', { status: 404 });
  const params = new URL(args.request.url).searchParams;
  const page = pageParam(params);
  const range = recordRange(params);
  const result = await api.subscriberRecord(
    args,
    userId,
    { page, pageSize: PAGE_SIZE },
    { from: rangeFrom(range, dateIn(new Date(), 'UTC')) },
  );
  if (!result.ok && result.status === 403)
    return { record: null, page, range, refusal: result.error.message };
  return { record: dataOrThrow(result), page, range, refusal: null };
});

/** A comment on a log: a chat message to the member (the API checks that the caller may), then back here. */
export const action = sessionAction(async (args: ActionFunctionArgs) => {
  await requireUser(args);
  const submitted = await readForm(args.request);
  invariantResponse(submitted, MESSAGES.invalidInput);
  const log = parseId(textField(submitted.form, 'log'));
  invariantResponse(log !== null, MESSAGES.invalidInput);
  const result = await api.commentLog(args, log, textField(submitted.form, 'text'));
  return redirectWithToast(
    new URL(args.request.url).pathname,
    result.ok
      ? { type: 'success', message: 'Comment sent' }
      : { type: 'error', message: result.error.message },
    args.request,
  );
});

function CommentForm({ log }: { log: number }) {
  return (
    <details>
      <summary className={classes.summary}>Comment</summary>
      <Form method="post">
        <input type="hidden" name="log" value={log} />
        <Stack gap="xs" mt="xs">
          <Textarea
            name="text"
            label="Your comment"
            required
            maxLength={WORKOUT_LIMITS.noteLength}
            autosize
            minRows={2}
          />
          <Group>
            <SubmitButton size="xs">Send comment</SubmitButton>
          </Group>
        </Stack>
      </Form>
    </details>
  );
}

function NotShared({ part }: { part: string }) {
  return <p className={ui.dimmed}>This member does not share their {part} with you.</p>;
}

export default function SubscriberRecordRoute() {
  const { record, page, range, refusal } = useLoaderData<typeof loader>();
  const { search } = useLocation();
  if (!record) {
    return (
      <div className={`${ui.container} ${classes.page}`}>
        <h1 className={ui.title}>Training record</h1>
        <Alert color="blue" variant="light">
          {refusal}
        </Alert>
        <p>
          <Anchor component={Link} to="/trainerDashboard?view=subscribers">
            Back to your subscribers
          </Anchor>
        </p>
      </div>
    );
  }
  const { user, measurements, logs, photos } = record;
  const comparison = photos && photoComparison(photos, new URLSearchParams(search));
  return (
    <div className={`${ui.container} ${classes.page}`}>
      <h1 className={ui.title}>Training record of {user.name}</h1>
      <Group>
        <Anchor component={Link} to="/trainerDashboard?view=subscribers">
          Back to your subscribers
        </Anchor>
        <Anchor component={Link} to={chatPath(user.id)}>
          Chat with {user.name}
        </Anchor>
      </Group>

      <section className={classes.section} aria-labelledby="measurements-heading">
        <h2 id="measurements-heading" className={classes.sectionTitle}>
          Measurements
        </h2>
        {measurements === null ? (
          <NotShared part="measurements" />
        ) : (
          <Stack gap="lg">
            <RangeLinks range={range} />
            {measurements.length === 0 ? (
              <NoMeasurements range={range} />
            ) : (
              <>
                <MeasurementCharts measurements={measurements} />
                <MeasurementTable measurements={measurements} />
              </>
            )}
          </Stack>
        )}
      </section>

      <section className={classes.section} aria-labelledby="photos-heading">
        <h2 id="photos-heading" className={classes.sectionTitle}>
          Progress photos
        </h2>
        {photos === null ? (
          <NotShared part="progress photos" />
        ) : comparison ? (
          <Stack gap="lg">
            <PhotoCompare comparison={comparison} />
            <PhotoGallery photos={photos} />
          </Stack>
        ) : (
          <p>No photos yet.</p>
        )}
      </section>

      <section className={classes.section} aria-labelledby="workouts-heading">
        <h2 id="workouts-heading" className={classes.sectionTitle}>
          Workouts in your programmes
        </h2>
        {logs === null ? (
          <NotShared part="workout logs" />
        ) : (
          <LogsSection
            logs={logs.results}
            total={logs.count}
            page={page}
            pageSize={PAGE_SIZE}
            empty="No workouts logged in your programmes yet."
            actions={(log) => <CommentForm log={log.id} />}
          />
        )}
      </section>
    </div>
  );
}

export function ErrorBoundary() {
  return <GeneralErrorBoundary />;
}
