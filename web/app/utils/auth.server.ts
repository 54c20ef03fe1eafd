import type { UserResponse } from '@fitcoach/contracts';
import { redirect } from '@remix-run/node';
import { api } from './api/endpoints.server';
import { MESSAGES } from './messages';
import { getSession, type RequestSession, type RouteArgs } from './session.server';
import { redirectWithToast } from './toast.server';

// The root loader and the route loaders of one request run in parallel and all want the user: one /me call.
const usersBySession = new WeakMap<RequestSession, Promise<UserResponse | null>>();

async function fetchUser(args: RouteArgs): Promise<UserResponse | null> {
  const session = getSession(args);
  if (!session.accessToken && !session.refreshToken) return null;
  const result = await api.me(args);
  if (result.ok) return result.data;
  if (result.status === 403) {
    // docs/product.md §6: a 403 on the current user is a block. The session ends and the visitor is told why.
    session.clear();
    throw await redirectWithToast('/login', { type: 'error', message: MESSAGES.blocked }, args.request);
  }
  // An expired session, or an API that cannot answer, leaves a visitor who is not signed in for this request.
  return null;
}

/** The signed-in user, or null. A blocked user is signed out and sent to the login page with docs/product.md §8's message. */
export function getUser(args: RouteArgs): Promise<UserResponse | null> {
  const session = getSession(args);
  let user = usersBySession.get(session);
  if (!user) {
    user = fetchUser(args);
    usersBySession.set(session, user);
  }
  return user;
}

function loginRedirect(request: Request): Response {
  const { pathname, search } = new URL(request.url);
  return redirect(`/login?redirectTo=${encodeURIComponent(pathname + search)}`);
}

/** The signed-in user; anonymous visitors are sent to /login and brought back afterwards. */
export async function requireUser(args: RouteArgs): Promise<UserResponse> {
  const user = await getUser(args);
  if (!user) throw loginRedirect(args.request);
  return user;
}

/** The signed-in superuser; other users go home with docs/product.md §8's message. */
export async function requireSuperuser(args: RouteArgs): Promise<UserResponse> {
  const user = await requireUser(args);
  if (!user.is_superuser) {
    throw await redirectWithToast('/', { type: 'error', message: MESSAGES.notAuthorized }, args.request);
  }
  return user;
}
