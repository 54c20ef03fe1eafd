import { Alert, Anchor, Stack } from '@mantine/core';
import { type ActionFunctionArgs, data, type MetaFunction } from '@remix-run/node';
import { Form, Link, useActionData } from '@remix-run/react';
import { AuthCard } from '~/components/auth/auth-card';
import { NewPasswordField } from '~/components/forms/account-fields';
import { SubmitButton } from '~/components/forms/form-actions';
import { validateNewPassword } from '~/utils/account-forms.server';
import { api } from '~/utils/api/endpoints.server';
import { MESSAGES } from '~/utils/messages';
import { readForm } from '~/utils/multipart.server';
import { sessionAction } from '~/utils/route.server';
import { privatePageMeta } from '~/utils/seo';
import { redirectWithToast } from '~/utils/toast.server';
import { type FieldErrors, hasErrors, textField } from '~/utils/validation';

export const meta: MetaFunction = () =>
  privatePageMeta('Choose a new password', 'Choose a new password for your FitCoach account.');

// Opening the link changes nothing (mail scanners fetch links too): the new password is posted with the token.

interface Refusal {
  errors: FieldErrors;
  /** The link itself was refused: used, replaced by a newer one, expired or unknown. */
  linkRefused?: string;
  failure?: string;
}

const refused = (refusal: Refusal, status: number) => data<Refusal>(refusal, { status });

export const action = sessionAction(async (args: ActionFunctionArgs) => {
  const submitted = await readForm(args.request);
  if (!submitted) return refused({ errors: {}, failure: MESSAGES.invalidInput }, 400);
  const fields = {
    password: textField(submitted.form, 'password'),
    password2: textField(submitted.form, 'password2'),
  };
  const errors = validateNewPassword(fields);
  if (hasErrors(errors)) return refused({ errors }, 400);
  const result = await api.confirmPasswordReset(args, args.params.token ?? '', fields.password);
  if (!result.ok) {
    const fieldError = result.error.errors?.find((error) => error.field === 'password');
    if (fieldError) return refused({ errors: { password: fieldError.message } }, result.status);
    if (result.status === 400) return refused({ errors: {}, linkRefused: result.error.message }, 400);
    return refused({ errors: {}, failure: result.error.message }, result.status);
  }
  return redirectWithToast('/login', { type: 'success', message: result.data.message }, args.request);
});

export default function ResetPasswordRoute() {
  const refusal = useActionData<typeof action>();
  return (
    <AuthCard title="Choose a new password" footer={{ text: 'Remembered it?', link: 'Log In', to: '/login' }}>
      <Stack>
        {refusal?.linkRefused ? (
          <Alert color="red" role="alert" title="This link cannot be used">
            {refusal.linkRefused}{' '}
            <Anchor component={Link} to="/forgot-password">
              Send me a new link
            </Anchor>
          </Alert>
        ) : null}
        {refusal?.failure ? (
          <Alert color="red" role="alert">
            {refusal.failure}
          </Alert>
        ) : null}
        <Form method="post">
          <Stack>
            <NewPasswordField label="New password" name="password" error={refusal?.errors.password} />
            <NewPasswordField
              label="Re-enter the new password"
              name="password2"
              repeat
              error={refusal?.errors.password2}
            />
            <SubmitButton>Change my password</SubmitButton>
          </Stack>
        </Form>
      </Stack>
    </AuthCard>
  );
}
