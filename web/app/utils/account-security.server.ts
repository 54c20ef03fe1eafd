import { ChangePasswordDto, PASSWORD, type SessionResponse } from '@fitcoach/contracts';
import type { ActionFunctionArgs, LoaderFunctionArgs } from '@remix-run/node';
import Bowser from 'bowser';
import { ACCOUNT_INTENTS, type Device } from './account-security';
import { api } from './api/endpoints.server';
import { validateWithDto } from './form-validation.server';
import { rejectForm } from './forms.server';
import { MESSAGES } from './messages';
import { getSession } from './session.server';
import { redirectWithToast } from './toast.server';
import { apiFieldErrors, hasErrors, textField } from './validation';

// docs/product.md §2.9 password and devices: the API decides; these turn its answers into fields, toasts, cookies.

export const ACCOUNT_SECURITY_MESSAGES = {
  passwordChanged: 'Your password has been changed. You are signed out everywhere else.',
  passwordRefused: 'Your password was not changed.',
  signedOut: 'That device has been signed out.',
  alreadySignedOut: 'That device was already signed out.',
  signedOutOthers: (count: number) =>
    count === 0
      ? 'You were not signed in on any other device.'
      : `Signed out of ${count} other ${count === 1 ? 'device' : 'devices'}.`,
} as const;

const PASSWORD_MESSAGE = `Use ${PASSWORD.minLength} to ${PASSWORD.maxLength} characters without spaces`;
const PROFILE = '/userProfile';

export function deviceName(userAgent: string | null): string {
  if (!userAgent) return 'Unknown device';
  const { browser, os } = Bowser.parse(userAgent);
  if (browser.name && os.name) return `${browser.name} on ${os.name}`;
  return browser.name ?? os.name ?? 'Unknown device';
}

const RELATIVE = new Intl.RelativeTimeFormat('en', { numeric: 'auto' });
const STEPS: [Intl.RelativeTimeFormatUnit, number][] = [
  ['minute', 60],
  ['hour', 60 * 60],
  ['day', 24 * 60 * 60],
];

/** "5 minutes ago", written on the server so that the page reads the same before and after hydration. */
export function lastUsed(at: string, now = Date.now()): string {
  const seconds = Math.max(0, Math.round((now - Date.parse(at)) / 1000));
  if (seconds < 60) return 'just now';
  const [unit, size] = STEPS.findLast(([, step]) => seconds >= step) ?? STEPS[0];
  return RELATIVE.format(-Math.floor(seconds / size), unit);
}

function toDevice(session: SessionResponse): Device {
  return {
    id: session.id,
    name: deviceName(session.user_agent),
    lastUsedAt: session.last_used_at,
    lastUsed: lastUsed(session.last_used_at),
    current: session.current,
  };
}

/** The account's signed-in devices, or null when the API could not list them (the rest of the page still shows). */
export async function loadDevices(args: LoaderFunctionArgs): Promise<Device[] | null> {
  const result = await api.sessions(args);
  return result.ok ? result.data.map(toDevice) : null;
}

/** On success the session takes the new token pair: the API ended every other session. */
export async function changePassword(args: ActionFunctionArgs, form: FormData) {
  const fields = {
    old_password: textField(form, 'old_password'),
    new_password: textField(form, 'new_password'),
  };
  const errors = validateWithDto(ChangePasswordDto, fields, {
    old_password: MESSAGES.required,
    new_password: PASSWORD_MESSAGE,
  });
  if (textField(form, 'new_password2') !== fields.new_password)
    errors.new_password2 = MESSAGES.passwordsDontMatch;
  const refuse = (status: number, message: string = ACCOUNT_SECURITY_MESSAGES.passwordRefused) =>
    rejectForm(ACCOUNT_INTENTS.changePassword, { errors, message, status });
  if (hasErrors(errors)) return refuse(400);

  const result = await api.changePassword(args, fields);
  if (!result.ok) {
    Object.assign(errors, apiFieldErrors(result.error));
    return refuse(result.status, hasErrors(errors) ? undefined : result.error.message);
  }
  getSession(args).store(result.data);
  return redirectWithToast(
    PROFILE,
    { type: 'success', message: ACCOUNT_SECURITY_MESSAGES.passwordChanged },
    args.request,
  );
}

export async function signOutDevices(args: ActionFunctionArgs, form: FormData | undefined) {
  const toast = (type: 'success' | 'error', message: string) =>
    redirectWithToast(PROFILE, { type, message }, args.request);
  const intent = form ? textField(form, 'intent') : '';
  if (intent === ACCOUNT_INTENTS.signOutOthers) {
    const result = await api.endOtherSessions(args);
    if (!result.ok) return toast('error', result.error.message);
    return toast('success', ACCOUNT_SECURITY_MESSAGES.signedOutOthers(result.data.revoked));
  }
  const session = form ? textField(form, 'session') : '';
  if (intent !== ACCOUNT_INTENTS.signOut || session === '') return toast('error', MESSAGES.invalidInput);
  const result = await api.endSession(args, session);
  if (result.ok) return toast('success', ACCOUNT_SECURITY_MESSAGES.signedOut);
  return toast(
    'error',
    result.status === 404 ? ACCOUNT_SECURITY_MESSAGES.alreadySignedOut : result.error.message,
  );
}
