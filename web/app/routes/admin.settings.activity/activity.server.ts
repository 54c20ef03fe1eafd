import { AUDIT_ACTIONS, type AuditAction } from '@fitcoach/contracts';
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

/** A page of the audit log, as the URL's filters ask. */
export function loadActivity(args: LoaderFunctionArgs) {
  return adminList(args, (paging, search) => api.adminAudit(args, { ...paging, ...activityFilters(search) }));
}
