import { Container } from '@mantine/core';
import type { LoaderFunctionArgs, MetaFunction } from '@remix-run/node';
import { useLoaderData } from '@remix-run/react';
import { CatalogueList } from '~/components/catalogue/catalogue-list';
import { PageHero, SectionIntro } from '~/components/catalogue/page-hero';
import { TrainerCard } from '~/components/catalogue/trainer-card';
import { api } from '~/utils/api/endpoints.server';
import { CATALOGUE_PAGE_SIZE, pageParam, requirePageInRange } from '~/utils/catalogue';
import { sessionLoader } from '~/utils/route.server';
import { publicPageMeta, publicUrlOf } from '~/utils/seo';

export const meta: MetaFunction = ({ matches }) =>
  publicPageMeta({
    title: 'Find trainers',
    description:
      'Meet the trainers behind the programmes: their specialisation, experience and certifications.',
    publicUrl: publicUrlOf(matches),
    path: '/findTrainer',
  });

export const loader = sessionLoader(async (args: LoaderFunctionArgs) => {
  const page = pageParam(new URL(args.request.url).searchParams);
  const result = await api.trainers(args, { page, pageSize: CATALOGUE_PAGE_SIZE });
  if (result.ok) requirePageInRange(page, CATALOGUE_PAGE_SIZE, result.data.total);
  // docs/product.md §8: a failed list is a message on the page, not an error page; the rest of the page still works.
  return { page, trainers: result.ok ? result.data : null };
});

export default function FindTrainerRoute() {
  const { page, trainers } = useLoaderData<typeof loader>();
  return (
    <>
      <PageHero
        title="Meet Trainers That Push You To Your Limits"
        text="Find the ideal trainer to guide you throughout your fitness journey."
        sectionId="trainers"
      />
      <Container size="lg" py={48}>
        <SectionIntro
          id="trainers"
          title="Trainers"
          text="Choose a trainer who can help you with your fitness goals. Trainers verified by our team are marked Verified."
        />
        <CatalogueList page={page} list={trainers} empty="No trainers to show yet.">
          {(trainer) => <TrainerCard key={trainer.id} trainer={trainer} />}
        </CatalogueList>
      </Container>
    </>
  );
}
