import { EMAIL_MAX_LENGTH, type UserBriefResponse } from '@fitcoach/contracts';
import { Alert, Button, Group, Stack, Text, TextInput, Title } from '@mantine/core';
import type { ActionFunctionArgs, LoaderFunctionArgs, MetaFunction } from '@remix-run/node';
import { Form, Link, useActionData, useLoaderData, useLocation, useSearchParams } from '@remix-run/react';
import { Pager } from '~/components/catalogue/pager';
import { SubmitButton } from '~/components/forms/form-actions';
import { type Column, DataTable } from '~/components/layout/data-table';
import { UrlDialog } from '~/components/layout/url-dialog';
import { FlashToast } from '~/components/toast';
import { sessionAction, sessionLoader } from '~/utils/route.server';
import { INTENTS } from './intents';
import { loadSuperusers, superusersAction } from './superusers.server';
import { privatePageMeta } from '~/utils/seo';

export const meta: MetaFunction = () =>
  privatePageMeta('Admin: superusers', 'The superusers, and who may become one.');

export const loader = sessionLoader((args: LoaderFunctionArgs) => loadSuperusers(args));

export const action = sessionAction((args: ActionFunctionArgs) => superusersAction(args));

function useDialogLinks() {
  const [search] = useSearchParams();
  const { pathname } = useLocation();
  const without = new URLSearchParams(search);
  without.delete('promote');
  without.delete('demote');
  const back = `${pathname}${without.size ? `?${without}` : ''}`;
  const open = (name: 'demote', value: string) => {
    const next = new URLSearchParams(without);
    next.set(name, value);
    return `${pathname}?${next}`;
  };
  return { back, open, promote: search.get('promote'), demote: search.get('demote') };
}

function DemoteDialog({ user, me, back }: { user: UserBriefResponse | undefined; me: number; back: string }) {
  const self = user?.id === me;
  return (
    <UrlDialog
      opened={user !== undefined}
      title={self ? 'Stop being a superuser?' : `Remove ${user?.username ?? ''} as a superuser?`}
      closeTo={back}
    >
      <Text mb="md">
        {self
          ? 'You lose the admin panel at once; your account stays, as a member.'
          : 'They lose the admin panel at once; their account stays, as a member.'}
      </Text>
      {user ? (
        <Form method="post" preventScrollReset>
          <input type="hidden" name="intent" value={INTENTS.demote} />
          <input type="hidden" name="id" value={user.id} />
          <Group>
            <Button component={Link} to={back} variant="default" preventScrollReset>
              Cancel
            </Button>
            <SubmitButton color="red">Yes, remove</SubmitButton>
          </Group>
        </Form>
      ) : null}
    </UrlDialog>
  );
}

function PromoteDialog({ email, back, error }: { email: string | null; back: string; error?: string }) {
  return (
    <UrlDialog opened={email !== null} title={`Make ${email ?? ''} a superuser?`} closeTo={back}>
      <Text mb="md">
        They get the whole admin panel: blocking accounts, publishing and rejecting programmes, and managing
        superusers.
      </Text>
      {error ? (
        <Alert color="red" mb="md">
          {error}
        </Alert>
      ) : null}
      <Form method="post" preventScrollReset>
        <input type="hidden" name="intent" value={INTENTS.promote} />
        <input type="hidden" name="email" value={email ?? ''} />
        <Group>
          <Button component={Link} to={back} variant="default" preventScrollReset>
            Cancel
          </Button>
          <SubmitButton>Yes, make superuser</SubmitButton>
        </Group>
      </Form>
    </UrlDialog>
  );
}

/** docs/product.md §2.11 Settings → Superusers: confirmations are dialogs of the URL, needing no JavaScript. */
export default function AdminSuperusersRoute() {
  const { me, items, total, page, pageSize } = useLoaderData<typeof loader>();
  const result = useActionData<typeof action>();
  const { back, open, promote, demote } = useDialogLinks();
  const promoteError = result?.intent === INTENTS.promote ? result.errors.email : undefined;
  const columns: Column<UserBriefResponse>[] = [
    { header: 'ID', cell: (user) => user.id },
    { header: 'Name', cell: (user) => (user.id === me ? `${user.username} (you)` : user.username) },
    { header: 'Email', cell: (user) => user.email },
    {
      header: 'Role',
      cell: (user) =>
        total > 1 ? (
          <Button
            component={Link}
            to={open('demote', String(user.id))}
            size="xs"
            variant="default"
            color="red"
            preventScrollReset
            aria-label={`Remove ${user.username}`}
          >
            Remove
          </Button>
        ) : (
          <Text size="sm" c="dimmed">
            The last superuser
          </Text>
        ),
    },
  ];
  return (
    <Stack>
      <FlashToast toast={result?.toast ?? null} />
      <Title order={2}>Superusers</Title>
      <DataTable label="Superusers" columns={columns} rows={items} rowKey={(user) => user.id} />
      <Pager page={page} pageSize={pageSize} total={total} />
      <DemoteDialog user={items.find((user) => String(user.id) === demote)} me={me} back={back} />
      <Title order={3} size="h4">
        Make a superuser
      </Title>
      <Form method="get" aria-label="Make a superuser">
        <Group align="flex-end" gap="sm">
          <TextInput
            label="E-mail address of the account"
            name="promote"
            type="email"
            required
            maxLength={EMAIL_MAX_LENGTH}
            defaultValue={promote ?? ''}
            error={promoteError}
          />
          <Button type="submit">Continue</Button>
        </Group>
      </Form>
      <PromoteDialog email={promote} back={back} error={promoteError} />
    </Stack>
  );
}
