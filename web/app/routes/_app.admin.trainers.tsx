import type { TrainerAccountResponse } from '@fitcoach/contracts';
import { Badge, Group } from '@mantine/core';
import type { ActionFunctionArgs, LoaderFunctionArgs, MetaFunction } from '@remix-run/node';
import { Form, useLoaderData } from '@remix-run/react';
import { AccountsPage } from '~/components/admin/accounts-page';
import { SubmitButton } from '~/components/forms/form-actions';
import type { Column } from '~/components/layout/data-table';
import { api } from '~/utils/api/endpoints.server';
import { accountFilters, adminChange, adminList } from '~/utils/admin.server';
import { requireSuperuser } from '~/utils/auth.server';
import { readForm } from '~/utils/multipart.server';
import { sessionAction, sessionLoader } from '~/utils/route.server';
import { privatePageMeta } from '~/utils/seo';

export const meta: MetaFunction = () =>
  privatePageMeta('Admin: trainers', 'The trainers’ accounts, to verify, block or unblock.');

export const loader = sessionLoader((args: LoaderFunctionArgs) =>
  adminList(args, (paging, search) => api.adminTrainers(args, { ...paging, ...accountFilters(search) })),
);

const VERIFY = 'verify';

/** The API revokes a blocked account's sessions and closes its sockets at once. */
export const action = sessionAction(async (args: ActionFunctionArgs) => {
  await requireSuperuser(args);
  const form = (await readForm(args.request))?.form ?? null;
  if (form?.get('intent') !== VERIFY) {
    return adminChange(args, form, (id) => api.changeUserAccess(args, id));
  }
  const verified = form.get('verified') === 'true';
  return adminChange(args, form, async (id) => {
    const result = await api.verifyTrainer(args, id, verified);
    if (!result.ok) return result;
    const name = result.data.username;
    return {
      ...result,
      data: { message: verified ? `${name} is verified` : `${name} is no longer verified` },
    };
  });
});

const VERIFIED_COLUMN: Column<TrainerAccountResponse> = {
  header: 'Verified',
  cell: (trainer) => (
    <Group gap="xs" wrap="nowrap">
      <Badge color={trainer.verified ? 'green' : 'gray'} variant="light">
        {trainer.verified ? 'Verified' : 'Not verified'}
      </Badge>
      <Form method="post" preventScrollReset>
        <input type="hidden" name="intent" value={VERIFY} />
        <input type="hidden" name="id" value={trainer.trainer_id} />
        <input type="hidden" name="verified" value={trainer.verified ? 'false' : 'true'} />
        <SubmitButton size="xs" variant={trainer.verified ? 'default' : 'filled'}>
          {trainer.verified ? 'Unverify' : 'Verify'}
        </SubmitButton>
      </Form>
    </Group>
  ),
};

export default function AdminTrainersRoute() {
  return (
    <AccountsPage title="Trainers" {...useLoaderData<typeof loader>()} extraColumns={[VERIFIED_COLUMN]} />
  );
}
