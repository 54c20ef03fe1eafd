import { ACCOUNT_SEARCH_MAX_LENGTH, ACCOUNT_SORTS, type AccountSort, PAGINATION } from '@fitcoach/contracts';
import type { ActionFunctionArgs, LoaderFunctionArgs } from '@remix-run/node';
import type { ApiResult } from './api/transport.server';
import { requireSuperuser } from './auth.server';
import { pageParam, parseId, requirePageInRange } from './catalogue';
import { dataOrThrow, invariantResponse } from './invariant';
import { MESSAGES } from './messages';
import { readForm } from './multipart.server';
import { redirectWithToast } from './toast.server';

/*
 * What the admin panel's list pages share (docs/product.md §2.11): a page of a list read with the superuser's
 * token, and an action that posts one id to one of the API's state-changing GETs, then comes back with its answer
 * as a toast. Who may do it is the API's rule; the pages only ask.
 */

export const ADMIN_PAGE_SIZE = PAGINATION.defaultPageSize;

/** The page of a list the URL asks for (`?page=`), with what the page needs to draw its pager. */
export async function adminList<T>(
  args: LoaderFunctionArgs,
  read: (
    paging: { page: number; pageSize: number },
    search: URLSearchParams,
  ) => Promise<ApiResult<{ items: T[]; total: number }>>,
) {
  const me = await requireSuperuser(args);
  const search = new URL(args.request.url).searchParams;
  const page = pageParam(search);
  const list = dataOrThrow(await read({ page, pageSize: ADMIN_PAGE_SIZE }, search));
  requirePageInRange(page, ADMIN_PAGE_SIZE, list.total);
  return { me: me.id, items: list.items, total: list.total, page, pageSize: ADMIN_PAGE_SIZE };
}

/**
 * The Users and Trainers pages' `?search=&sort=`, as the API takes them: a search cut to its longest, an order the
 * API knows or none (the API's own default, newest first).
 */
export function accountFilters(search: URLSearchParams): { search?: string; sort?: AccountSort } {
  const text = (search.get('search') ?? '').trim().slice(0, ACCOUNT_SEARCH_MAX_LENGTH);
  const sort = ACCOUNT_SORTS.find((known) => known === search.get('sort'));
  return { ...(text ? { search: text } : {}), ...(sort ? { sort } : {}) };
}

/** Posts the form's `id` to `change`, then back to the page the form came from, with the API's message. */
export async function adminAction(
  args: ActionFunctionArgs,
  change: (id: number) => Promise<ApiResult<{ message: string }>>,
): Promise<Response> {
  await requireSuperuser(args);
  const submitted = await readForm(args.request);
  return adminChange(args, submitted?.form ?? null, change);
}

/**
 * `adminAction` for a form its page has read already (to tell its intent): the superuser's check is the page's
 * business then.
 */
export async function adminChange(
  args: ActionFunctionArgs,
  form: FormData | null,
  change: (id: number) => Promise<ApiResult<{ message: string }>>,
): Promise<Response> {
  const id = parseId(String(form?.get('id') ?? ''));
  invariantResponse(id !== null, MESSAGES.invalidInput);
  const result = await change(id);
  const url = new URL(args.request.url);
  url.searchParams.delete('confirm');
  const back = `${url.pathname}${url.search}`;
  return redirectWithToast(
    back,
    result.ok
      ? { type: 'success', message: result.data.message }
      : { type: 'error', message: result.error.message },
    args.request,
  );
}
