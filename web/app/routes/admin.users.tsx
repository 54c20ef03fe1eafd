import { Stack, Title } from '@mantine/core';
import type { ActionFunctionArgs, LoaderFunctionArgs } from '@remix-run/node';
import { useLoaderData } from '@remix-run/react';
import { PeopleTable } from '~/components/admin/people-table';
import { Pager } from '~/components/catalogue/pager';
import { api } from '~/utils/api/endpoints.server';
import { adminAction, adminList } from '~/utils/admin.server';
import { sessionAction, sessionLoader } from '~/utils/route.server';

export const loader = sessionLoader((args: LoaderFunctionArgs) =>
  adminList(args, (paging) => api.adminUsers(args, paging)),
);

/** Block or Unblock: the API revokes a blocked account's sessions and closes its sockets at once. */
export const action = sessionAction((args: ActionFunctionArgs) =>
  adminAction(args, (id) => api.changeUserAccess(args, id)),
);

export default function AdminUsersRoute() {
  const { me, items, total, page, pageSize } = useLoaderData<typeof loader>();
  return (
    <Stack>
      <Title order={1}>Users</Title>
      <PeopleTable label="Users" people={items} me={me} />
      <Pager page={page} pageSize={pageSize} total={total} />
    </Stack>
  );
}
