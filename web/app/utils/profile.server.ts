import type { TrainerResponse } from '@fitcoach/contracts';
import type { ActionFunctionArgs, LoaderFunctionArgs } from '@remix-run/node';
import { api } from './api/endpoints.server';
import { requireUser } from './auth.server';
import { INTENTS } from './dashboard';
import { rejectForm, textValues } from './forms.server';
import { MESSAGES } from './messages';
import { forwardedBody, type SubmittedForm, TOO_LARGE, uploadErrors } from './multipart.server';
import { redirectWithToast } from './toast.server';
import type { FieldErrors } from './validation';

// Shared by the profile page and the dashboard (routes never import routes); `?edit=1` opens the form with no script.

const PROFILE_FIELDS = ['first_name', 'last_name', 'weight', 'height', 'age', 'body_fat', 'phone'] as const;
export type ProfileField = (typeof PROFILE_FIELDS)[number];
export type ProfileValues = Record<ProfileField, string>;

export interface OwnTrainer {
  trainer: TrainerResponse | null;
  /** The user is a trainer but the API could not give the record. */
  trainerUnavailable: boolean;
}

async function loadOwnTrainer(args: LoaderFunctionArgs, isTrainer: boolean): Promise<OwnTrainer> {
  if (!isTrainer) return { trainer: null, trainerUnavailable: false };
  const result = await api.ownTrainer(args);
  return { trainer: result.ok ? result.data.data : null, trainerUnavailable: !result.ok };
}

export async function loadProfile(args: LoaderFunctionArgs) {
  const user = await requireUser(args);
  const editing = new URL(args.request.url).searchParams.get('edit') === '1';
  return { user, editing, ...(await loadOwnTrainer(args, user.is_trainer)) };
}

function rejected(errors: FieldErrors, values: Partial<ProfileValues>, status: number) {
  return rejectForm(INTENTS.updateProfile, { errors, values, message: MESSAGES.requestRejected, status });
}

export async function updateProfile(args: ActionFunctionArgs, submitted: SubmittedForm | null) {
  await requireUser(args);
  if (!submitted) return rejected({}, {}, 400);
  const { form, oversized } = submitted;
  const values = textValues(form, PROFILE_FIELDS);
  if (oversized.length > 0) return rejected({ profile_picture: TOO_LARGE }, values, 413);

  // The API keeps an absent field, so an emptied optional field means "unchanged".
  const result = await api.updateUser(args, forwardedBody(form, values, 'profile_picture'));
  if (!result.ok) return rejected(uploadErrors(result, 'profile_picture'), values, result.status);
  const { pathname } = new URL(args.request.url);
  return redirectWithToast(pathname, { type: 'success', message: result.data.message }, args.request);
}
