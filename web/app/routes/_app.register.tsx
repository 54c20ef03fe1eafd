import type { RegisterDto } from '@fitcoach/contracts';
import { Group, Stack } from '@mantine/core';
import {
  type ActionFunctionArgs,
  data,
  type LoaderFunctionArgs,
  type MetaFunction,
  redirect,
} from '@remix-run/node';
import { Form, useActionData } from '@remix-run/react';
import { type ChangeEvent, useState } from 'react';
import { AuthCard } from '~/components/auth/auth-card';
import { EmailField, NameField, NewPasswordField } from '~/components/forms/account-fields';
import { SubmitButton } from '~/components/forms/form-actions';
import { formFields } from '~/components/forms/form-fields';
import { Honeypot } from '~/components/forms/honeypot';
import { FlashToast } from '~/components/toast';
import { validateRegistration } from '~/utils/account-forms.server';
import { api } from '~/utils/api/endpoints.server';
import { getUser } from '~/utils/auth.server';
import { isHoneypotFilled } from '~/utils/honeypot';
import { MESSAGES } from '~/utils/messages';
import { readForm } from '~/utils/multipart.server';
import { sessionAction, sessionLoader } from '~/utils/route.server';
import { actionToast, redirectWithToast } from '~/utils/toast.server';
import { apiFieldErrors, type FieldErrors, hasErrors, textField } from '~/utils/validation';
import { publicPageMeta, publicUrlOf } from '~/utils/seo';

export const meta: MetaFunction = ({ matches }) =>
  publicPageMeta({
    title: 'Sign up',
    description: 'Create an account to subscribe to fitness programmes and follow them lesson by lesson.',
    publicUrl: publicUrlOf(matches),
    path: '/register',
  });

// docs/product.md §2: an authenticated visitor is sent to the dashboard.
export const loader = sessionLoader(async (args: LoaderFunctionArgs) => {
  if (await getUser(args)) throw redirect('/TrainerDashboard');
  return null;
});

/** What the form shows again after a refusal: everything typed except the passwords. */
type KeptValues = Omit<RegisterDto, 'password'>;

function rejected(values: KeptValues, errors: FieldErrors, message: string, status: number) {
  return data({ values, errors, toast: actionToast({ type: 'error', message }) }, { status });
}

export const action = sessionAction(async (args: ActionFunctionArgs) => {
  const submitted = await readForm(args.request);
  if (!submitted) {
    return rejected({ first_name: '', last_name: '', email: '' }, {}, MESSAGES.invalidInput, 400);
  }
  const { form } = submitted;
  const fields = {
    first_name: textField(form, 'first_name'),
    last_name: textField(form, 'last_name'),
    email: textField(form, 'email'),
    password: textField(form, 'password'),
    password2: textField(form, 'password2'),
  };
  const { password, password2: _password2, ...values } = fields;
  const errors = validateRegistration(fields);
  if (isHoneypotFilled(form) || hasErrors(errors))
    return rejected(values, errors, MESSAGES.invalidInput, 400);

  const result = await api.register(args, { ...values, password });
  if (!result.ok) {
    const { error, status } = result;
    const message = error.error_message ?? error.message;
    // 409: the address is taken, which is about the e-mail field.
    const fieldErrors = status === 409 ? { email: message } : apiFieldErrors(error);
    return rejected(values, fieldErrors, message, status);
  }
  return redirectWithToast('/login', { type: 'success', message: result.data.message }, args.request);
});

export default function RegisterRoute() {
  const actionData = useActionData<typeof action>();
  const { field, error } = formFields(actionData);
  // docs/product.md §5's inline hints while typing; without JavaScript the action answers with the same ones.
  const [passwords, setPasswords] = useState({ password: '', password2: '' });
  // Both fields as they are in the form: one may have been typed in before the page's scripts ran.
  const comparePasswords = (event: ChangeEvent<HTMLInputElement>) => {
    const fields = event.currentTarget.form?.elements;
    const value = (name: string) => {
      const field = fields?.namedItem(name);
      return field instanceof HTMLInputElement ? field.value : '';
    };
    setPasswords({ password: value('password'), password2: value('password2') });
  };
  // Once the visitor types again, the live comparison replaces the answer of the last submission.
  const password2Error =
    passwords.password2 === ''
      ? error('password2')
      : passwords.password2 === passwords.password
        ? undefined
        : MESSAGES.passwordsDontMatch;

  return (
    <AuthCard title="Sign Up" footer={{ text: 'Already have an account?', link: 'Log In', to: '/login' }}>
      <FlashToast toast={actionData?.toast ?? null} />
      <Form method="post">
        <Honeypot />
        <Stack>
          <Group grow align="flex-start">
            <NameField {...field('first_name')} placeholder="First Name" />
            <NameField {...field('last_name')} placeholder="Last Name" />
          </Group>
          <EmailField {...field('email')} checkOnBlur />
          <NewPasswordField
            label="Password"
            name="password"
            error={error('password')}
            onChange={comparePasswords}
          />
          <NewPasswordField
            label="Re-enter Password"
            name="password2"
            repeat
            error={password2Error}
            onChange={comparePasswords}
          />
          <SubmitButton>Sign Up</SubmitButton>
        </Stack>
      </Form>
    </AuthCard>
  );
}
