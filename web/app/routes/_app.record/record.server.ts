import {
  MEASUREMENT_FIELDS,
  type MeasurementDto,
  type MeasurementField,
  type MeasurementResponse,
  type ProgressPhotoResponse,
  type RecordSharingResponse,
  type WorkoutLogResponse,
} from '@fitcoach/contracts';
import { type ActionFunctionArgs, data, type LoaderFunctionArgs } from '@remix-run/node';
import { api } from '~/utils/api/endpoints.server';
import { requireUser } from '~/utils/auth.server';
import { pageParam, parseId, requirePageInRange } from '~/utils/catalogue';
import { dataOrThrow, invariantResponse } from '~/utils/invariant';
import { MESSAGES } from '~/utils/messages';
import {
  type PhotoComparison,
  photoComparison,
  RECORD_INTENTS,
  RECORD_LOGS_PAGE_SIZE,
  rangeFrom,
  type RecordRange,
  recordRange,
} from '~/utils/record';
import { fileField, readForm, type SubmittedForm, TOO_LARGE } from '~/utils/multipart.server';
import { dateIn } from '~/utils/schedule';
import { redirectWithToast } from '~/utils/toast.server';
import { apiFieldErrors, type FieldErrors, textField } from '~/utils/validation';

/*
 * The member's training record (docs/product.md §2.15): measurements with their charts, workout logs, and what
 * they share with each trainer they follow. Every rule is the API's; the page posts plain forms.
 */

export interface RecordData {
  /** The measurements of `range`. */
  measurements: MeasurementResponse[];
  range: RecordRange;
  logs: WorkoutLogResponse[];
  logsTotal: number;
  page: number;
  photos: ProgressPhotoResponse[];
  comparison: PhotoComparison | null;
  sharing: RecordSharingResponse[];
  /** Today where the day is furthest on: a form's date may not be later (the API checks the member's own today). */
  latestDate: string;
}

/** UTC+14, the first zone to reach each day. */
const LATEST_ZONE = 'Pacific/Kiritimati';

export async function loadRecord(args: LoaderFunctionArgs): Promise<RecordData> {
  await requireUser(args);
  const params = new URL(args.request.url).searchParams;
  const page = pageParam(params);
  const range = recordRange(params);
  const [measurements, logs, photos, sharing] = await Promise.all([
    api.measurements(args, { from: rangeFrom(range, dateIn(new Date(), 'UTC')) }),
    api.myLogs(args, { page, pageSize: RECORD_LOGS_PAGE_SIZE }),
    api.photos(args),
    api.recordSharing(args),
  ]);
  const list = dataOrThrow(logs);
  requirePageInRange(page, RECORD_LOGS_PAGE_SIZE, list.total);
  const allPhotos = dataOrThrow(photos);
  return {
    measurements: dataOrThrow(measurements),
    range,
    logs: list.items,
    logsTotal: list.total,
    page,
    photos: allPhotos,
    comparison: photoComparison(allPhotos, params),
    sharing: dataOrThrow(sharing),
    latestDate: dateIn(new Date(), LATEST_ZONE),
  };
}

/** What a refused measurement sends back: the form as typed and the API's words. */
export interface MeasurementFormState {
  form: 'measure';
  values: Partial<Record<MeasurementField | 'measured_on', string>>;
  errors: FieldErrors;
  message: string;
}

/** What a refused photo sends back: the day and pose as chosen (a browser never keeps a chosen file). */
export interface PhotoFormState {
  form: 'photo';
  values: { pose: string; taken_on: string };
  errors: FieldErrors;
  message: string;
}

async function addPhoto(args: ActionFunctionArgs, { form, oversized }: SubmittedForm) {
  const values = { pose: textField(form, 'pose'), taken_on: textField(form, 'taken_on') };
  const refuse = (errors: FieldErrors, message: string, status: number) =>
    data<PhotoFormState>({ form: 'photo', values, errors, message }, { status });
  if (oversized.length > 0) return refuse({ image: TOO_LARGE }, TOO_LARGE, 413);
  const body = new FormData();
  const image = fileField(form, 'image');
  if (image) body.set('image', image);
  body.set('pose', values.pose);
  if (values.taken_on) body.set('taken_on', values.taken_on);
  const result = await api.addPhoto(args, body);
  if (result.ok)
    return redirectWithToast('/record', { type: 'success', message: 'Photo saved' }, args.request);
  return refuse(apiFieldErrors(result.error), result.error.message, result.status);
}

function measurementBody(form: FormData): { body: MeasurementDto; values: MeasurementFormState['values'] } {
  const values: MeasurementFormState['values'] = { measured_on: textField(form, 'measured_on') };
  const body: Record<string, unknown> = {};
  if (values.measured_on) body.measured_on = values.measured_on;
  for (const field of MEASUREMENT_FIELDS) {
    const text = textField(form, field);
    values[field] = text;
    if (text === '') continue;
    const number = Number(text.replace(',', '.'));
    // A text that is no number goes to the API as it is, which refuses it by name.
    body[field] = Number.isFinite(number) ? number : text;
  }
  return { body: body as MeasurementDto, values };
}

export async function recordAction(args: ActionFunctionArgs) {
  await requireUser(args);
  const submitted = await readForm(args.request);
  invariantResponse(submitted, MESSAGES.invalidInput);
  const { form } = submitted;
  const intent = textField(form, 'intent');
  if (intent === RECORD_INTENTS.photo) return addPhoto(args, submitted);
  if (intent === RECORD_INTENTS.unphoto) {
    const id = parseId(textField(form, 'photo'));
    invariantResponse(id !== null, MESSAGES.invalidInput);
    const result = await api.deletePhoto(args, id);
    return redirectWithToast(
      '/record',
      result.ok
        ? { type: 'success', message: 'Photo deleted' }
        : { type: 'error', message: result.error.message },
      args.request,
    );
  }
  if (intent === RECORD_INTENTS.measure) {
    const { body, values } = measurementBody(form);
    const result = await api.addMeasurement(args, body);
    if (result.ok)
      return redirectWithToast('/record', { type: 'success', message: 'Measurements saved' }, args.request);
    return data<MeasurementFormState>(
      { form: 'measure', values, errors: apiFieldErrors(result.error), message: result.error.message },
      { status: result.status },
    );
  }
  if (intent === RECORD_INTENTS.unmeasure) {
    const id = parseId(textField(form, 'measurement'));
    invariantResponse(id !== null, MESSAGES.invalidInput);
    const result = await api.deleteMeasurement(args, id);
    return redirectWithToast(
      '/record',
      result.ok
        ? { type: 'success', message: 'Measurement deleted' }
        : { type: 'error', message: result.error.message },
      args.request,
    );
  }
  invariantResponse(intent === RECORD_INTENTS.share, MESSAGES.invalidInput);
  const trainer = parseId(textField(form, 'trainer'));
  invariantResponse(trainer !== null, MESSAGES.invalidInput);
  const result = await api.updateRecordSharing(args, trainer, {
    logs: form.get('logs') === 'on',
    measurements: form.get('measurements') === 'on',
    photos: form.get('photos') === 'on',
  });
  return redirectWithToast(
    '/record',
    result.ok
      ? { type: 'success', message: `Sharing with ${result.data.trainer.name} saved` }
      : { type: 'error', message: result.error.message },
    args.request,
  );
}
