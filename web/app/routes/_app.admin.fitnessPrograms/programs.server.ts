import { PAGINATION, PROGRAM_STATUSES, type ProgramStatus, type TrainerResponse } from '@fitcoach/contracts';
import type { ActionFunctionArgs, LoaderFunctionArgs } from '@remix-run/node';
import { adminAction, adminList } from '~/utils/admin.server';
import { api } from '~/utils/api/endpoints.server';
import { parseId } from '~/utils/catalogue';

/** The Programs page's filters of a URL (`?status=&trainer=`); an unknown value means "any" rather than an error. */
export function programsFilters(search: URLSearchParams): { status?: ProgramStatus; trainer?: number } {
  const status = PROGRAM_STATUSES.find((known) => known === search.get('status'));
  const trainer = parseId(search.get('trainer')) ?? undefined;
  return { ...(status ? { status } : {}), ...(trainer ? { trainer } : {}) };
}

/** The trainers offered are the catalogue's: a blocked trainer's programmes are reached through a row's "by" link. */
export async function loadPrograms(args: LoaderFunctionArgs) {
  const list = await adminList(args, (paging, search) =>
    api.adminPrograms(args, { ...paging, ...programsFilters(search) }),
  );
  const trainers = await api.trainers(args, { page: 1, pageSize: PAGINATION.maxPageSize });
  const options = trainers.ok
    ? trainers.data.items.map((trainer: TrainerResponse) => ({ id: trainer.id, name: trainer.username }))
    : [];
  return { ...list, trainers: options };
}

export function changeProgram(args: ActionFunctionArgs) {
  return adminAction(args, (id) => api.changePublishStatus(args, id));
}
