import type { ActionFunctionArgs } from '@remix-run/node';
import { api } from '~/utils/api/endpoints.server';
import { sessionAction } from '~/utils/route.server';

// A POST: reading the stored notifications marks them read, which a GET from another site must not do.
/** A GET is told which method the route takes, as HTTP says. */
export function loader() {
  return Response.json({ message: 'Method Not Allowed' }, { status: 405, headers: { Allow: 'POST' } });
}

export const action = sessionAction(async (args: ActionFunctionArgs) => {
  const result = await api.notifications(args);
  // A Response, not data: Remix serialises a resource route's plain value itself only until React Router 7.
  return Response.json(result.ok ? result.data : []);
});
