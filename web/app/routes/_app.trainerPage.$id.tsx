import { PROGRAM_LEVELS } from '@fitcoach/contracts';
import { Alert, Container, Stack } from '@mantine/core';
import type { LoaderFunctionArgs, MetaFunction } from '@remix-run/node';
import { useLoaderData } from '@remix-run/react';
import { cardProgram, ComingSoonNotice } from '~/components/catalogue/program-card';
import { ProgramSlider } from '~/components/catalogue/program-slider';
import { TRAINER_TABS, TrainerProfile, type TrainerTab } from '~/components/catalogue/trainer-profile';
import { JsonLd } from '~/components/json-ld';
import { api } from '~/utils/api/endpoints.server';
import { getUser } from '~/utils/auth.server';
import { LEVEL_LABELS, parseId } from '~/utils/catalogue';
import { sessionLoader } from '~/utils/route.server';
import { dataOrThrow, invariantResponse } from '~/utils/invariant';
import {
  errorPageMeta,
  personJsonLd,
  publicUrlOf,
  sharedPageMeta,
  summary,
  trainerPath,
  usePublicUrl,
} from '~/utils/seo';

export const meta: MetaFunction<typeof loader> = ({ data, error, matches }) => {
  if (!data) return errorPageMeta(error);
  const { trainer } = data;
  return sharedPageMeta({
    title: `${trainer.username}, ${trainer.specalized} trainer`,
    description: summary(`${trainer.specalized} trainer ${trainer.username}: ${trainer.about}`),
    publicUrl: publicUrlOf(matches),
    path: trainerPath(trainer.id),
    type: 'profile',
    image: trainer.profile_picture,
    imageAlt: trainer.username,
  });
};

function tabOf(search: URLSearchParams): TrainerTab {
  const tab = search.get('tab');
  return TRAINER_TABS.find(({ value }) => value === tab)?.value ?? 'about';
}

export const loader = sessionLoader(async (args: LoaderFunctionArgs) => {
  const id = parseId(args.params.id);
  invariantResponse(id !== null, 'Not Found', { status: 404 });
  // The trainer and superusers see the unpublished programmes too. Reading the user first settles the session
  // for the reads: a blocked account is signed out, an expired token renewed once.
  await getUser(args);
  const [trainer, programs] = await Promise.all([api.trainer(args, id), api.trainerPrograms(args, id)]);
  return {
    trainer: dataOrThrow(trainer),
    // Only what the rows' cards show: the page's data carries every programme of the trainer.
    programs: programs.ok ? programs.data.map(cardProgram) : null,
    tab: tabOf(new URL(args.request.url).searchParams),
  };
});

export default function TrainerPageRoute() {
  const { trainer, programs, tab } = useLoaderData<typeof loader>();
  const publicUrl = usePublicUrl();
  return (
    <Container size="lg" py="xl">
      <JsonLd data={personJsonLd(trainer, publicUrl)} />
      {/* Keyed by the URL's tab, so that a new `?tab=` starts the tabs on it. */}
      <TrainerProfile key={tab} trainer={trainer} tab={tab} />
      <Stack gap={48} mt={48}>
        <ComingSoonNotice />
        {programs === null ? (
          <Alert color="red">Sorry Something went wrong</Alert>
        ) : (
          PROGRAM_LEVELS.map((level) => (
            <ProgramSlider
              key={level}
              title={LEVEL_LABELS[level]}
              programs={programs.filter((program) => program.level === level)}
            />
          ))
        )}
      </Stack>
    </Container>
  );
}
