import { AUDIT_ACTIONS } from '@fitcoach/contracts';
import type { LoaderFunctionArgs } from '@remix-run/node';
import { adminList, choiceAndIdFilters, filterChoices } from '~/utils/admin.server';
import { api } from '~/utils/api/endpoints.server';

/** The filter offers today's superusers; a former one is reached through the link of their entries. */
export async function loadActivity(args: LoaderFunctionArgs) {
  const list = await adminList(args, (paging, search) =>
    api.adminAudit(args, { ...paging, ...choiceAndIdFilters(search, 'action', AUDIT_ACTIONS, 'actor') }),
  );
  return { ...list, actors: await filterChoices((paging) => api.superusers(args, paging)) };
}
