import { PROGRAM_CATEGORIES, PROGRAM_LEVELS } from '@fitcoach/contracts';
import { Button } from '@mantine/core';
import type { LoaderFunctionArgs, MetaFunction } from '@remix-run/node';
import { Form, Link, useLoaderData, useNavigation } from '@remix-run/react';
import { CatalogueList, FIRST_ROW } from '~/components/catalogue/catalogue-list';
import classes from '~/components/catalogue/catalogue.module.css';
import { PageHero, SectionIntro } from '~/components/catalogue/page-hero';
import { CompactField, CompactSelect } from '~/components/forms/compact-field';
import ui from '~/components/ui/ui.module.css';
import { ProgramCard } from '~/components/catalogue/program-card';
import { api } from '~/utils/api/endpoints.server';
import {
  CATALOGUE_PAGE_SIZE,
  LEVEL_LABELS,
  pageParam,
  PROGRAMME_SEARCH_MAX_LENGTH,
  programFilters,
  requirePageInRange,
} from '~/utils/catalogue';
import { sessionLoader } from '~/utils/route.server';
import { publicPageMeta, publicUrlOf } from '~/utils/seo';

export const meta: MetaFunction = ({ matches }) =>
  publicPageMeta({
    title: 'Programmes',
    description:
      'Browse fitness programmes by category and level: yoga, strength, cardio and more, each a day-by-day plan with video lessons.',
    publicUrl: publicUrlOf(matches),
    path: '/programmes',
  });

export const loader = sessionLoader(async (args: LoaderFunctionArgs) => {
  const search = new URL(args.request.url).searchParams;
  const page = pageParam(search);
  const filters = programFilters(search);
  const result = await api.programs(args, filters, { page, pageSize: CATALOGUE_PAGE_SIZE });
  if (result.ok) requirePageInRange(page, CATALOGUE_PAGE_SIZE, result.data.total);
  return { page, filters, programs: result.ok ? result.data : null };
});

/** A plain GET form: the filters are in the URL, so a filtered list can be shared and works without JavaScript. */
function Filters({ filters }: { filters: { category: string; level: string; q: string } }) {
  const navigation = useNavigation();
  const searching = navigation.state !== 'idle' && navigation.location.pathname === '/programmes';
  const filtered = filters.category !== '' || filters.level !== '' || filters.q !== '';
  return (
    <Form method="get" role="search" aria-label="Filter programmes">
      <div className={`${classes.filters} ${ui.gapBelowXl}`}>
        <CompactSelect
          label="Category"
          name="category"
          defaultValue={filters.category}
          data={[{ value: '', label: 'All categories' }, ...PROGRAM_CATEGORIES]}
        />
        <CompactSelect
          label="Level"
          name="level"
          defaultValue={filters.level}
          data={[
            { value: '', label: 'All levels' },
            ...PROGRAM_LEVELS.map((level) => ({ value: level, label: LEVEL_LABELS[level] })),
          ]}
        />
        <CompactField
          label="Search"
          name="q"
          type="search"
          placeholder="Name or description"
          maxLength={PROGRAMME_SEARCH_MAX_LENGTH}
          defaultValue={filters.q}
        />
        <Button type="submit" loading={searching}>
          Search
        </Button>
        {filtered ? (
          <Link to="/programmes" className={`${ui.button} ${ui.subtle}`}>
            Clear
          </Link>
        ) : null}
      </div>
    </Form>
  );
}

export default function ProgramsRoute() {
  const { page, filters, programs } = useLoaderData<typeof loader>();
  return (
    <>
      <PageHero
        title="Find Programmes That Suit Your Goals"
        text="Find your ideal programme among those our trainers publish."
        sectionId="programmes"
      />
      <div className={`${ui.container} ${classes.cataloguePage}`}>
        <SectionIntro
          id="programmes"
          title="Programmes"
          text="Each programme is a day-by-day plan with a video for every lesson, written by a trainer and reviewed by our team before it is listed."
        />
        {/* Filters are keyed by the URL so that "Clear" and the back button reset what the fields show. */}
        <Filters key={`${filters.category}|${filters.level}|${filters.q}`} filters={filters} />
        <CatalogueList page={page} list={programs} empty="No programmes match your search.">
          {(program, index) => (
            <ProgramCard key={program.id} program={program} detailed lazy={index >= FIRST_ROW} />
          )}
        </CatalogueList>
      </div>
    </>
  );
}
