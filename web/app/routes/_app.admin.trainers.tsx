import type { ActionFunctionArgs, LoaderFunctionArgs, MetaFunction } from '@remix-run/node';
import { useLoaderData } from '@remix-run/react';
import { AccountsPage } from '~/components/admin/accounts-page';
import { api } from '~/utils/api/endpoints.server';
import { accountFilters, adminAction, adminList } from '~/utils/admin.server';
import { sessionAction, sessionLoader } from '~/utils/route.server';
import { privatePageMeta } from '~/utils/seo';

export const meta: MetaFunction = () =>
  privatePageMeta('Admin: trainers', 'The trainers’ accounts, to block or unblock.');

export const loader = sessionLoader((args: LoaderFunctionArgs) =>
  adminList(args, (paging, search) => api.adminTrainers(args, { ...paging, ...accountFilters(search) })),
);

/** Block or Unblock: the API revokes a blocked account's sessions and closes its sockets at once. */
export const action = sessionAction((args: ActionFunctionArgs) =>
  adminAction(args, (id) => api.changeUserAccess(args, id)),
);

export default function AdminTrainersRoute() {
  return <AccountsPage title="Trainers" {...useLoaderData<typeof loader>()} />;
}
