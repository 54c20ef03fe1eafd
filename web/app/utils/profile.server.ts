import { UPLOAD_MAX_BYTES } from '@fitcoach/contracts';
import {
  type ActionFunctionArgs,
  data,
  type LoaderFunctionArgs,
  MaxPartSizeExceededError,
  unstable_createMemoryUploadHandler,
  unstable_parseMultipartFormData,
} from '@remix-run/node';
import { api } from './api.server';
import { requireUser } from './auth.server';
import { MESSAGES } from './messages';
import { actionToast, redirectWithToast } from './toast.server';
import { apiFieldErrors, type FieldErrors, textField } from './validation';

/*
 * The profile page and the dashboard's profile view share one loader and one action (routes never import routes).
 * `?edit=1` opens the update form, so that "update profile" is a link that works without JavaScript.
 */

const PROFILE_FIELDS = ['first_name', 'last_name', 'weight', 'height', 'age', 'body_fat', 'phone'] as const;
export type ProfileField = (typeof PROFILE_FIELDS)[number];
export type ProfileValues = Record<ProfileField, string>;

export async function loadProfile(args: LoaderFunctionArgs) {
  const user = await requireUser(args);
  const editing = new URL(args.request.url).searchParams.get('edit') === '1';
  return { user, editing };
}

const uploadHandler = unstable_createMemoryUploadHandler({
  maxPartSize: UPLOAD_MAX_BYTES,
  // An empty file input still sends a part with an empty file name: it means "keep the current picture".
  filter: ({ filename }) => filename !== '',
});

const TOO_LARGE = `Choose a picture of at most ${UPLOAD_MAX_BYTES / (1024 * 1024)} MB`;

function rejected(errors: FieldErrors, values: Partial<ProfileValues>, status: number) {
  return data(
    { errors, values, toast: actionToast({ type: 'error', message: MESSAGES.requestRejected }) },
    { status },
  );
}

async function readForm(request: Request): Promise<FormData | FieldErrors> {
  try {
    return await unstable_parseMultipartFormData(request, uploadHandler);
  } catch (error) {
    if (error instanceof MaxPartSizeExceededError) return { profile_picture: TOO_LARGE };
    // Not a multipart body: not something the form sends.
    if (error instanceof TypeError) return {};
    throw error;
  }
}

/** Forwards the update form to the API as multipart, leaving out what stays unchanged. */
export async function updateProfile(args: ActionFunctionArgs) {
  await requireUser(args);
  const form = await readForm(args.request);
  if (!(form instanceof FormData)) return rejected(form, {}, 400);

  const values = Object.fromEntries(
    PROFILE_FIELDS.map((name) => [name, textField(form, name)]),
  ) as ProfileValues;
  const body = new FormData();
  // The API keeps a field that is absent, so an emptied optional field means "unchanged", as in the original form.
  for (const name of PROFILE_FIELDS) if (values[name] !== '') body.append(name, values[name]);
  const picture = form.get('profile_picture');
  if (picture instanceof File && picture.size > 0) body.append('profile_picture', picture, picture.name);

  const result = await api.updateUser(args, body);
  if (!result.ok) {
    const errors = result.status === 413 ? { profile_picture: TOO_LARGE } : apiFieldErrors(result.error);
    return rejected(errors, values, result.status);
  }
  const { pathname } = new URL(args.request.url);
  return redirectWithToast(pathname, { type: 'success', message: result.data.message }, args.request);
}
