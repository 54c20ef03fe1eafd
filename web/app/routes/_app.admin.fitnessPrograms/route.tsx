import { Stack, Title } from '@mantine/core';
import type { ActionFunctionArgs, LoaderFunctionArgs, MetaFunction } from '@remix-run/node';
import { useLoaderData } from '@remix-run/react';
import { ProgramsFilter } from '~/components/admin/programs-filter';
import { ProgramsTable } from '~/components/admin/programs-table';
import { Pager } from '~/components/catalogue/pager';
import { sessionAction, sessionLoader } from '~/utils/route.server';
import { changeProgram, loadPrograms } from './programs.server';
import { privatePageMeta } from '~/utils/seo';

export const meta: MetaFunction = () =>
  privatePageMeta('Admin: programmes', 'Every programme, to publish or block.');

export const loader = sessionLoader((args: LoaderFunctionArgs) => loadPrograms(args));

export const action = sessionAction((args: ActionFunctionArgs) => changeProgram(args));

/** docs/product.md §2.11 Programs, narrowed by status and trainer through a GET form; the pages keep the filters. */
export default function AdminProgramsRoute() {
  const { items, total, page, pageSize, trainers } = useLoaderData<typeof loader>();
  return (
    <Stack>
      <Title order={1}>Programmes</Title>
      <ProgramsFilter trainers={trainers} programs={items} />
      <ProgramsTable programs={items} />
      <Pager page={page} pageSize={pageSize} total={total} />
    </Stack>
  );
}
