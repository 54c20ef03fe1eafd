import {
  type LessonResponse,
  NEW_PROGRAM_FIELDS,
  PROGRAM_FIELDS,
  type ProgramResponse,
  type TrainerResponse,
} from '@fitcoach/contracts';
import type { ActionFunctionArgs, LoaderFunctionArgs } from '@remix-run/node';
import { api } from '~/utils/api/endpoints.server';
import type { ApiResult } from '~/utils/api/transport.server';
import { requireUser } from '~/utils/auth.server';
import { parseId } from '~/utils/catalogue';
import { type DashboardView, INTENTS, parseView, programSavedMessage, viewSearch } from '~/utils/dashboard';
import { rejectForm, textValues } from '~/utils/forms.server';
import { dataOrThrow, invariantResponse } from '~/utils/invariant';
import { MESSAGES } from '~/utils/messages';
import {
  forwardedBody,
  readForm,
  rejectTooLarge,
  type SubmittedForm,
  uploadErrors,
} from '~/utils/multipart.server';
import { loadProfile, updateProfile } from '~/utils/profile.server';
import {
  loadSubscribed,
  loadSubscribers,
  type SubscribedData,
  type SubscribersData,
  unsubscribe,
} from './subscriptions.server';
import { redirectWithToast } from '~/utils/toast.server';
import { type FieldErrors, textField } from '~/utils/validation';

/*
 * The dashboard's loader and action (docs/product.md §2.8 Dashboard). The API decides what a trainer may change;
 * the loader only refuses to show another trainer's programme in this trainer's manager, as the API would refuse
 * its changes.
 */

const NOT_FOUND = { status: 404 };

/** A programme of this trainer, for its edit form and lessons manager. */
async function ownProgram(args: LoaderFunctionArgs, trainer: TrainerResponse, id: number) {
  const program = dataOrThrow(await api.program(args, id));
  invariantResponse(program.trainer === trainer.id, 'Not Found', NOT_FOUND);
  return program;
}

function orNull<T>(result: ApiResult<T>): T | null {
  return result.ok ? result.data : null;
}

export async function loadDashboard(args: LoaderFunctionArgs) {
  const profile = await loadProfile(args);
  const view = parseView(new URL(args.request.url).searchParams, profile.user.is_trainer);
  const content = {
    ...profile,
    view,
    programs: null as ProgramResponse[] | null,
    program: null as ProgramResponse | null,
    lessons: null as LessonResponse[] | null,
    subscribed: null as SubscribedData | null,
    subscribers: null as SubscribersData | null,
  };
  if (view.name === 'subscribed') return { ...content, subscribed: await loadSubscribed(args) };
  // The trainer views need the trainer record; without it the page shows an error (docs/product.md §8).
  const { trainer } = profile;
  if (!trainer) return content;
  if (view.name === 'programmes') {
    return { ...content, programs: orNull(await api.trainerPrograms(args, trainer.id)) };
  }
  if (view.name === 'subscribers') {
    return { ...content, subscribers: await loadSubscribers(args, trainer) };
  }
  if (view.name === 'edit') return { ...content, program: await ownProgram(args, trainer, view.programId) };
  if (view.name === 'lessons') {
    const program = await ownProgram(args, trainer, view.programId);
    const lessons = orNull(await api.lessons(args, program.id));
    const lessonId = view.lesson;
    invariantResponse(
      typeof lessonId !== 'number' || lessons?.some((lesson) => lesson.id === lessonId),
      'Not Found',
      NOT_FOUND,
    );
    return { ...content, program, lessons };
  }
  return content;
}

/** The URL of a view of this page, keeping the spelling of the path the visitor used (/TrainerDashboard). */
function viewUrl(request: Request, view: DashboardView): string {
  return new URL(request.url).pathname + viewSearch(view);
}

/** The programme form's own controls, which are not the programme's fields. */
const FORM_CONTROLS: ReadonlySet<string> = new Set(['intent', 'program', 'cover_image']);

/**
 * The text fields of the form that are neither the programme's (`listed`) nor the form's controls: forwarded as they
 * are, so that the API refuses them by name rather than the page dropping them unseen.
 */
function unlistedValues(form: FormData, listed: readonly string[]): Record<string, string> {
  const names = [...new Set(form.keys())].filter(
    (name) => !FORM_CONTROLS.has(name) && !listed.includes(name),
  );
  return textValues(form, names);
}

/** Creates a programme, or edits the one the form names; both go back to the programmes table. */
async function saveProgram(
  args: ActionFunctionArgs,
  { form, oversized }: SubmittedForm,
  intent: typeof INTENTS.createProgram | typeof INTENTS.updateProgram,
) {
  const programId = intent === INTENTS.updateProgram ? parseId(textField(form, 'program')) : null;
  invariantResponse(intent !== INTENTS.updateProgram || programId !== null, 'Not Found', NOT_FOUND);
  // The currency is chosen once, when the programme is created (the API refuses it in an edit).
  const fields = programId === null ? NEW_PROGRAM_FIELDS : PROGRAM_FIELDS;
  const values = textValues(form, fields);
  if (oversized.length > 0) return rejectTooLarge(intent, 'cover_image', values);
  const body = forwardedBody(form, { ...unlistedValues(form, fields), ...values }, 'cover_image', {
    keepEmpty: true,
  });
  const result =
    programId === null ? await api.createProgram(args, body) : await api.updateProgram(args, programId, body);
  if (!result.ok) {
    const errors = uploadErrors(result, 'cover_image');
    // docs/product.md §8 names the creation failure's text; an edit's refusal is told in the API's words.
    const message = programId === null ? MESSAGES.programNotCreated : result.error.message;
    return rejectForm(intent, { errors, values, message, status: result.status });
  }
  const to = viewUrl(args.request, { name: 'programmes' });
  return redirectWithToast(to, { type: 'success', message: programSavedMessage(result.data) }, args.request);
}

/**
 * docs/product.md §4: the owner asks a superuser to publish; the API answers whether the request is new or pending.
 */
async function requestPublication(args: ActionFunctionArgs, form: FormData) {
  const programId = parseId(textField(form, 'program'));
  invariantResponse(programId !== null, 'Not Found', NOT_FOUND);
  const result = await api.requestPublication(args, programId);
  if (!result.ok) {
    return rejectForm(INTENTS.requestPublication, { message: result.error.message, status: result.status });
  }
  const to = viewUrl(args.request, { name: 'programmes' });
  return redirectWithToast(to, { type: 'success', message: result.data.message }, args.request);
}

const LESSON_FIELDS = ['title', 'lesson_number', 'video_url', 'description'] as const;

/**
 * docs/product.md §8: a duplicate number says so; otherwise the first `video_url` error is the toast, else the
 * API's message.
 */
function lessonFailureMessage(errors: FieldErrors, message: string): string {
  if (message === MESSAGES.duplicateLessonNumber) return message;
  return errors.video_url ?? message;
}

async function saveLesson(args: ActionFunctionArgs, { form, oversized }: SubmittedForm) {
  const programId = parseId(textField(form, 'program'));
  invariantResponse(programId !== null, 'Not Found', NOT_FOUND);
  const lessonId = parseId(textField(form, 'id'));
  const values = textValues(form, LESSON_FIELDS);
  if (oversized.length > 0) return rejectTooLarge(INTENTS.saveLesson, 'image', values);
  const fields = lessonId === null ? values : { ...values, id: String(lessonId) };
  const result = await api.saveLesson(args, programId, forwardedBody(form, fields, 'image'));
  if (!result.ok) {
    const errors = uploadErrors(result, 'image');
    if (result.error.message === MESSAGES.duplicateLessonNumber) errors.lesson_number = result.error.message;
    const message = lessonFailureMessage(errors, result.error.message);
    return rejectForm(INTENTS.saveLesson, { errors, values, message, status: result.status });
  }
  const to = viewUrl(args.request, { name: 'lessons', programId, lesson: null });
  return redirectWithToast(to, { type: 'success', message: result.data.message }, args.request);
}

async function deleteLesson(args: ActionFunctionArgs, form: FormData) {
  const programId = parseId(textField(form, 'program'));
  const lessonId = parseId(textField(form, 'lesson'));
  invariantResponse(programId !== null && lessonId !== null, 'Not Found', NOT_FOUND);
  const result = await api.deleteLesson(args, lessonId);
  // docs/product.md §8: a failed delete is the toast "error".
  if (!result.ok) return rejectForm(INTENTS.deleteLesson, { message: MESSAGES.error, status: result.status });
  const to = viewUrl(args.request, { name: 'lessons', programId, lesson: null });
  return redirectWithToast(to, { type: 'success', message: 'Lesson deleted' }, args.request);
}

export async function dashboardAction(args: ActionFunctionArgs) {
  await requireUser(args);
  const submitted = await readForm(args.request);
  if (!submitted) return rejectForm('', { message: MESSAGES.invalidInput, status: 400 });
  const { form } = submitted;
  const intent = form.get('intent');
  switch (intent) {
    case INTENTS.updateProfile:
      return updateProfile(args, submitted);
    case INTENTS.createProgram:
    case INTENTS.updateProgram:
      return saveProgram(args, submitted, intent);
    case INTENTS.requestPublication:
      return requestPublication(args, form);
    case INTENTS.saveLesson:
      return saveLesson(args, submitted);
    case INTENTS.deleteLesson:
      return deleteLesson(args, form);
    case INTENTS.unsubscribe:
      return unsubscribe(args, form);
    default:
      return rejectForm('', { message: MESSAGES.invalidInput, status: 400 });
  }
}
