import type { AuditEntryResponse } from '@fitcoach/contracts';
import { Stack, Title } from '@mantine/core';
import type { LoaderFunctionArgs, MetaFunction } from '@remix-run/node';
import { useLoaderData, useSearchParams } from '@remix-run/react';
import { type Actor, AuditFilter, AuditTable } from '~/components/admin/audit-log';
import { Pager } from '~/components/catalogue/pager';
import { sessionLoader } from '~/utils/route.server';
import { loadActivity } from './activity.server';
import { privatePageMeta } from '~/utils/seo';

export const meta: MetaFunction = () =>
  privatePageMeta('Admin: activity', 'The audit log of the superusers’ actions.');

export const loader = sessionLoader((args: LoaderFunctionArgs) => loadActivity(args));

/** The superusers the filter offers: today's, those of this page's entries, and the one the URL names. */
function useActors(current: Actor[], entries: AuditEntryResponse[]): Actor[] {
  const [search] = useSearchParams();
  const actors = new Map(current.map((actor) => [actor.id, actor.name]));
  for (const { actor } of entries)
    if (actor.id !== null && !actors.has(actor.id)) actors.set(actor.id, actor.name);
  const chosen = Number(search.get('actor'));
  if (Number.isSafeInteger(chosen) && chosen > 0 && !actors.has(chosen))
    actors.set(chosen, `Superuser ${chosen}`);
  return [...actors].map(([id, name]) => ({ id, name })).sort((a, b) => a.name.localeCompare(b.name));
}

/** Settings → Activity (ADR 023): what superusers did, newest first, narrowed by a GET form; the pages keep it. */
export default function AdminActivityRoute() {
  const { items, total, page, pageSize, actors: current } = useLoaderData<typeof loader>();
  const actors = useActors(current, items);
  return (
    <Stack>
      <Title order={2}>Activity</Title>
      <AuditFilter actors={actors} />
      <AuditTable entries={items} />
      <Pager page={page} pageSize={pageSize} total={total} />
    </Stack>
  );
}
