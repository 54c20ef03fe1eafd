import { PROGRAM_STATUSES } from '@fitcoach/contracts';
import type { ActionFunctionArgs, LoaderFunctionArgs } from '@remix-run/node';
import { adminAction, adminList, choiceAndIdFilters, filterChoices } from '~/utils/admin.server';
import { api } from '~/utils/api/endpoints.server';

/** The trainers offered are the catalogue's: a blocked trainer's programmes are reached through a row's "by" link. */
export async function loadPrograms(args: LoaderFunctionArgs) {
  const list = await adminList(args, (paging, search) =>
    api.adminPrograms(args, {
      ...paging,
      ...choiceAndIdFilters(search, 'status', PROGRAM_STATUSES, 'trainer'),
    }),
  );
  return { ...list, trainers: await filterChoices((paging) => api.trainers(args, paging)) };
}

export function changeProgram(args: ActionFunctionArgs) {
  return adminAction(args, (id) => api.changePublishStatus(args, id));
}
