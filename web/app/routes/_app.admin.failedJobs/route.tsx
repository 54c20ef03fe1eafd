import type { FailedJobResponse } from '@fitcoach/contracts';
import { Code, Stack, Text, Title } from '@mantine/core';
import type { ActionFunctionArgs, LoaderFunctionArgs, MetaFunction } from '@remix-run/node';
import { Form, useLoaderData } from '@remix-run/react';
import { utcMinute } from '~/components/admin/audit-log';
import { Pager } from '~/components/catalogue/pager';
import { SubmitButton } from '~/components/forms/form-actions';
import { type Column, DataTable } from '~/components/layout/data-table';
import { sessionAction, sessionLoader } from '~/utils/route.server';
import { privatePageMeta } from '~/utils/seo';
import { loadFailedJobs, retryFailedJob } from './failedJobs.server';

export const meta: MetaFunction = () =>
  privatePageMeta('Admin: failed jobs', 'The jobs that failed their last attempt, to run again.');

export const loader = sessionLoader((args: LoaderFunctionArgs) => loadFailedJobs(args));

export const action = sessionAction((args: ActionFunctionArgs) => retryFailedJob(args));

function RetryCell({ job }: { job: FailedJobResponse }) {
  if (job.retried_at !== null) {
    return <Text size="sm">Queued again {utcMinute(job.retried_at)}</Text>;
  }
  return (
    <Form method="post" preventScrollReset>
      <input type="hidden" name="id" value={job.id} />
      <SubmitButton size="xs" aria-label={`Retry job ${job.id}, ${job.name}`}>
        Retry
      </SubmitButton>
    </Form>
  );
}

const COLUMNS: Column<FailedJobResponse>[] = [
  { header: 'ID', cell: (job) => job.id },
  { header: 'Failed', cell: (job) => utcMinute(job.failed_at) },
  { header: 'Queue', cell: (job) => job.queue },
  { header: 'Job', cell: (job) => job.name },
  { header: 'Attempts', cell: (job) => job.attempts },
  {
    header: 'Last error',
    cell: (job) => (
      <Code block style={{ whiteSpace: 'pre-wrap', wordBreak: 'break-word' }}>
        {job.last_error}
      </Code>
    ),
  },
  { header: 'Retry', cell: (job) => <RetryCell job={job} /> },
];

/** Failed Jobs (docs/decisions/035-dead-letters-and-bounded-waits.md): Retry works without JavaScript. */
export default function AdminFailedJobsRoute() {
  const { items, total, page, pageSize } = useLoaderData<typeof loader>();
  return (
    <Stack>
      <Title order={1}>Failed Jobs</Title>
      <Text>
        Jobs that failed every attempt (e-mails, payment events). Retry queues one again once its cause is
        mended.
      </Text>
      <DataTable label="Failed jobs" columns={COLUMNS} rows={items} rowKey={(job) => job.id} minWidth={820} />
      {items.length === 0 ? <Text c="dimmed">No job has failed.</Text> : null}
      <Pager page={page} pageSize={pageSize} total={total} />
    </Stack>
  );
}
