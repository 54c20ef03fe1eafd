import type { LoaderFunctionArgs } from '@remix-run/node';
import { redirect } from '@remix-run/node';
import { requireUser } from '~/utils/auth.server';
import { invariantResponse } from '~/utils/invariant';
import { sessionLoader } from '~/utils/route.server';

/** The API's spreadsheets of the trainer's insights (docs/product.md §2.16), streamed by the API itself. */
const DOWNLOADS = new Map([
  ['revenue', '/api/trainers/me/insights/revenue/csv/'],
  ['programs', '/api/trainers/me/insights/programs/csv/'],
]);

/**
 * A plain link, so no script is needed, carrying the page's From and To. The session is renewed here when its
 * access token has expired, and the redirect carries the new cookie to the API's download, which reads it.
 */
export const loader = sessionLoader(async (args: LoaderFunctionArgs) => {
  await requireUser(args);
  const target = DOWNLOADS.get(args.params.part ?? '');
  invariantResponse(target, 'Not Found', { status: 404 });
  const asked = new URL(args.request.url).searchParams;
  const range = new URLSearchParams();
  for (const name of ['from', 'to']) {
    const value = asked.get(name);
    if (value) range.set(name, value);
  }
  const query = range.toString();
  return redirect(query === '' ? target : `${target}?${query}`);
});
