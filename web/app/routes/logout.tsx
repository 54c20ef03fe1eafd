import { type ActionFunctionArgs, redirect } from '@remix-run/node';
import { api } from '~/utils/api/endpoints.server';
import { sessionAction } from '~/utils/route.server';
import { getSession } from '~/utils/session.server';
import { redirectWithToast } from '~/utils/toast.server';

// Signing out changes state, so it only happens on POST (the navbar's Logout form); a GET just goes home.
export function loader() {
  return redirect('/');
}

export const action = sessionAction(async (args: ActionFunctionArgs) => {
  const session = getSession(args);
  // The API revokes the refresh token; the cookies go whether or not it could, so signing out always works here.
  const result = session.accessToken || session.refreshToken ? await api.logout(args) : null;
  session.clear();
  if (!result?.ok) return redirect('/');
  return redirectWithToast('/', { type: 'success', message: result.data.message }, args.request);
});
