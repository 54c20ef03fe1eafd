import {
  type ApiError,
  type CaptureResponse,
  type CreateOrderResponse,
  type FollowedProgramsResponse,
  type HealthResponse,
  isApiError,
  type LessonProgressResponse,
  type LessonResponse,
  type PaymentsConfigResponse,
  type ProgramResponse,
  type ProgramUpdateResponse,
  type SubscriberEntry,
  type TrainerResponse,
} from '@fitcoach/contracts';
import type { CurrentUser } from '~/types/user';
import { env } from './env.server';
import { getSession, type RequestSession, type RouteArgs, type TokenPair } from './session.server';

/*
 * The web layer's only way to the REST API (docs/architecture.md §3): loaders and actions are a client of it like any
 * other, so authentication, authorisation and validation stay in the API. Failures are values, never exceptions,
 * so a route decides what a 404 or an unreachable API means for its page.
 */

export type ApiResult<T> =
  { ok: true; status: number; data: T } | { ok: false; status: number; error: ApiError };

export interface MessageResponse {
  message: string;
}

/** The e-mail verification answer, with the capital M of docs/product.md §7. */
export interface VerificationResponse {
  Message: string;
}

export interface Registration {
  first_name: string;
  last_name: string;
  email: string;
  password: string;
}

/** One page of a paginated list: the API sends the items as an array and the total in `X-Total-Count`. */
export interface ListPage<T> {
  items: T[];
  total: number;
}

export interface PageQuery {
  page: number;
  pageSize: number;
}

/** The public catalogue's filters; absent ones are not sent. */
export interface ProgrammeFilters {
  category?: string;
  level?: string;
  q?: string;
}

export interface Credentials {
  email: string;
  password: string;
}

/** A page of a trainer's subscribers, of one of their programmes when `program` is given. */
export interface SubscriberQuery extends PageQuery {
  program?: number;
}

type Method = 'GET' | 'POST' | 'PUT' | 'DELETE';

interface CallOptions {
  method?: Method;
  /** Sent as JSON; a function is called for each attempt, so a retry sends what the session holds by then. */
  body?: unknown;
  /** Sent as multipart/form-data (fetch writes the boundary). */
  multipart?: FormData;
  /**
   * Whether the call acts as the signed-in visitor: it carries the access token and, when the API answers 401,
   * renews the token pair once and tries again. Public calls (sign-in, registration) send neither. 'optional' is for
   * the public reads that show a signed-in visitor more: as `true`, and when the token cannot be renewed the read
   * is asked again anonymously, as the visitor is by then.
   */
  auth?: boolean | 'optional';
  /** A paginated list: the answer becomes a ListPage with the total from `X-Total-Count`. */
  paginated?: boolean;
  /** How long to wait for the answer; TIMEOUT_MS unless the API itself waits on a slower party. */
  timeoutMs?: number;
}

// Longer than any healthy API answer, short enough that a hung API does not hold a page render indefinitely.
const TIMEOUT_MS = 10_000;
// The API gives each PayPal call about 15 s (an OAuth token, then the order call): the web waits for its answer,
// a clear 502/504, rather than giving up first while the capture may still complete.
const PAYMENT_TIMEOUT_MS = 40_000;

function failure(status: number, message: string): ApiResult<never> {
  return { ok: false, status, error: { statusCode: status, message } };
}

const unavailable = (): ApiResult<never> =>
  failure(503, 'The service is unavailable. Please try again later.');

function requestBody(options: CallOptions, headers: Headers): BodyInit | undefined {
  if (options.multipart) return options.multipart;
  if (options.body === undefined) return undefined;
  headers.set('Content-Type', 'application/json');
  const body: unknown = typeof options.body === 'function' ? (options.body as () => unknown)() : options.body;
  return JSON.stringify(body);
}

async function send<T>(
  { request }: RouteArgs,
  path: string,
  options: CallOptions,
  accessToken: string | null,
): Promise<ApiResult<T>> {
  // Loopback traffic gains nothing from compression: without this, fetch asks for gzip and both ends pay for it.
  const headers = new Headers({ Accept: 'application/json', 'Accept-Encoding': 'identity' });
  if (accessToken) headers.set('Authorization', `Bearer ${accessToken}`);
  // Every call comes from this server's address: the API's per-client rate limits need the visitor's. The API
  // replaces the incoming header with the address Express trusts before Remix sees it, so it is passed on as is.
  const forwardedFor = request.headers.get('X-Forwarded-For');
  if (forwardedFor) headers.set('X-Forwarded-For', forwardedFor);
  const body = requestBody(options, headers);

  let response: Response;
  let text: string;
  try {
    response = await fetch(`${env.apiInternalUrl}${path}`, {
      method: options.method ?? 'GET',
      headers,
      body,
      // Stop waiting when the browser goes away, as well as after the timeout.
      signal: AbortSignal.any([request.signal, AbortSignal.timeout(options.timeoutMs ?? TIMEOUT_MS)]),
    });
    text = await response.text();
  } catch {
    return unavailable();
  }

  let payload: unknown = null;
  if (text !== '') {
    try {
      payload = JSON.parse(text);
    } catch {
      return failure(502, 'The service sent an unreadable answer.');
    }
  }

  if (response.ok) {
    // The API's answers are typed by @fitcoach/contracts and produced by the same repository, so they are trusted
    // to match T rather than validated field by field.
    const data = options.paginated ? listPage(payload, response.headers) : payload;
    return { ok: true, status: response.status, data: data as T };
  }
  if (isApiError(payload)) return { ok: false, status: response.status, error: payload };
  return failure(response.status, response.statusText || 'Request failed');
}

function listPage(items: unknown, headers: Headers): ListPage<unknown> {
  const list = Array.isArray(items) ? items : [];
  const total = Number(headers.get('X-Total-Count'));
  return { items: list, total: Number.isInteger(total) && total >= 0 ? total : list.length };
}

/** `?name=value&...` of the defined, non-empty values; '' when there are none. */
function queryString(params: Record<string, string | number | undefined>): string {
  const search = new URLSearchParams();
  for (const [name, value] of Object.entries(params)) {
    if (value !== undefined && value !== '') search.set(name, String(value));
  }
  const text = search.toString();
  return text === '' ? '' : `?${text}`;
}

const pageParams = ({ page, pageSize }: PageQuery) => ({ page, page_size: pageSize });

// One renewal per HTTP request, shared by its loaders: the API rotates refresh tokens, so a second renewal with the
// same refresh token would count as reuse of a dead token and end the session.
const renewals = new WeakMap<RequestSession, Promise<ApiResult<TokenPair> | null>>();

async function renew(args: RouteArgs, session: RequestSession): Promise<ApiResult<TokenPair> | null> {
  const refresh = session.refreshToken;
  if (!refresh) return null;
  const result = await send<TokenPair>(
    args,
    '/api/token/refresh/',
    { method: 'POST', body: { refresh } },
    null,
  );
  if (result.ok) {
    session.store(result.data);
  } else if (result.status === 400 || result.status === 401 || result.status === 403) {
    // A refused refresh token (expired, revoked, a blocked account) ends the session; an unreachable API does not.
    session.clear();
  }
  return result;
}

async function call<T>(args: RouteArgs, path: string, options: CallOptions = {}): Promise<ApiResult<T>> {
  if (options.auth === false) return send<T>(args, path, options, null);
  const session = getSession(args);
  const token = session.accessToken;
  const result = await send<T>(args, path, options, token);
  if (result.ok || result.status !== 401) return result;

  let renewal = renewals.get(session);
  if (!renewal) {
    renewal = renew(args, session);
    renewals.set(session, renewal);
  }
  const renewed = await renewal;
  // The refresh of a blocked account is refused with 403: that, not the expired token, is what the caller must hear.
  if (renewed && !renewed.ok && renewed.status === 403) return renewed;
  // Retry once, and only with a token other than the refused one (another loader may have renewed it already).
  if (session.accessToken !== null && session.accessToken !== token) {
    return send<T>(args, path, options, session.accessToken);
  }
  if (options.auth === 'optional' && token !== null) return send<T>(args, path, options, null);
  return result;
}

export const api = {
  health: (args: RouteArgs) => call<HealthResponse>(args, '/api/health', { auth: false }),

  register: (args: RouteArgs, registration: Registration) =>
    call<MessageResponse>(args, '/api/users/register/', { method: 'POST', body: registration, auth: false }),

  verifyEmail: (args: RouteArgs, token: string) =>
    call<VerificationResponse>(args, '/api/users/email_verification/', {
      method: 'POST',
      body: { token },
      auth: false,
    }),

  resendVerification: (args: RouteArgs, email: string) =>
    call<MessageResponse>(args, '/api/users/resend_verification/', {
      method: 'POST',
      body: { email },
      auth: false,
    }),

  login: (args: RouteArgs, credentials: Credentials) =>
    call<TokenPair>(args, '/api/token/', { method: 'POST', body: credentials, auth: false }),

  /** Revokes the session's refresh token (after a renewal, the renewed one). */
  logout: (args: RouteArgs) =>
    call<MessageResponse>(args, '/api/users/logout/', {
      method: 'POST',
      body: () => ({ refresh: getSession(args).refreshToken ?? undefined }),
    }),

  me: (args: RouteArgs) => call<CurrentUser>(args, '/api/users/me/'),

  updateUser: (args: RouteArgs, form: FormData) =>
    call<MessageResponse>(args, '/api/users/updateUser/', { method: 'PUT', multipart: form }),

  // The public lists are the same for everyone, so they are asked for anonymously (no token renewal needed).
  trainers: (args: RouteArgs, paging: PageQuery) =>
    call<ListPage<TrainerResponse>>(args, `/api/trainers/allTrainer/${queryString(pageParams(paging))}`, {
      auth: false,
      paginated: true,
    }),

  /*
   * The following public reads show more to the owner and to superusers. The API refuses an expired token there
   * with 401 as everywhere else, so they renew it like any signed-in call, and read anonymously when it cannot be.
   */
  trainer: (args: RouteArgs, id: number) =>
    call<TrainerResponse>(args, `/api/trainers/retrieveTrainer/${id}/`, { auth: 'optional' }),

  ownTrainer: (args: RouteArgs) => call<{ data: TrainerResponse }>(args, '/api/trainers/getTrainer/'),

  registerTrainer: (args: RouteArgs, form: FormData) =>
    call<MessageResponse>(args, '/api/trainers/TrainerProfileCreation/', { method: 'POST', multipart: form }),

  programmes: (args: RouteArgs, filters: ProgrammeFilters, paging: PageQuery) =>
    call<ListPage<ProgramResponse>>(
      args,
      `/api/fitness_programs/retrive_all/${queryString({ ...filters, ...pageParams(paging) })}`,
      { auth: false, paginated: true },
    ),

  programme: (args: RouteArgs, id: number) =>
    call<ProgramResponse>(args, `/api/fitness_programs/get_programme/${id}/`, { auth: 'optional' }),

  trainerProgrammes: (args: RouteArgs, trainerId: number) =>
    call<ProgramResponse[]>(args, `/api/fitness_programs/get_trainer_programme/${trainerId}/`, {
      auth: 'optional',
    }),

  createProgramme: (args: RouteArgs, form: FormData) =>
    call<MessageResponse & { id: number }>(args, '/api/fitness_programs/create/', {
      method: 'POST',
      multipart: form,
    }),

  updateProgramme: (args: RouteArgs, id: number, form: FormData) =>
    call<ProgramUpdateResponse>(args, `/api/fitness_programs/update/${id}/`, {
      method: 'PUT',
      multipart: form,
    }),

  requestPublication: (args: RouteArgs, id: number) =>
    call<MessageResponse>(args, `/api/fitness_programs/publishRequest/${id}/`),

  lessons: (args: RouteArgs, programmeId: number) =>
    call<LessonResponse[]>(args, `/api/fitness_programs/getLessons/${programmeId}/`, { auth: 'optional' }),

  /** Creates a lesson, or edits the one whose `id` the form carries. */
  saveLesson: (args: RouteArgs, programmeId: number, form: FormData) =>
    call<MessageResponse>(args, `/api/fitness_programs/createLesson/${programmeId}/`, {
      method: 'POST',
      multipart: form,
    }),

  deleteLesson: (args: RouteArgs, lessonId: number) =>
    call<null>(args, `/api/fitness_programs/DeleteLesson/${lessonId}/`, { method: 'DELETE' }),

  // The checkout: orders are created and captured for the signed-in member; the API sets amount and currency.
  paymentsConfig: (args: RouteArgs) =>
    call<PaymentsConfigResponse>(args, '/api/payments/config/', { auth: false }),

  createOrder: (args: RouteArgs, programmeId: number, currency: string) =>
    call<CreateOrderResponse>(args, '/api/payments/paypal/orders/', {
      method: 'POST',
      body: { program_id: programmeId, currency },
      timeoutMs: PAYMENT_TIMEOUT_MS,
    }),

  captureOrder: (args: RouteArgs, orderId: string) =>
    call<CaptureResponse>(args, `/api/payments/paypal/orders/${encodeURIComponent(orderId)}/capture/`, {
      method: 'POST',
      timeoutMs: PAYMENT_TIMEOUT_MS,
    }),

  /*
   * Subscriptions and progress (docs/product.md §2.7 lesson player and dashboard). `unfollowProgram` and
   * `updatelessonProgress` are the spec's state-changing GETs: the API allows them with the Bearer token this
   * module sends, never with the session cookie alone, and the pages call them only from their actions.
   */
  followedProgrammes: (args: RouteArgs) =>
    call<FollowedProgramsResponse[]>(args, '/api/users/getFollowedPrograms/'),

  unfollowProgramme: (args: RouteArgs, programmeId: number) =>
    call<MessageResponse>(args, `/api/users/unfollowProgram/${programmeId}/`),

  lessonProgress: (args: RouteArgs, userId: number, programmeId: number) =>
    call<LessonProgressResponse>(args, `/api/fitness_programs/getlessonProgress/${userId}/${programmeId}/`),

  completeLesson: (args: RouteArgs, programmeId: number, lessonNumber: number) =>
    call<MessageResponse>(args, `/api/fitness_programs/updatelessonProgress/${programmeId}-${lessonNumber}/`),

  subscribers: (args: RouteArgs, { program, ...paging }: SubscriberQuery) =>
    call<ListPage<SubscriberEntry>>(
      args,
      `/api/trainers/get_subscribers/${queryString({ ...pageParams(paging), program })}`,
      { paginated: true },
    ),

  /** A user's record; the e-mail is there for the user's own trainer (README.md, API: getUserById). */
  userById: (args: RouteArgs, id: number) => call<CurrentUser>(args, `/api/users/getUserById/${id}/`),
};
