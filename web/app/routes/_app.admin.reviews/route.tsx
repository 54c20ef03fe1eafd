import {
  type HiddenReviewResponse,
  REVIEW_LIMITS,
  type ReviewReportResponse,
  type ReviewResponse,
} from '@fitcoach/contracts';
import { Anchor, Button, Group, Paper, Stack, Text, Textarea, Title } from '@mantine/core';
import type { ActionFunctionArgs, LoaderFunctionArgs, MetaFunction } from '@remix-run/node';
import { Form, Link, useActionData, useLoaderData, useLocation, useSearchParams } from '@remix-run/react';
import { Pager } from '~/components/catalogue/pager';
import { SubmitButton } from '~/components/forms/form-actions';
import { UrlDialog } from '~/components/layout/url-dialog';
import { Stars } from '~/components/reviews/stars';
import { FlashToast } from '~/components/toast';
import type { FormRejection } from '~/types/form';
import { sessionAction, sessionLoader } from '~/utils/route.server';
import { privatePageMeta } from '~/utils/seo';
import { INTENTS } from './intents';
import { loadReviews, reviewsAction } from './reviews.server';

export const meta: MetaFunction<typeof loader> = ({ data }) =>
  data?.view === 'hidden'
    ? privatePageMeta('Admin: hidden reviews', 'Reviews that superusers hid, to show again.')
    : privatePageMeta('Admin: reported reviews', 'Reviews that members reported to the moderators.');

export const loader = sessionLoader((args: LoaderFunctionArgs) => loadReviews(args));

export const action = sessionAction((args: ActionFunctionArgs) => reviewsAction(args));

const day = (iso: string) => iso.slice(0, 10);

function useHideLinks() {
  const [search] = useSearchParams();
  const { pathname } = useLocation();
  const without = new URLSearchParams(search);
  without.delete('hide');
  const back = `${pathname}${without.size ? `?${without}` : ''}`;
  const open = (reportId: number) => {
    const next = new URLSearchParams(without);
    next.set('hide', String(reportId));
    return `${pathname}?${next}`;
  };
  return { back, open, hiding: search.get('hide') };
}

/** A form of one button: the action `intent` on `id`. */
function ActionButton({ intent, id, label }: { intent: string; id: number; label: string }) {
  return (
    <Form method="post" preventScrollReset>
      <input type="hidden" name="intent" value={intent} />
      <input type="hidden" name="id" value={id} />
      <SubmitButton fullWidth variant="default">
        {label}
      </SubmitButton>
    </Form>
  );
}

function HideForm({
  report,
  back,
  result,
}: {
  report: ReviewReportResponse;
  back: string;
  result?: FormRejection;
}) {
  return (
    <Form method="post" preventScrollReset>
      <input type="hidden" name="intent" value={INTENTS.hide} />
      <input type="hidden" name="id" value={report.review.id} />
      <Stack>
        <Text size="sm">
          It leaves the programme page and the programme’s standing, and every open report of it is closed.
          The reason is kept in Activity.
        </Text>
        <Textarea
          label="Reason"
          name="reason"
          required
          autosize
          minRows={3}
          maxLength={REVIEW_LIMITS.reasonLength}
          defaultValue={result?.values.reason ?? ''}
          error={result?.errors.reason}
        />
        <Group justify="flex-end">
          <Button component={Link} to={back} variant="default" preventScrollReset>
            Cancel
          </Button>
          <SubmitButton color="red">Hide review</SubmitButton>
        </Group>
      </Stack>
    </Form>
  );
}

/** What the reported and the hidden views show of a review: the review as its programme page shows it. */
function ReviewBody({ review, titleId }: { review: ReviewResponse; titleId: string }) {
  return (
    <>
      <Group gap="xs" align="baseline">
        <Stars stars={review.stars} />
        <Title order={2} size="h4" id={titleId}>
          {review.title}
        </Title>
      </Group>
      <Text size="sm" c="dimmed">
        By {review.author.name}, <time dateTime={review.created_at}>{day(review.created_at)}</time> ·{' '}
        <Anchor component={Link} to={`/programDetails/${review.program}#reviews`}>
          Its programme’s reviews
        </Anchor>
      </Text>
      <Text style={{ whiteSpace: 'pre-line' }}>{review.text}</Text>
    </>
  );
}

function Report({ report, hideLink }: { report: ReviewReportResponse; hideLink: string }) {
  const titleId = `report-${report.id}`;
  return (
    <Paper withBorder p="md" component="article" aria-labelledby={titleId}>
      <Group align="flex-start" wrap="nowrap">
        <Stack gap={4} style={{ flex: 1 }}>
          <ReviewBody review={report.review} titleId={titleId} />
          <Text size="sm" mt="xs" fw={600}>
            Reported by {report.reporter.name},{' '}
            <time dateTime={report.created_at}>{day(report.created_at)}</time>
          </Text>
          <Text size="sm" style={{ whiteSpace: 'pre-line' }}>
            {report.reason}
          </Text>
        </Stack>
        <Stack gap="xs">
          <Button component={Link} to={hideLink} variant="default" color="red" preventScrollReset>
            Hide review
          </Button>
          <ActionButton intent={INTENTS.keep} id={report.id} label="Keep review" />
        </Stack>
      </Group>
    </Paper>
  );
}

function HiddenReview({ review }: { review: HiddenReviewResponse }) {
  const titleId = `review-${review.id}`;
  return (
    <Paper withBorder p="md" component="article" aria-labelledby={titleId}>
      <Group align="flex-start" wrap="nowrap">
        <Stack gap={4} style={{ flex: 1 }}>
          <ReviewBody review={review} titleId={titleId} />
          {review.hidden_reason ? (
            <Text size="sm" mt="xs" style={{ whiteSpace: 'pre-line' }}>
              Hidden because: {review.hidden_reason}
            </Text>
          ) : null}
        </Stack>
        <ActionButton intent={INTENTS.show} id={review.id} label="Show again" />
      </Group>
    </Paper>
  );
}

const VIEWS = [
  { view: 'reported', label: 'Reported', to: '/admin/reviews' },
  { view: 'hidden', label: 'Hidden', to: '/admin/reviews?view=hidden' },
] as const;

function ViewLinks({ current }: { current: (typeof VIEWS)[number]['view'] }) {
  return (
    <Group component="nav" aria-label="Review views" gap="xs">
      {VIEWS.map(({ view, label, to }) => (
        <Button
          key={view}
          component={Link}
          to={to}
          variant={view === current ? 'light' : 'subtle'}
          aria-current={view === current ? 'page' : undefined}
        >
          {label}
        </Button>
      ))}
    </Group>
  );
}

function ReportedView({ reports, result }: { reports: ReviewReportResponse[]; result?: FormRejection }) {
  const { back, open, hiding } = useHideLinks();
  const toHide = reports.find((report) => String(report.id) === hiding);
  return (
    <>
      {reports.length === 0 ? <Text c="dimmed">No review is reported.</Text> : null}
      <UrlDialog
        opened={toHide !== undefined}
        title={`Hide the review “${toHide?.review.title ?? ''}”?`}
        closeTo={back}
      >
        {toHide ? <HideForm report={toHide} back={back} result={result} /> : null}
      </UrlDialog>
      {reports.map((report) => (
        <Report key={report.id} report={report} hideLink={open(report.id)} />
      ))}
    </>
  );
}

/**
 * docs/product.md §2.11 Reviews: the open reports, oldest first, or with `?view=hidden` the hidden reviews, newest
 * first. Hide's dialog is a state of the URL, so it works without JavaScript.
 */
export default function AdminReviewsRoute() {
  const data = useLoaderData<typeof loader>();
  const result = useActionData<typeof action>();
  return (
    <Stack>
      <FlashToast toast={result?.toast ?? null} />
      <Title order={1}>Reviews: {data.view === 'hidden' ? 'Hidden' : 'Reported'}</Title>
      <ViewLinks current={data.view} />
      {data.view === 'hidden' ? (
        <>
          {data.items.length === 0 ? <Text c="dimmed">No review is hidden.</Text> : null}
          {data.items.map((review) => (
            <HiddenReview key={review.id} review={review} />
          ))}
        </>
      ) : (
        <ReportedView reports={data.items} result={result?.intent === INTENTS.hide ? result : undefined} />
      )}
      <Pager page={data.page} pageSize={data.pageSize} total={data.total} />
    </Stack>
  );
}
