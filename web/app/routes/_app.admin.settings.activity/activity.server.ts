import { AUDIT_ACTIONS, type AuditAction, PAGINATION } from '@fitcoach/contracts';
import type { LoaderFunctionArgs } from '@remix-run/node';
import { adminList } from '~/utils/admin.server';
import { api } from '~/utils/api/endpoints.server';
import { parseId } from '~/utils/catalogue';

/** The Activity page's filters of a URL (`?action=&actor=`); an unknown value means "any" rather than an error. */
export function activityFilters(search: URLSearchParams): { action?: AuditAction; actor?: number } {
  const action = AUDIT_ACTIONS.find((known) => known === search.get('action'));
  const actor = parseId(search.get('actor')) ?? undefined;
  return { ...(action ? { action } : {}), ...(actor ? { actor } : {}) };
}

/** The filter offers today's superusers; a former one is reached through the link of their entries. */
export async function loadActivity(args: LoaderFunctionArgs) {
  const list = await adminList(args, (paging, search) =>
    api.adminAudit(args, { ...paging, ...activityFilters(search) }),
  );
  const superusers = await api.superusers(args, { page: 1, pageSize: PAGINATION.maxPageSize });
  const actors = superusers.ok
    ? superusers.data.items.map((user) => ({ id: user.id, name: user.username }))
    : [];
  return { ...list, actors };
}
