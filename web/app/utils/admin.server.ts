import { ACCOUNT_SEARCH_MAX_LENGTH, ACCOUNT_SORTS, type AccountSort, PAGINATION } from '@fitcoach/contracts';
import type { ActionFunctionArgs, LoaderFunctionArgs } from '@remix-run/node';
import type { ApiResult, ListPage } from './api/transport.server';
import { requireSuperuser } from './auth.server';
import { pageParam, parseId, requirePageInRange } from './catalogue';
import { dataOrThrow, invariantResponse } from './invariant';
import { MESSAGES } from './messages';
import { readForm } from './multipart.server';
import { redirectWithToast } from './toast.server';

// The admin list pages (docs/product.md §2.11); who may act is the API's rule: the pages only ask.

export const ADMIN_PAGE_SIZE = PAGINATION.defaultPageSize;

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
 * A list's two filters of a URL (`?<choiceKey>=&<idKey>=`): the choice if it is one of `known`, and an id; an unknown
 * value means "any" rather than an error.
 */
export function choiceAndIdFilters<C extends string, K extends string, I extends string>(
  search: URLSearchParams,
  choiceKey: K,
  known: readonly C[],
  idKey: I,
): Partial<Record<K, C> & Record<I, number>> {
  const choice = known.find((value) => value === search.get(choiceKey));
  const id = parseId(search.get(idKey)) ?? undefined;
  return { ...(choice ? { [choiceKey]: choice } : {}), ...(id ? { [idKey]: id } : {}) } as Partial<
    Record<K, C> & Record<I, number>
  >;
}

/** The people a list's filter offers, by username: one page as long as the API allows, none if it refuses. */
export async function filterChoices(
  read: (paging: {
    page: number;
    pageSize: number;
  }) => Promise<ApiResult<ListPage<{ id: number; username: string }>>>,
): Promise<{ id: number; name: string }[]> {
  const people = await read({ page: 1, pageSize: PAGINATION.maxPageSize });
  return people.ok ? people.data.items.map(({ id, username }) => ({ id, name: username })) : [];
}

/** `?search=&sort=` as the API takes them: the search cut to its longest, an unknown order dropped (API default). */
export function accountFilters(search: URLSearchParams): { search?: string; sort?: AccountSort } {
  const text = (search.get('search') ?? '').trim().slice(0, ACCOUNT_SEARCH_MAX_LENGTH);
  const sort = ACCOUNT_SORTS.find((known) => known === search.get('sort'));
  return { ...(text ? { search: text } : {}), ...(sort ? { sort } : {}) };
}

export async function adminAction(
  args: ActionFunctionArgs,
  change: (id: number) => Promise<ApiResult<{ message: string }>>,
): Promise<Response> {
  await requireSuperuser(args);
  const submitted = await readForm(args.request);
  return adminChange(args, submitted?.form ?? null, change);
}

/** `adminAction` for a form its page has read already: the superuser check is the page's then. */
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
