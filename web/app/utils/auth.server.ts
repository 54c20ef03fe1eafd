import type { UserResponse } from '@fitcoach/contracts';
import { redirect } from '@remix-run/node';
import { api } from './api/endpoints.server';
import { MESSAGES } from './messages';
import { getSession, type RequestSession, type RouteArgs } from './session.server';
import { redirectWithToast } from './toast.server';

type Identity = { user: UserResponse | null } | { unavailable: Response };

// The root loader and the route loaders of one request run in parallel and all want the user: one /me call.
const identities = new WeakMap<RequestSession, Promise<Identity>>();

async function fetchIdentity(args: RouteArgs): Promise<Identity> {
  const session = getSession(args);
  if (!session.accessToken && !session.refreshToken) return { user: null };
  const result = await api.me(args);
  if (result.ok) return { user: result.data };
  if (result.status === 403) {
    // docs/product.md §6: a 403 on the current user is a block. The session ends and the visitor is told why.
    session.clear();
    throw await redirectWithToast('/login', { type: 'error', message: MESSAGES.blocked }, args.request);
  }
  if (result.status >= 500) {
    return { unavailable: new Response(result.error.message, { status: result.status }) };
  }
  return { user: null };
}

function identity(args: RouteArgs): Promise<Identity> {
  const session = getSession(args);
  let found = identities.get(session);
  if (!found) {
    found = fetchIdentity(args);
    identities.set(session, found);
  }
  return found;
}

/** The signed-in user or null (also if the API cannot answer); a blocked user goes to /login (docs/product.md §8). */
export async function getUser(args: RouteArgs): Promise<UserResponse | null> {
  const found = await identity(args);
  return 'user' in found ? found.user : null;
}

function loginRedirect(request: Request): Response {
  const { pathname, search } = new URL(request.url);
  return redirect(`/login?redirectTo=${encodeURIComponent(pathname + search)}`);
}

/** The signed-in user; anonymous visitors are sent to /login and brought back afterwards. */
export async function requireUser(args: RouteArgs): Promise<UserResponse> {
  const found = await identity(args);
  // A signed-in member whose session the API could not check is not sent to sign in again: the page is unavailable.
  if ('unavailable' in found) throw found.unavailable;
  if (!found.user) throw loginRedirect(args.request);
  return found.user;
}

/** The signed-in superuser; other users go home with docs/product.md §8's message. */
export async function requireSuperuser(args: RouteArgs): Promise<UserResponse> {
  const user = await requireUser(args);
  if (!user.is_superuser) {
    throw await redirectWithToast('/', { type: 'error', message: MESSAGES.notAuthorized }, args.request);
  }
  return user;
}
