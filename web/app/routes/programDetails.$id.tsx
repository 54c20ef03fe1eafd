import { Anchor, Container, Grid, Stack, Text, Title } from '@mantine/core';
import { type ActionFunctionArgs, data, type LoaderFunctionArgs, type MetaFunction } from '@remix-run/node';
import { Form, Link, useActionData, useLoaderData, useLocation } from '@remix-run/react';
import { ProgrammeCover } from '~/components/catalogue/programme-card';
import { KeyBenefits, Testimonials } from '~/components/catalogue/programme-extras';
import { SubmitButton } from '~/components/forms/form-actions';
import { FlashToast } from '~/components/toast';
import { api } from '~/utils/api.server';
import { getUser } from '~/utils/auth.server';
import { parseId } from '~/utils/catalogue';
import { sessionAction, sessionLoader } from '~/utils/route.server';
import { actionToast } from '~/utils/toast.server';
import { useOptionalUser } from '~/utils/user';

export const meta: MetaFunction = () => [{ title: 'Auth Site | Dashboard' }];

export const loader = sessionLoader(async (args: LoaderFunctionArgs) => {
  const id = parseId(args.params.id);
  if (id === null) throw new Response('Not Found', { status: 404 });
  // The owner and superusers may open an unpublished programme. Reading the user first settles the session
  // for the reads: a blocked account is signed out, an expired token renewed once.
  await getUser(args);
  const programme = await api.programme(args, id);
  if (!programme.ok) throw new Response(programme.error.message, { status: programme.status });
  return { programme: programme.data };
});

/*
 * Subscribing needs the checkout of a later issue. Until then the button answers without subscribing anybody:
 * SPEC §8's "Please Login First !" for a visitor, a notice that payments are on their way for a user.
 */
export const action = sessionAction(async (args: ActionFunctionArgs) => {
  const user = await getUser(args);
  if (!user) {
    return data({ toast: actionToast({ type: 'error', message: 'Please Login First !' }) }, { status: 401 });
  }
  if (user.is_trainer) {
    const message = 'Trainers cannot subscribe to programmes.';
    return data({ toast: actionToast({ type: 'error', message }) }, { status: 403 });
  }
  const message = 'Payments are coming soon: you will be able to subscribe to this programme then.';
  return { toast: actionToast({ type: 'info', message }) };
});

function LessonsAccess() {
  const user = useOptionalUser();
  const { pathname } = useLocation();
  if (user) return <Text fw={600}>Subscribe to view the lessons</Text>;
  return (
    <Anchor component={Link} to={`/login?redirectTo=${encodeURIComponent(pathname)}`} fw={600}>
      Login to view the lessons
    </Anchor>
  );
}

export default function ProgrammeDetailsRoute() {
  const { programme } = useLoaderData<typeof loader>();
  const result = useActionData<typeof action>();
  const user = useOptionalUser();

  return (
    <Container size="lg" py="xl">
      <FlashToast toast={result?.toast ?? null} />
      <Grid gutter="xl" align="center">
        <Grid.Col span={{ base: 12, md: 6 }}>
          <ProgrammeCover programme={programme} large />
        </Grid.Col>
        <Grid.Col span={{ base: 12, md: 6 }}>
          <Stack gap="md">
            <Title order={1}>{programme.program_name}</Title>
            <Text size="lg">Duration : {programme.duration} Day Program</Text>
            {/* SPEC §6: trainers see no subscribe button. */}
            {user?.is_trainer ? null : (
              <Form method="post">
                <SubmitButton size="md">Subscribe at just ₹{programme.price}</SubmitButton>
              </Form>
            )}
            <LessonsAccess />
          </Stack>
        </Grid.Col>
      </Grid>
      <Stack gap={48} mt={48}>
        <section aria-labelledby="programme-description">
          <Title order={2} id="programme-description" mb="sm">
            Program Description
          </Title>
          <Text style={{ whiteSpace: 'pre-line' }}>{programme.description}</Text>
        </section>
        <KeyBenefits />
        <Testimonials />
      </Stack>
    </Container>
  );
}
