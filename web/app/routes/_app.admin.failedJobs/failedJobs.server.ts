import type { ActionFunctionArgs, LoaderFunctionArgs } from '@remix-run/node';
import { adminAction, adminList } from '~/utils/admin.server';
import { api } from '~/utils/api/endpoints.server';

// Failed Jobs (docs/decisions/035-dead-letters-and-bounded-waits.md): the API decides whether a job may be retried.

export function loadFailedJobs(args: LoaderFunctionArgs) {
  return adminList(args, (paging) => api.failedJobs(args, paging));
}

export function retryFailedJob(args: ActionFunctionArgs) {
  return adminAction(args, (id) => api.retryFailedJob(args, id));
}
