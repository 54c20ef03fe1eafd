import { type ApiError, EMAIL_NOT_VERIFIED, PASSWORD } from '@fitcoach/contracts';
import { Alert, Anchor, Button, Stack, Text, TextInput } from '@mantine/core';
import {
  type ActionFunctionArgs,
  data,
  type LoaderFunctionArgs,
  type MetaFunction,
  redirect,
} from '@remix-run/node';
import { Form, Link, useActionData, useSearchParams } from '@remix-run/react';
import { AuthCard } from '~/components/auth/auth-card';
import { EmailField } from '~/components/forms/account-fields';
import { SubmitButton } from '~/components/forms/form-actions';
import { Honeypot } from '~/components/forms/honeypot';
import { FlashToast } from '~/components/toast';
import { type ResendAnswer, resendVerificationLink, validateLogin } from '~/utils/account-forms.server';
import { api } from '~/utils/api/endpoints.server';
import { getUser } from '~/utils/auth.server';
import { isHoneypotFilled } from '~/utils/honeypot';
import { MESSAGES } from '~/utils/messages';
import { readForm } from '~/utils/multipart.server';
import { sessionAction, sessionLoader } from '~/utils/route.server';
import { getSession } from '~/utils/session.server';
import { actionToast, redirectWithToast } from '~/utils/toast.server';
import type { Toast } from '~/types/toast';
import { landingPath } from '~/utils/user';
import { type FieldErrors, hasErrors, textField } from '~/utils/validation';
import { publicPageMeta, publicUrlOf } from '~/utils/seo';

export const meta: MetaFunction = ({ matches }) =>
  publicPageMeta({
    title: 'Log in',
    description: 'Log in to follow your programmes, track your progress and chat with your trainer.',
    publicUrl: publicUrlOf(matches),
    path: '/login',
  });

function redirectToOf(request: Request): string | null {
  return new URL(request.url).searchParams.get('redirectTo');
}

// A visitor who is already signed in has nothing to do here: they go where signing in would have taken them.
export const loader = sessionLoader(async (args: LoaderFunctionArgs) => {
  const user = await getUser(args);
  if (user) throw redirect(landingPath(user, redirectToOf(args.request)));
  return null;
});

// docs/product.md §8: a 403 is a block; any other refusal is told in the API's words (`detail`).
function loginFailureMessage(status: number, error: ApiError): string {
  if (status === 403) return MESSAGES.blocked;
  return error.detail ?? error.message;
}

interface LoginAnswer {
  email: string;
  errors: FieldErrors;
  toast: Toast | null;
  /** The account's address is not verified yet: the page offers to send the link again. */
  unverified?: boolean;
  resent?: ResendAnswer;
}

// An unverified address is told by the notice that offers a new link rather than by a toast.
function rejected(email: string, errors: FieldErrors, message: string, status: number, unverified = false) {
  const toast = unverified ? null : actionToast({ type: 'error', message });
  return data<LoginAnswer>({ email, errors, toast, unverified }, { status });
}

async function resend(args: ActionFunctionArgs, form: FormData) {
  const resent = await resendVerificationLink(args, form);
  return data<LoginAnswer>(
    { email: textField(form, 'email'), errors: {}, toast: null, unverified: true, resent },
    { status: resent.status },
  );
}

export const action = sessionAction(async (args: ActionFunctionArgs) => {
  const submitted = await readForm(args.request);
  if (!submitted) return rejected('', {}, MESSAGES.invalidLogin, 400);
  const { form } = submitted;
  if (form.get('intent') === 'resend') return resend(args, form);
  const credentials = { email: textField(form, 'email'), password: textField(form, 'password') };
  const errors = validateLogin(credentials);
  if (isHoneypotFilled(form) || hasErrors(errors)) {
    return rejected(credentials.email, errors, MESSAGES.invalidLogin, 400);
  }

  const tokens = await api.login(args, credentials);
  if (!tokens.ok) {
    const unverified = tokens.status === 401 && tokens.error.detail === EMAIL_NOT_VERIFIED;
    const message = loginFailureMessage(tokens.status, tokens.error);
    return rejected(credentials.email, {}, message, tokens.status, unverified);
  }
  const session = getSession(args);
  session.store(tokens.data);
  // The landing page depends on the role, so the user is read with the new token before redirecting.
  const me = await api.me(args);
  if (!me.ok) {
    session.clear();
    return rejected(credentials.email, {}, loginFailureMessage(me.status, me.error), me.status);
  }
  const to = landingPath(me.data, textField(form, 'redirectTo') || null);
  return redirectWithToast(to, { type: 'success', message: MESSAGES.loggedIn }, args.request);
});

function VerifyAgain({ email, resent }: { email: string; resent?: ResendAnswer }) {
  if (resent?.ok) {
    return (
      <Alert color="green" role="status" title="Check your e-mail" mb="md">
        {resent.message}
      </Alert>
    );
  }
  return (
    <Alert color="yellow" role="alert" title={EMAIL_NOT_VERIFIED} mb="md">
      <Form method="post">
        <Honeypot />
        <input type="hidden" name="email" value={email} />
        <Stack gap="xs">
          <Text size="sm">
            Open the link we sent to {email} to activate your account. Cannot find it, or was it too old?
          </Text>
          {resent ? (
            <Text size="sm" c="red">
              {resent.message}
            </Text>
          ) : null}
          <Button type="submit" name="intent" value="resend" variant="light">
            Send the link again
          </Button>
        </Stack>
      </Form>
    </Alert>
  );
}

export default function LoginRoute() {
  const actionData = useActionData<typeof action>();
  const [searchParams] = useSearchParams();

  return (
    <AuthCard title="Log In" footer={{ text: "Don't have an Account ?", link: 'Sign Up', to: '/register' }}>
      <FlashToast toast={actionData?.toast ?? null} />
      {actionData?.unverified ? <VerifyAgain email={actionData.email} resent={actionData.resent} /> : null}
      <Form method="post">
        <Honeypot />
        <input type="hidden" name="redirectTo" value={searchParams.get('redirectTo') ?? ''} />
        <Stack>
          {/* The inline hint of docs/product.md §5 once the visitor leaves the field; without JavaScript the action gives it. */}
          <EmailField defaultValue={actionData?.email} error={actionData?.errors.email} checkOnBlur />
          <TextInput
            label="Password"
            placeholder="Password"
            name="password"
            type="password"
            autoComplete="current-password"
            required
            maxLength={PASSWORD.maxLength}
            error={actionData?.errors.password !== undefined}
          />
          <Anchor component={Link} to="/forgot-password" size="sm">
            Forgot your password?
          </Anchor>
          <SubmitButton>Log In</SubmitButton>
        </Stack>
      </Form>
    </AuthCard>
  );
}
