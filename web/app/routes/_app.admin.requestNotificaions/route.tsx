import { type ProgramResponse, REJECTION_REASON_MAX_LENGTH } from '@fitcoach/contracts';
import { Anchor, Button, Group, Image, Paper, Stack, Text, Textarea, Title } from '@mantine/core';
import type { ActionFunctionArgs, LoaderFunctionArgs, MetaFunction } from '@remix-run/node';
import { Form, Link, useActionData, useLoaderData, useLocation, useSearchParams } from '@remix-run/react';
import { Pager } from '~/components/catalogue/pager';
import { SubmitButton } from '~/components/forms/form-actions';
import { UrlDialog } from '~/components/layout/url-dialog';
import { FlashToast } from '~/components/toast';
import type { FormRejection } from '~/types/form';
import { sessionAction, sessionLoader } from '~/utils/route.server';
import { approvalsAction, loadApprovals } from './approvals.server';
import { INTENTS } from './intents';
import { privatePageMeta } from '~/utils/seo';

export const meta: MetaFunction = () =>
  privatePageMeta('Admin: pending approvals', 'Programmes waiting for approval.');

export const loader = sessionLoader((args: LoaderFunctionArgs) => loadApprovals(args));

export const action = sessionAction((args: ActionFunctionArgs) => approvalsAction(args));

function useRejectLinks() {
  const [search] = useSearchParams();
  const { pathname } = useLocation();
  const without = new URLSearchParams(search);
  without.delete('reject');
  const back = `${pathname}${without.size ? `?${without}` : ''}`;
  const open = (id: number) => {
    const next = new URLSearchParams(without);
    next.set('reject', String(id));
    return `${pathname}?${next}`;
  };
  return { back, open, rejecting: search.get('reject') };
}

function RejectForm({
  program,
  back,
  result,
}: {
  program: ProgramResponse;
  back: string;
  result?: FormRejection;
}) {
  const error = result?.errors.reason;
  return (
    <Form method="post" preventScrollReset>
      <input type="hidden" name="intent" value={INTENTS.reject} />
      <input type="hidden" name="id" value={program.id} />
      <Stack>
        <Text size="sm">
          It goes back to {program.trainer_name}, who reads the reason on their dashboard and by e-mail, and
          may change the programme and ask again.
        </Text>
        <Textarea
          label="Reason"
          name="reason"
          required
          autosize
          minRows={3}
          maxLength={REJECTION_REASON_MAX_LENGTH}
          defaultValue={result?.values.reason ?? ''}
          error={error}
        />
        <Group justify="flex-end">
          <Button component={Link} to={back} variant="default" preventScrollReset>
            Cancel
          </Button>
          <SubmitButton color="red">Reject</SubmitButton>
        </Group>
      </Stack>
    </Form>
  );
}

/** docs/product.md §2.11 Pending Approvals; Reject's dialog is a state of the URL, so it works without JavaScript. */
export default function AdminPendingApprovalsRoute() {
  const { items, total, page, pageSize } = useLoaderData<typeof loader>();
  const result = useActionData<typeof action>();
  const { back, open, rejecting } = useRejectLinks();
  const rejected = items.find((program) => String(program.id) === rejecting);
  return (
    <Stack>
      <FlashToast toast={result?.toast ?? null} />
      <Title order={1}>Programmes: Pending Approval</Title>
      {items.length === 0 ? <Text c="dimmed">No programme is waiting for approval.</Text> : null}
      <UrlDialog
        opened={rejected !== undefined}
        title={`Reject ${rejected?.program_name ?? ''}?`}
        closeTo={back}
      >
        {rejected ? (
          <RejectForm
            program={rejected}
            back={back}
            result={result?.intent === INTENTS.reject ? result : undefined}
          />
        ) : null}
      </UrlDialog>
      {items.map((program) => (
        <Paper key={program.id} withBorder p="md" component="article" aria-label={program.program_name}>
          <Group align="flex-start" wrap="nowrap">
            {program.cover_image ? (
              <Image src={program.cover_image} alt={program.program_name} w={160} radius="sm" />
            ) : null}
            <Stack gap={4} style={{ flex: 1 }}>
              <Title order={2} size="h4">
                <Anchor component={Link} to={`/programDetails/${program.id}`}>
                  {program.program_name}
                </Anchor>
              </Title>
              <Text size="sm" c="dimmed">
                {program.category} · {program.level} · {program.duration} days · by {program.trainer_name}
              </Text>
              <Text size="sm" lineClamp={3}>
                {program.description}
              </Text>
            </Stack>
            <Stack gap="xs">
              <Form method="post" preventScrollReset>
                <input type="hidden" name="intent" value={INTENTS.publish} />
                <input type="hidden" name="id" value={program.id} />
                <SubmitButton fullWidth>Publish</SubmitButton>
              </Form>
              <Button component={Link} to={open(program.id)} variant="default" color="red" preventScrollReset>
                Reject
              </Button>
            </Stack>
          </Group>
        </Paper>
      ))}
      <Pager page={page} pageSize={pageSize} total={total} />
    </Stack>
  );
}
