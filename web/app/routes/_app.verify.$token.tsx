import { Alert, Button, Group, Loader, Stack, Text } from '@mantine/core';
import { type ActionFunctionArgs, data, type MetaFunction } from '@remix-run/node';
import { Form, useActionData, useNavigation, useSubmit } from '@remix-run/react';
import { useEffect, useRef } from 'react';
import { resendVerificationLink } from '~/utils/account-forms.server';
import { AuthCard } from '~/components/auth/auth-card';
import { EmailField } from '~/components/forms/account-fields';
import { Honeypot } from '~/components/forms/honeypot';
import { api } from '~/utils/api/endpoints.server';
import { MESSAGES } from '~/utils/messages';
import { readForm } from '~/utils/multipart.server';
import { sessionAction } from '~/utils/route.server';
import { getSession } from '~/utils/session.server';
import { redirectWithToast } from '~/utils/toast.server';
import { privatePageMeta } from '~/utils/seo';

export const meta: MetaFunction = () =>
  privatePageMeta('E-mail verification', 'Confirm the e-mail address of your account.');

// Opening the link changes nothing (mail scanners and previews fetch it too): the page's form posts the token.

interface Answer {
  intent: 'verify' | 'resend';
  ok: boolean;
  message: string;
}

function answer(intent: Answer['intent'], ok: boolean, message: string, status: number) {
  return data<Answer>({ intent, ok, message }, { status });
}

async function verify(args: ActionFunctionArgs) {
  // docs/product.md §2: verification signs out whoever is signed in in this browser.
  const session = getSession(args);
  if (session.accessToken || session.refreshToken) {
    await api.logout(args);
    session.clear();
  }
  const result = await api.verifyEmail(args, args.params.token ?? '');
  if (!result.ok) {
    return answer('verify', false, result.error.error_message ?? result.error.message, result.status);
  }
  // 201 verified now, 200 verified before ("Account already active"): either way the next step is signing in.
  const type = result.status === 201 ? 'success' : 'info';
  return redirectWithToast('/login', { type, message: result.data.Message }, args.request);
}

async function resend(args: ActionFunctionArgs, form: FormData) {
  const { ok, message, status } = await resendVerificationLink(args, form);
  return answer('resend', ok, message, status);
}

export const action = sessionAction(async (args: ActionFunctionArgs) => {
  const submitted = await readForm(args.request);
  if (!submitted) return answer('verify', false, MESSAGES.invalidInput, 400);
  const { form } = submitted;
  return form.get('intent') === 'resend' ? resend(args, form) : verify(args);
});

function ResendForm({ answer }: { answer: Answer }) {
  const sending = useNavigation().formData?.get('intent') === 'resend';
  const resendError = answer.intent === 'resend' && !answer.ok ? answer.message : undefined;
  return (
    <Form method="post">
      <Honeypot />
      <Stack>
        <Text size="sm">Enter your e-mail address and we will send you a new verification link.</Text>
        <EmailField error={resendError} />
        <Button type="submit" name="intent" value="resend" loading={sending}>
          send a new link
        </Button>
      </Stack>
    </Form>
  );
}

export default function VerifyEmailRoute() {
  const result = useActionData<typeof action>();
  const navigation = useNavigation();
  const submit = useSubmit();
  const submitted = useRef(false);

  useEffect(() => {
    // Once per visit: after a refusal the page offers a new link instead of posting the dead token again.
    if (submitted.current || result) return;
    submitted.current = true;
    submit({ intent: 'verify' }, { method: 'post' });
  }, [submit, result]);

  if (!result) {
    const verifying = navigation.state !== 'idle';
    return (
      <AuthCard title="Email verification">
        <Form method="post">
          <Stack align="center">
            {verifying ? (
              <Group>
                <Loader size="sm" />
                <Text>Loading...</Text>
              </Group>
            ) : (
              <Text ta="center">Press the button to confirm your e-mail address.</Text>
            )}
            <Button type="submit" name="intent" value="verify" loading={verifying}>
              Verify my e-mail
            </Button>
          </Stack>
        </Form>
      </AuthCard>
    );
  }

  const sent = result.intent === 'resend' && result.ok;
  return (
    <AuthCard title="Email verification">
      <Stack>
        {result.intent === 'verify' ? (
          <Alert color="red" title="The link did not work">
            {result.message}
          </Alert>
        ) : null}
        {sent ? <Alert color="green">{result.message}</Alert> : null}
        <ResendForm answer={result} />
      </Stack>
    </AuthCard>
  );
}
