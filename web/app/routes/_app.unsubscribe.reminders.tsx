import { Alert, Anchor, Stack, Text } from '@mantine/core';
import { type ActionFunctionArgs, data, type LoaderFunctionArgs, type MetaFunction } from '@remix-run/node';
import { Form, Link, useActionData, useLoaderData } from '@remix-run/react';
import { AuthCard } from '~/components/auth/auth-card';
import { SubmitButton } from '~/components/forms/form-actions';
import { api } from '~/utils/api/endpoints.server';
import { readForm } from '~/utils/multipart.server';
import { privatePageMeta } from '~/utils/seo';
import { textField } from '~/utils/validation';

export const meta: MetaFunction = () =>
  privatePageMeta('Unsubscribe from lesson reminders', 'Stop the daily lesson reminder e-mails.');

// docs/product.md §2.9: opening the link changes nothing (mail scanners fetch links); the page's button, or the
// mail client's one-click POST (RFC 8058, `List-Unsubscribe=One-Click` to this same address), unsubscribes.

function tokenOf(request: Request): string {
  return new URL(request.url).searchParams.get('token') ?? '';
}

export function loader({ request }: LoaderFunctionArgs) {
  return { token: tokenOf(request) };
}

const INVALID_LINK = 'This unsubscribe link is not valid.';

// No session and no same-origin check: the signed token is the credential, and mail clients post from elsewhere.
export async function action(args: ActionFunctionArgs) {
  const submitted = await readForm(args.request);
  const token = (submitted && textField(submitted.form, 'token')) || tokenOf(args.request);
  if (token === '') return data({ ok: false, message: INVALID_LINK }, { status: 400 });
  const result = await api.unsubscribeReminders(args, token);
  if (!result.ok) return data({ ok: false, message: result.error.message }, { status: result.status });
  return { ok: true, message: 'You will no longer receive lesson reminders.' };
}

export default function UnsubscribeRemindersRoute() {
  const { token } = useLoaderData<typeof loader>();
  const done = useActionData<typeof action>();
  const settings = (
    <Text size="sm">
      You can turn them on again, and choose your other notifications, in{' '}
      <Anchor component={Link} to="/userProfile" underline="always">
        your profile&apos;s settings
      </Anchor>
      .
    </Text>
  );
  return (
    <AuthCard title="Lesson reminders">
      {done?.ok ? (
        <Stack>
          <Alert color="green" role="status" title="Unsubscribed">
            {done.message}
          </Alert>
          {settings}
        </Stack>
      ) : (
        <Form method="post">
          <input type="hidden" name="token" value={token} />
          <Stack>
            {done ? (
              <Alert color="red" title="The link did not work">
                {done.message}
              </Alert>
            ) : null}
            <Text>Do you want to stop the daily e-mails that remind you of your lesson?</Text>
            <SubmitButton>Unsubscribe</SubmitButton>
            {settings}
          </Stack>
        </Form>
      )}
    </AuthCard>
  );
}
