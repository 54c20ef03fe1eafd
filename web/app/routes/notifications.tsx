import type { ActionFunctionArgs } from '@remix-run/node';
import { api } from '~/utils/api/endpoints.server';
import { sessionAction } from '~/utils/route.server';

/**
 * The notifications stored while the user was away, for the site's script to show once per visit. A POST: reading
 * them marks them read, which a GET from another site must not do.
 */
/** A GET (a visitor typing the address, a crawler) is told which method the route takes, as HTTP says. */
export function loader() {
  return Response.json({ message: 'Method Not Allowed' }, { status: 405, headers: { Allow: 'POST' } });
}

export const action = sessionAction(async (args: ActionFunctionArgs) => {
  const result = await api.notifications(args);
  // A Response, not data: Remix serialises a resource route's plain value itself only until React Router 7.
  return Response.json(result.ok ? result.data : []);
});
