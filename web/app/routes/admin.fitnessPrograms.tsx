import { Stack, Title } from '@mantine/core';
import type { ActionFunctionArgs, LoaderFunctionArgs } from '@remix-run/node';
import { useLoaderData } from '@remix-run/react';
import { ProgramsTable } from '~/components/admin/programs-table';
import { Pager } from '~/components/catalogue/pager';
import { adminAction, adminList } from '~/utils/admin.server';
import { api } from '~/utils/api/endpoints.server';
import { sessionAction, sessionLoader } from '~/utils/route.server';

export const loader = sessionLoader((args: LoaderFunctionArgs) =>
  adminList(args, (paging) => api.adminPrograms(args, paging)),
);

/** Block a published programme, or publish one that is not. */
export const action = sessionAction((args: ActionFunctionArgs) =>
  adminAction(args, (id) => api.changePublishStatus(args, id)),
);

export default function AdminProgramsRoute() {
  const { items, total, page, pageSize } = useLoaderData<typeof loader>();
  return (
    <Stack>
      <Title order={1}>Programms</Title>
      <ProgramsTable programs={items} />
      <Pager page={page} pageSize={pageSize} total={total} />
    </Stack>
  );
}
