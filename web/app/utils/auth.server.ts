import { redirect } from '@remix-run/node';
import type { CurrentUser } from '~/types/user';
import { api } from './api.server';
import { accessTokenCookie } from './session.server';
import { redirectWithToast } from './toast.server';

export const NOT_AUTHORIZED_MESSAGE = 'You are not authorized to access this page.';

// The root loader and the route loaders of one request run in parallel and all want the user: one /me call each.
const usersByRequest = new WeakMap<Request, Promise<CurrentUser | null>>();

async function fetchUser(request: Request): Promise<CurrentUser | null> {
  if (!accessTokenCookie.parse(request)) return null;
  const result = await api.me(request);
  // An expired token, a blocked account or an API without the endpoint all mean the same thing here: no user.
  return result.ok && result.status === 200 ? result.data : null;
}

export function getUser(request: Request): Promise<CurrentUser | null> {
  let user = usersByRequest.get(request);
  if (!user) {
    user = fetchUser(request);
    usersByRequest.set(request, user);
  }
  return user;
}

function loginRedirect(request: Request): Response {
  const { pathname, search } = new URL(request.url);
  return redirect(`/login?redirectTo=${encodeURIComponent(pathname + search)}`);
}

/** The signed-in user; anonymous visitors are sent to /login and brought back afterwards. */
export async function requireUser(request: Request): Promise<CurrentUser> {
  const user = await getUser(request);
  if (!user) throw loginRedirect(request);
  return user;
}

/** The signed-in superuser; other users go home with SPEC §8's message. */
export async function requireSuperuser(request: Request): Promise<CurrentUser> {
  const user = await requireUser(request);
  if (!user.is_superuser) {
    throw await redirectWithToast('/', { type: 'error', message: NOT_AUTHORIZED_MESSAGE }, request);
  }
  return user;
}
