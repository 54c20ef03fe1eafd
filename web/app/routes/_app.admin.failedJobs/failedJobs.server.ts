import type { ActionFunctionArgs, LoaderFunctionArgs } from '@remix-run/node';
import { adminAction, adminList } from '~/utils/admin.server';
import { api } from '~/utils/api/endpoints.server';

/*
 * Failed Jobs (docs/decisions/035-dead-letters-and-bounded-waits.md): the jobs that failed their last attempt, and
 * Retry, which asks the API to queue one again; the API decides whether it may, and the page tells its answer.
 */

export function loadFailedJobs(args: LoaderFunctionArgs) {
  return adminList(args, (paging) => api.failedJobs(args, paging));
}

export function retryFailedJob(args: ActionFunctionArgs) {
  return adminAction(args, (id) => api.retryFailedJob(args, id));
}
