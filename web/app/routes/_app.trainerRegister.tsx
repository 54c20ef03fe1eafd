import { Button, Container, Paper, Stack, Title } from '@mantine/core';
import { type ActionFunctionArgs, type LoaderFunctionArgs, type MetaFunction } from '@remix-run/node';
import { Link, useActionData, useLoaderData } from '@remix-run/react';
import { TrainerRegistrationForm } from '~/components/trainer/trainer-registration-form';
import { FlashToast } from '~/components/toast';
import { validateTrainerRegistration } from '~/utils/account-forms.server';
import { api } from '~/utils/api/endpoints.server';
import { getUser, requireUser } from '~/utils/auth.server';
import { rejectForm, textValues } from '~/utils/forms.server';
import { MESSAGES } from '~/utils/messages';
import { forwardedBody, readForm, rejectTooLarge, uploadErrors } from '~/utils/multipart.server';
import { sessionAction, sessionLoader } from '~/utils/route.server';
import { safeRedirect } from '~/utils/safe-redirect';
import { redirectWithToast } from '~/utils/toast.server';
import { hasErrors } from '~/utils/validation';
import { privatePageMeta } from '~/utils/seo';

export const meta: MetaFunction = () =>
  privatePageMeta('Become a trainer', 'Register as a trainer to publish your own programmes.');

const INTENT = 'register-trainer';
const FIELDS = ['experience_years', 'certifications', 'phone', 'specalized', 'country', 'about'] as const;

/** "Cancel" goes back to the page the visitor came from on this site, else home: a back link without JavaScript. */
function backPath(request: Request): string {
  const referer = request.headers.get('Referer');
  if (!referer || !URL.canParse(referer)) return '/';
  const url = new URL(referer);
  const here = new URL(request.url);
  if (url.origin !== here.origin || url.pathname === here.pathname) return '/';
  return safeRedirect(url.pathname + url.search);
}

// docs/product.md §2: the page's content depends on who is looking.
export const loader = sessionLoader(async (args: LoaderFunctionArgs) => {
  const user = await getUser(args);
  const state = !user ? 'anonymous' : user.is_trainer ? 'trainer' : user.is_superuser ? 'superuser' : 'form';
  return { state, back: backPath(args.request) } as const;
});

export const action = sessionAction(async (args: ActionFunctionArgs) => {
  await requireUser(args);
  const submitted = await readForm(args.request);
  if (!submitted) return rejectForm(INTENT, { message: MESSAGES.invalidInput, status: 400 });
  const { form, oversized } = submitted;
  const values = textValues(form, FIELDS);
  if (oversized.length > 0) return rejectTooLarge(INTENT, 'profile_picture', values);
  const errors = validateTrainerRegistration(values);
  if (hasErrors(errors)) {
    // docs/product.md §8: a bad phone is "invalid credentials"; the other fields only get their own messages.
    const message = errors.phone ? MESSAGES.invalidCredentials : MESSAGES.invalidInput;
    return rejectForm(INTENT, { errors, values, message, status: 400 });
  }

  const result = await api.registerTrainer(args, forwardedBody(form, values, 'profile_picture'));
  if (!result.ok) {
    const errors = uploadErrors(result, 'profile_picture');
    return rejectForm(INTENT, { errors, values, message: result.error.message, status: result.status });
  }
  return redirectWithToast('/userProfile', { type: 'success', message: result.data.message }, args.request);
});

function Notice({ title, action, to }: { title: string; action: string; to: string }) {
  return (
    <Paper withBorder p="xl">
      <Stack align="center">
        <Title order={1} ta="center">
          {title}
        </Title>
        <Button component={Link} to={to}>
          {action}
        </Button>
      </Stack>
    </Paper>
  );
}

export default function TrainerRegisterRoute() {
  const { state, back } = useLoaderData<typeof loader>();
  const result = useActionData<typeof action>();
  return (
    <Container size="md" py="xl">
      <FlashToast toast={result?.toast ?? null} />
      {state === 'anonymous' ? (
        <Notice title="You need to create an account first" action="Create Account" to="/register" />
      ) : state === 'trainer' ? (
        <Notice title="You are Already a Trainer." action="Trainer Dashboard" to="/TrainerDashboard" />
      ) : state === 'superuser' ? (
        <Notice
          title="A superuser cannot register as a trainer."
          action="Admin Dashboard"
          to="/admin/dashboard"
        />
      ) : (
        <TrainerRegistrationForm result={result} back={back} />
      )}
    </Container>
  );
}
