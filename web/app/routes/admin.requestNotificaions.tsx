import { Anchor, Group, Image, Paper, Stack, Text, Title } from '@mantine/core';
import type { ActionFunctionArgs, LoaderFunctionArgs } from '@remix-run/node';
import { Form, Link, useLoaderData } from '@remix-run/react';
import { Pager } from '~/components/catalogue/pager';
import { SubmitButton } from '~/components/forms/form-actions';
import { adminAction, adminList } from '~/utils/admin.server';
import { api } from '~/utils/api/endpoints.server';
import { sessionAction, sessionLoader } from '~/utils/route.server';

export const loader = sessionLoader((args: LoaderFunctionArgs) =>
  adminList(args, (paging) => api.publishRequests(args, paging)),
);

/** Publish: approves the programme's pending request; it joins the catalogue and leaves this list. */
export const action = sessionAction((args: ActionFunctionArgs) =>
  adminAction(args, (id) => api.publishProgram(args, id)),
);

/** docs/product.md §2.11 Pending Approvals: the programmes waiting for a superuser, each with Publish. */
export default function AdminPendingApprovalsRoute() {
  const { items, total, page, pageSize } = useLoaderData<typeof loader>();
  return (
    <Stack>
      <Title order={1}>Programms: Pending Approval</Title>
      {items.length === 0 ? <Text c="dimmed">No programme is waiting for approval.</Text> : null}
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
            <Form method="post" preventScrollReset>
              <input type="hidden" name="id" value={program.id} />
              <SubmitButton>Publish</SubmitButton>
            </Form>
          </Group>
        </Paper>
      ))}
      <Pager page={page} pageSize={pageSize} total={total} />
    </Stack>
  );
}
