import { randomUUID } from 'node:crypto';
import { createCookie, redirect } from '@remix-run/node';
import type { Toast, ToastInput, ToastType } from '~/types/toast';
import { isSecureCookie } from './session.server';

// A flash message for one redirect; unsigned, since whoever edits it only shows themselves a text React escapes.
const toastCookie = createCookie('toast', {
  path: '/',
  httpOnly: true,
  sameSite: 'lax',
  // Long enough for any redirect to land, short enough not to surprise a user on their next visit.
  maxAge: 60,
});

const TOAST_TYPES: readonly string[] = ['success', 'error', 'info'] satisfies ToastType[];

function isToast(value: unknown): value is Toast {
  if (typeof value !== 'object' || value === null) return false;
  const { id, title, message, type } = value as Record<string, unknown>;
  return (
    typeof id === 'string' &&
    (title === undefined || typeof title === 'string') &&
    typeof message === 'string' &&
    typeof type === 'string' &&
    TOAST_TYPES.includes(type)
  );
}

export async function createToastHeaders(toast: ToastInput, request: Request): Promise<Headers> {
  const cookie = await toastCookie.serialize(
    { ...toast, id: randomUUID() },
    { secure: isSecureCookie(request) },
  );
  return new Headers({ 'Set-Cookie': cookie });
}

export async function redirectWithToast(url: string, toast: ToastInput, request: Request): Promise<Response> {
  return redirect(url, { headers: await createToastHeaders(toast, request) });
}

export async function getToast(
  request: Request,
): Promise<{ toast: Toast | null; headers: Headers | undefined }> {
  const value: unknown = await toastCookie.parse(request.headers.get('Cookie'));
  if (value === null) return { toast: null, headers: undefined };
  const headers = new Headers({
    'Set-Cookie': await toastCookie.serialize('', { maxAge: 0, secure: isSecureCookie(request) }),
  });
  return { toast: isToast(value) ? value : null, headers };
}

/** A toast for an action's own answer (no redirect, so no cookie): the page that renders the answer shows it. */
export function actionToast(toast: ToastInput): Toast {
  return { ...toast, id: randomUUID() };
}
