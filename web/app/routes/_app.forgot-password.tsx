import { Alert, Stack, Text } from '@mantine/core';
import { type ActionFunctionArgs, data, type MetaFunction } from '@remix-run/node';
import { Form, useActionData } from '@remix-run/react';
import { AuthCard } from '~/components/auth/auth-card';
import { EmailField } from '~/components/forms/account-fields';
import { SubmitButton } from '~/components/forms/form-actions';
import { Honeypot } from '~/components/forms/honeypot';
import { validateEmail } from '~/utils/account-forms.server';
import { api } from '~/utils/api/endpoints.server';
import { isHoneypotFilled } from '~/utils/honeypot';
import { MESSAGES } from '~/utils/messages';
import { readForm } from '~/utils/multipart.server';
import { sessionAction } from '~/utils/route.server';
import { privatePageMeta } from '~/utils/seo';
import { hasErrors, textField } from '~/utils/validation';

export const meta: MetaFunction = () =>
  privatePageMeta('Forgot your password?', 'Get a link by e-mail to choose a new password.');

interface Answer {
  ok: boolean;
  email: string;
  message: string;
}

const answer = (ok: boolean, email: string, message: string, status: number) =>
  data<Answer>({ ok, email, message }, { status });

// The API answers the same whether the address has an account or not, and so does this page.
export const action = sessionAction(async (args: ActionFunctionArgs) => {
  const submitted = await readForm(args.request);
  if (!submitted) return answer(false, '', MESSAGES.invalidEmail, 400);
  const email = textField(submitted.form, 'email');
  if (isHoneypotFilled(submitted.form) || hasErrors(validateEmail(email)))
    return answer(false, email, MESSAGES.invalidEmail, 400);
  const result = await api.requestPasswordReset(args, email);
  if (!result.ok) return answer(false, email, result.error.message, result.status);
  return answer(true, email, result.data.message, 202);
});

export default function ForgotPasswordRoute() {
  const sent = useActionData<typeof action>();
  return (
    <AuthCard title="Forgot your password?" footer={{ text: 'Remembered it?', link: 'Log In', to: '/login' }}>
      {sent?.ok ? (
        <Alert color="green" role="status" title="Check your e-mail">
          {sent.message} The link works for an hour.
        </Alert>
      ) : (
        <Form method="post">
          <Honeypot />
          <Stack>
            <Text size="sm">
              Enter the e-mail address of your account and we will send you a link to choose a new password.
            </Text>
            <EmailField defaultValue={sent?.email} error={sent?.message} />
            <SubmitButton>Send me a link</SubmitButton>
          </Stack>
        </Form>
      )}
    </AuthCard>
  );
}
