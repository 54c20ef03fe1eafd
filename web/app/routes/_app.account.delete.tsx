import { PASSWORD } from '@fitcoach/contracts';
import { Anchor, List, Stack, Text, TextInput } from '@mantine/core';
import { type ActionFunctionArgs, data, type LoaderFunctionArgs, type MetaFunction } from '@remix-run/node';
import { Form, useActionData } from '@remix-run/react';
import { AuthCard } from '~/components/auth/auth-card';
import { SubmitButton } from '~/components/forms/form-actions';
import { PlainAlert } from '~/components/ui/alert';
import { api } from '~/utils/api/endpoints.server';
import { requireUser } from '~/utils/auth.server';
import { MESSAGES } from '~/utils/messages';
import { readForm } from '~/utils/multipart.server';
import { sessionAction, sessionLoader } from '~/utils/route.server';
import { privatePageMeta } from '~/utils/seo';
import { getSession } from '~/utils/session.server';
import { redirectWithToast } from '~/utils/toast.server';
import { textField } from '~/utils/validation';

export const meta: MetaFunction = () =>
  privatePageMeta('Delete your account', 'What deleting your FitCoach account does, and doing it.');

const ACCOUNT_DELETED = 'Your FitCoach account has been deleted. Thank you for training with us.';

export const loader = sessionLoader(async (args: LoaderFunctionArgs) => {
  await requireUser(args);
  return null;
});

interface Refusal {
  password?: string;
  /** Anything else the API answered (the last superuser, too many attempts, unavailable). */
  failure?: string;
}

const refused = (refusal: Refusal, status: number) => data<Refusal>(refusal, { status });

// On success the API has ended every session of the account: this browser's cookies go too.
export const action = sessionAction(async (args: ActionFunctionArgs) => {
  await requireUser(args);
  const submitted = await readForm(args.request);
  if (!submitted) return refused({ failure: MESSAGES.invalidInput }, 400);
  const password = textField(submitted.form, 'password');
  if (password === '') return refused({ password: 'Enter your password' }, 400);
  const result = await api.deleteAccount(args, password);
  if (!result.ok) {
    if (result.status === 400) return refused({ password: result.error.message }, 400);
    return refused({ failure: result.error.message }, result.status);
  }
  getSession(args).clear();
  return redirectWithToast('/', { type: 'success', message: ACCOUNT_DELETED }, args.request);
});

export default function DeleteAccountRoute() {
  const refusal = useActionData<typeof action>();
  return (
    <AuthCard
      title="Delete your account"
      footer={{ text: 'Changed your mind?', link: 'Back to your profile', to: '/userProfile' }}
    >
      <Stack>
        <Text>Deleting your account cannot be undone. When you delete it:</Text>
        <List spacing="xs" size="sm">
          <List.Item>you are signed out everywhere and can no longer sign in;</List.Item>
          <List.Item>
            your name, e-mail address, phone number, pictures and body stats are erased, the text of the
            messages you sent is removed and your notifications are deleted;
          </List.Item>
          <List.Item>your payments stay in our accounts, without your name;</List.Item>
          <List.Item>
            if you are a trainer, your programmes leave the catalogue; their members keep their lessons and
            are told;
          </List.Item>
          <List.Item>your e-mail address is free to make a new account with.</List.Item>
        </List>
        <Text size="sm">
          Want a copy first?{' '}
          <Anchor href="/account/export" underline="always">
            Download my data
          </Anchor>
        </Text>
        {refusal?.failure ? <PlainAlert color="red">{refusal.failure}</PlainAlert> : null}
        <Form method="post">
          <Stack>
            <TextInput
              label="Your password"
              description="To be sure it is you."
              name="password"
              type="password"
              autoComplete="current-password"
              required
              maxLength={PASSWORD.maxLength}
              error={refusal?.password}
            />
            <SubmitButton color="red">Delete my account</SubmitButton>
          </Stack>
        </Form>
      </Stack>
    </AuthCard>
  );
}
