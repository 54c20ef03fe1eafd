import type { LoaderFunctionArgs } from '@remix-run/node';
import { redirect } from '@remix-run/node';
import { requireUser } from '~/utils/auth.server';
import { invariantResponse } from '~/utils/invariant';
import { sessionLoader } from '~/utils/route.server';

/** The API's spreadsheets of the member's record, streamed by the API itself. */
const DOWNLOADS = new Map([
  ['workouts', '/api/users/logs/csv/'],
  ['measurements', '/api/users/measurements/csv/'],
]);

/**
 * A plain link, so no script is needed. The session is renewed here when its access token has expired, and the
 * redirect carries the new cookie to the API's download, which reads it.
 */
export const loader = sessionLoader(async (args: LoaderFunctionArgs) => {
  await requireUser(args);
  const target = DOWNLOADS.get(args.params.part ?? '');
  invariantResponse(target, 'Not Found', { status: 404 });
  return redirect(target);
});
