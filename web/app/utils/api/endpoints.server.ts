import type {
  AccountExport,
  AccountSort,
  AdminStatsResponse,
  AuditAction,
  AuditEntryResponse,
  FailedJobResponse,
  UserBriefResponse,
  CaptureResponse,
  ChatContact,
  ChatMessage,
  CreateOrderResponse,
  FollowedProgramsResponse,
  HealthResponse,
  HiddenReviewResponse,
  LessonProgressResponse,
  LessonResponse,
  LoginDto,
  MessageResponse,
  MyPaymentResponse,
  NotificationSettingsResponse,
  NotificationResponse,
  PaymentsConfigResponse,
  PushConfigResponse,
  ProgramDetailResponse,
  ProgramResponse,
  ProgramStatus,
  ProgramUpdateResponse,
  RegisterDto,
  RevokedSessionsResponse,
  SessionResponse,
  SitemapEntry,
  StreakResponse,
  SubscriberEntry,
  TokenPairResponse,
  TrainerAccountResponse,
  TrainerResponse,
  UserResponse,
  AccountView,
  ScheduleDto,
  SubscriptionScheduleResponse,
  MeasurementDto,
  MeasurementResponse,
  ProgressPhotoResponse,
  RecordSharing,
  ReviewDto,
  ReviewListResponse,
  ReviewReportResponse,
  ReviewResponse,
  ReviewSort,
  RecordSharingResponse,
  SubscriberRecordResponse,
  TrainerInsightsResponse,
  WorkoutLogComment,
  WorkoutLogDto,
  WorkoutLogResponse,
} from '@fitcoach/contracts';
import { getSession, type RouteArgs } from '../session.server';
import { type ApiPage, call, type ListPage } from './transport.server';

// The web's only way to the REST API (docs/architecture.md §3): loaders and actions are a client like any other, so
// authentication, authorisation and validation stay in the API.

/** The e-mail verification answer, with the capital M of docs/product.md §7 (the API returns it from its service as is). */
export interface VerificationResponse {
  Message: string;
}

export interface PageQuery {
  page: number;
  pageSize: number;
}

export interface AccountQuery extends PageQuery {
  search?: string;
  sort?: AccountSort;
}

export interface ProgramFilters {
  category?: string;
  level?: string;
  q?: string;
}

export interface AdminProgramsQuery extends PageQuery {
  status?: ProgramStatus;
  trainer?: number;
}

export interface AuditQuery extends PageQuery {
  action?: AuditAction;
  actor?: number;
}

export interface SubscriberQuery extends PageQuery {
  program?: number;
  /** Only the inactive subscribers. */
  inactive?: boolean;
}

// The API gives each PayPal call about 15 s (an OAuth token, then the order call): the web waits for its answer,
// a clear 502/504, rather than giving up first while the capture may still complete.
const PAYMENT_TIMEOUT_MS = 40_000;

function queryString(params: Record<string, string | number | undefined>): string {
  const search = new URLSearchParams();
  for (const [name, value] of Object.entries(params)) {
    if (value !== undefined && value !== '') search.set(name, String(value));
  }
  const text = search.toString();
  return text === '' ? '' : `?${text}`;
}

const pageParams = ({ page, pageSize }: PageQuery) => ({ page, page_size: pageSize });
const accountParams = ({ search, sort, ...paging }: AccountQuery) => ({
  ...pageParams(paging),
  search,
  sort,
});

/** A JSON post of the public account forms, sent without a session: their visitor is not signed in. */
function postAnonymously<T>(args: RouteArgs, path: string, body: unknown) {
  return call<T>(args, path, { method: 'POST', body, auth: false });
}

export const api = {
  health: (args: RouteArgs) => call<HealthResponse>(args, '/api/health', { auth: false }),

  register: (args: RouteArgs, registration: RegisterDto) =>
    postAnonymously<MessageResponse>(args, '/api/users/register/', registration),

  verifyEmail: (args: RouteArgs, token: string) =>
    postAnonymously<VerificationResponse>(args, '/api/users/email_verification/', { token }),

  requestPasswordReset: (args: RouteArgs, email: string) =>
    postAnonymously<MessageResponse>(args, '/api/users/password_reset/', { email }),

  confirmPasswordReset: (args: RouteArgs, token: string, password: string) =>
    postAnonymously<MessageResponse>(args, '/api/users/password_reset/confirm/', { token, password }),

  resendVerification: (args: RouteArgs, email: string) =>
    postAnonymously<MessageResponse>(args, '/api/users/resend_verification/', { email }),

  login: (args: RouteArgs, credentials: LoginDto) =>
    postAnonymously<TokenPairResponse>(args, '/api/token/', credentials),

  /** Revokes the session's refresh token (after a renewal, the renewed one). */
  logout: (args: RouteArgs) =>
    call<MessageResponse>(args, '/api/users/logout/', {
      method: 'POST',
      body: () => ({ refresh: getSession(args).refreshToken ?? undefined }),
    }),

  me: (args: RouteArgs) => call<UserResponse>(args, '/api/users/me/'),

  changePassword: (args: RouteArgs, passwords: { old_password: string; new_password: string }) =>
    call<TokenPairResponse>(args, '/api/users/change_password/', { method: 'PUT', body: passwords }),

  sessions: (args: RouteArgs) => call<SessionResponse[]>(args, '/api/users/sessions/'),

  endSession: (args: RouteArgs, id: string) =>
    call<null>(args, `/api/users/sessions/${encodeURIComponent(id)}/`, { method: 'DELETE' }),

  notificationSettings: (args: RouteArgs) =>
    call<NotificationSettingsResponse>(args, '/api/users/notification_settings/'),

  updateNotificationSettings: (args: RouteArgs, settings: NotificationSettingsResponse) =>
    call<NotificationSettingsResponse>(args, '/api/users/notification_settings/', {
      method: 'PUT',
      body: settings,
    }),

  unsubscribeReminders: (args: RouteArgs, token: string) =>
    postAnonymously<MessageResponse>(args, '/api/users/notification_settings/unsubscribe/', { token }),

  endOtherSessions: (args: RouteArgs) =>
    call<RevokedSessionsResponse>(args, '/api/users/sessions/revoke_others/', { method: 'POST' }),
  exportAccount: (args: RouteArgs) => call<AccountExport>(args, '/api/users/me/export/'),

  deleteAccount: (args: RouteArgs, password: string) =>
    call<null>(args, '/api/users/me/', { method: 'DELETE', body: { password } }),

  updateUser: (args: RouteArgs, form: FormData) =>
    call<MessageResponse>(args, '/api/users/updateUser/', { method: 'PUT', multipart: form }),

  // The public lists are the same for everyone, so they are asked for anonymously (no token renewal needed).
  trainers: (args: RouteArgs, paging: PageQuery) =>
    call<ListPage<TrainerResponse>>(args, `/api/trainers/allTrainer/${queryString(pageParams(paging))}`, {
      auth: false,
      paginated: true,
    }),

  // These reads show more to owners and superusers: they renew an expired token, and read anonymously if they cannot.
  trainer: (args: RouteArgs, id: number) =>
    call<TrainerResponse>(args, `/api/trainers/retrieveTrainer/${id}/`, { auth: 'optional' }),

  ownTrainer: (args: RouteArgs) => call<{ data: TrainerResponse }>(args, '/api/trainers/getTrainer/'),

  registerTrainer: (args: RouteArgs, form: FormData) =>
    call<MessageResponse>(args, '/api/trainers/TrainerProfileCreation/', { method: 'POST', multipart: form }),

  programs: (args: RouteArgs, filters: ProgramFilters, paging: PageQuery) =>
    call<ListPage<ProgramResponse>>(
      args,
      `/api/fitness_programs/retrive_all/${queryString({ ...filters, ...pageParams(paging) })}`,
      { auth: false, paginated: true },
    ),

  sitemap: (args: RouteArgs, paging: PageQuery) =>
    call<ListPage<SitemapEntry>>(args, `/api/sitemap/${queryString(pageParams(paging))}`, {
      auth: false,
      paginated: true,
    }),

  program: (args: RouteArgs, id: number) =>
    call<ProgramDetailResponse>(args, `/api/fitness_programs/get_programme/${id}/`, { auth: 'optional' }),

  trainerPrograms: (args: RouteArgs, trainerId: number) =>
    call<ProgramResponse[]>(args, `/api/fitness_programs/get_trainer_programme/${trainerId}/`, {
      auth: 'optional',
    }),

  createProgram: (args: RouteArgs, form: FormData) =>
    call<MessageResponse & { id: number }>(args, '/api/fitness_programs/create/', {
      method: 'POST',
      multipart: form,
    }),

  updateProgram: (args: RouteArgs, id: number, form: FormData) =>
    call<ProgramUpdateResponse>(args, `/api/fitness_programs/update/${id}/`, {
      method: 'PUT',
      multipart: form,
    }),

  requestPublication: (args: RouteArgs, id: number) =>
    call<MessageResponse>(args, `/api/fitness_programs/publishRequest/${id}/`),

  lessons: (args: RouteArgs, programId: number) =>
    call<LessonResponse[]>(args, `/api/fitness_programs/getLessons/${programId}/`, { auth: 'optional' }),

  saveLesson: (args: RouteArgs, programId: number, form: FormData) =>
    call<MessageResponse>(args, `/api/fitness_programs/createLesson/${programId}/`, {
      method: 'POST',
      multipart: form,
    }),

  deleteLesson: (args: RouteArgs, lessonId: number) =>
    call<null>(args, `/api/fitness_programs/DeleteLesson/${lessonId}/`, { method: 'DELETE' }),

  // The checkout: orders are created and captured for the signed-in member; the API sets amount and currency.
  paymentsConfig: (args: RouteArgs) =>
    call<PaymentsConfigResponse>(args, '/api/payments/config/', { auth: false }),

  pushConfig: (args: RouteArgs) => call<PushConfigResponse>(args, '/api/push/config/', { auth: false }),

  /** This browser's push subscription, for the signed-in session (which ends it when it ends). */
  subscribePush: (
    args: RouteArgs,
    subscription: { endpoint: string; keys: { p256dh: string; auth: string } },
  ) => call<{ id: number }>(args, '/api/push/subscriptions/', { method: 'POST', body: subscription }),

  unsubscribePush: (args: RouteArgs, endpoint: string) =>
    call<null>(args, '/api/push/subscriptions/', { method: 'DELETE', body: { endpoint } }),

  createOrder: (args: RouteArgs, programId: number, currency: string) =>
    call<CreateOrderResponse>(args, '/api/payments/paypal/orders/', {
      method: 'POST',
      body: { program_id: programId, currency },
      timeoutMs: PAYMENT_TIMEOUT_MS,
    }),

  captureOrder: (args: RouteArgs, orderId: string) =>
    call<CaptureResponse>(args, `/api/payments/paypal/orders/${encodeURIComponent(orderId)}/capture/`, {
      method: 'POST',
      timeoutMs: PAYMENT_TIMEOUT_MS,
    }),

  myPayments: (args: RouteArgs, paging: PageQuery) =>
    call<ListPage<MyPaymentResponse>>(args, `/api/payments/mine/${queryString(pageParams(paging))}`, {
      paginated: true,
    }),

  receipt: (args: RouteArgs, paymentId: number) =>
    call<ApiPage>(args, `/api/payments/mine/${paymentId}/receipt/`, { page: true }),

  // `unfollowProgram` and `updatelessonProgress` are the spec's state-changing GETs: the API allows them only
  // with the Bearer token this module sends, and the pages call them only from their actions.
  /** Every followed programme, or `program` only; each with its calendar when `calendar`. */
  followedPrograms: (args: RouteArgs, { program, calendar }: { program?: number; calendar?: boolean } = {}) =>
    call<FollowedProgramsResponse[]>(
      args,
      `/api/users/getFollowedPrograms/${queryString({ program, calendar: calendar ? 1 : undefined })}`,
    ),

  streak: (args: RouteArgs) => call<StreakResponse>(args, '/api/users/streak/'),

  unfollowProgram: (args: RouteArgs, programId: number) =>
    call<MessageResponse>(args, `/api/users/unfollowProgram/${programId}/`),

  lessonProgress: (args: RouteArgs, userId: number, programId: number) =>
    call<LessonProgressResponse>(args, `/api/fitness_programs/getlessonProgress/${userId}/${programId}/`),

  updateSchedule: (args: RouteArgs, subscriptionId: number, body: ScheduleDto) =>
    call<SubscriptionScheduleResponse>(args, `/api/subscriptions/${subscriptionId}/schedule/`, {
      method: 'PUT',
      body,
    }),

  completeLesson: (args: RouteArgs, programId: number, lessonNumber: number) =>
    call<MessageResponse>(args, `/api/fitness_programs/updatelessonProgress/${programId}-${lessonNumber}/`),

  subscribers: (args: RouteArgs, { program, inactive, ...paging }: SubscriberQuery) =>
    call<ListPage<SubscriberEntry>>(
      args,
      `/api/trainers/get_subscribers/${queryString({ ...pageParams(paging), program, inactive: inactive ? 1 : undefined })}`,
      { paginated: true },
    ),

  /** An account as its contacts see it; the e-mail is there for the trainer of the account's subscription. */
  userById: (args: RouteArgs, id: number) => call<AccountView>(args, `/api/users/getUserById/${id}/`),

  // Chat (docs/architecture.md §8): the reads of its page and the form send that works without JavaScript.
  chatContacts: (args: RouteArgs) => call<ChatContact[]>(args, '/api/chat/getContacts/'),

  chatMessages: (args: RouteArgs, withUser: number, before?: number) =>
    call<ChatMessage[]>(args, `/api/chat/getMessages/${withUser}/${queryString({ before })}`),

  sendChatMessage: (args: RouteArgs, to: number, text: string) =>
    call<ChatMessage>(args, '/api/chat/sendMessage/', { method: 'POST', body: { to, text } }),

  readConversation: (args: RouteArgs, withUser: number) =>
    call<MessageResponse>(args, '/api/chat/readConversation/', { method: 'POST', body: { with: withUser } }),

  /** The notifications stored while the user was away; the API marks them read as it answers. */
  notifications: (args: RouteArgs) => call<NotificationResponse[]>(args, '/api/chat/getNotifications'),

  adminStats: (args: RouteArgs) => call<AdminStatsResponse>(args, '/api/admin/stats/'),

  superusers: (args: RouteArgs, paging: PageQuery) =>
    call<ListPage<UserBriefResponse>>(args, `/api/admin/superusers/${queryString(pageParams(paging))}`, {
      paginated: true,
    }),

  promoteSuperuser: (args: RouteArgs, email: string) =>
    call<MessageResponse>(args, '/api/admin/superusers/', { method: 'POST', body: { email } }),

  demoteSuperuser: (args: RouteArgs, userId: number) =>
    call<MessageResponse>(args, `/api/admin/superusers/${userId}/`, { method: 'DELETE' }),

  adminAudit: (args: RouteArgs, { action, actor, ...paging }: AuditQuery) =>
    call<ListPage<AuditEntryResponse>>(
      args,
      `/api/admin/audit/${queryString({ ...pageParams(paging), action, actor })}`,
      { paginated: true },
    ),

  failedJobs: (args: RouteArgs, paging: PageQuery) =>
    call<ListPage<FailedJobResponse>>(args, `/api/admin/failedJobs/${queryString(pageParams(paging))}`, {
      paginated: true,
    }),

  retryFailedJob: (args: RouteArgs, id: number) =>
    call<MessageResponse>(args, `/api/admin/failedJobs/${id}/retry/`, { method: 'POST' }),

  // Blocking and publishing are the spec's state-changing GETs: sent with the Bearer token from actions only.
  adminUsers: (args: RouteArgs, query: AccountQuery) =>
    call<ListPage<UserBriefResponse>>(args, `/api/users/getAllUsers/${queryString(accountParams(query))}`, {
      paginated: true,
    }),

  adminTrainers: (args: RouteArgs, query: AccountQuery) =>
    call<ListPage<TrainerAccountResponse>>(
      args,
      `/api/trainers/getAllTrainers/${queryString(accountParams(query))}`,
      { paginated: true },
    ),

  adminPrograms: (args: RouteArgs, { status, trainer, ...paging }: AdminProgramsQuery) =>
    call<ListPage<ProgramResponse>>(
      args,
      `/api/fitness_programs/retrive_all_programs/${queryString({ ...pageParams(paging), status, trainer })}`,
      { paginated: true },
    ),

  publishRequests: (args: RouteArgs, paging: PageQuery) =>
    call<ListPage<ProgramResponse>>(
      args,
      `/api/fitness_programs/getPublishRequests/${queryString(pageParams(paging))}`,
      { paginated: true },
    ),

  verifyTrainer: (args: RouteArgs, trainerId: number, verified: boolean) =>
    call<TrainerResponse>(args, `/api/trainers/${trainerId}/verify/`, { method: 'PUT', body: { verified } }),

  changeUserAccess: (args: RouteArgs, userId: number) =>
    call<MessageResponse>(args, `/api/users/changeUserAccess/${userId}/`),

  changePublishStatus: (args: RouteArgs, programId: number) =>
    call<MessageResponse>(args, `/api/fitness_programs/changePublishStatus/${programId}/`),

  publishProgram: (args: RouteArgs, programId: number) =>
    call<MessageResponse>(args, `/api/fitness_programs/publishprogram/${programId}/`),

  rejectProgram: (args: RouteArgs, programId: number, reason: string) =>
    call<MessageResponse>(args, `/api/fitness_programs/reject/${programId}/`, {
      method: 'POST',
      body: { reason },
    }),

  // The training record (docs/product.md §2.7 and §2.15).
  lessonLogs: (args: RouteArgs, programId: number, lessonNumber: number) =>
    call<WorkoutLogResponse[]>(args, `/api/lessons/${programId}-${lessonNumber}/logs/`),

  createLog: (args: RouteArgs, programId: number, lessonNumber: number, body: WorkoutLogDto) =>
    call<WorkoutLogResponse>(args, `/api/lessons/${programId}-${lessonNumber}/logs/`, {
      method: 'POST',
      body,
    }),

  updateLog: (args: RouteArgs, id: number, body: WorkoutLogDto) =>
    call<WorkoutLogResponse>(args, `/api/logs/${id}/`, { method: 'PUT', body }),

  commentLog: (args: RouteArgs, id: number, text: string) =>
    call<WorkoutLogComment>(args, `/api/logs/${id}/comments/`, { method: 'POST', body: { text } }),

  deleteLog: (args: RouteArgs, id: number) => call<null>(args, `/api/logs/${id}/`, { method: 'DELETE' }),

  myLogs: (args: RouteArgs, paging: PageQuery) =>
    call<ListPage<WorkoutLogResponse>>(args, `/api/users/logs/${queryString(pageParams(paging))}`, {
      paginated: true,
    }),

  measurements: (args: RouteArgs, range: { from?: string } = {}) =>
    call<MeasurementResponse[]>(args, `/api/users/measurements/${queryString(range)}`),

  addMeasurement: (args: RouteArgs, body: MeasurementDto) =>
    call<MeasurementResponse>(args, '/api/users/measurements/', { method: 'POST', body }),

  deleteMeasurement: (args: RouteArgs, id: number) =>
    call<null>(args, `/api/users/measurements/${id}/`, { method: 'DELETE' }),

  photos: (args: RouteArgs) => call<ProgressPhotoResponse[]>(args, '/api/users/photos/'),

  addPhoto: (args: RouteArgs, form: FormData) =>
    call<ProgressPhotoResponse>(args, '/api/users/photos/', { method: 'POST', multipart: form }),

  deletePhoto: (args: RouteArgs, id: number) =>
    call<null>(args, `/api/users/photos/${id}/`, { method: 'DELETE' }),

  recordSharing: (args: RouteArgs) => call<RecordSharingResponse[]>(args, '/api/users/record_sharing/'),

  updateRecordSharing: (args: RouteArgs, trainerId: number, body: Partial<RecordSharing>) =>
    call<RecordSharingResponse>(args, `/api/users/record_sharing/${trainerId}/`, { method: 'PUT', body }),

  programReviews: (args: RouteArgs, programId: number, query: PageQuery & { sort: ReviewSort }) =>
    call<ReviewListResponse>(
      args,
      `/api/fitness_programs/${programId}/reviews/${queryString({ ...pageParams(query), sort: query.sort })}`,
      { auth: 'optional' },
    ),

  writeReview: (args: RouteArgs, programId: number, body: ReviewDto) =>
    call<ReviewResponse>(args, `/api/fitness_programs/${programId}/reviews/`, { method: 'POST', body }),

  editReview: (args: RouteArgs, id: number, body: ReviewDto) =>
    call<ReviewResponse>(args, `/api/reviews/${id}/`, { method: 'PUT', body }),

  deleteReview: (args: RouteArgs, id: number) =>
    call<null>(args, `/api/reviews/${id}/`, { method: 'DELETE' }),

  answerReview: (args: RouteArgs, id: number, text: string) =>
    call<ReviewResponse>(args, `/api/reviews/${id}/answer/`, { method: 'POST', body: { text } }),

  markReviewHelpful: (args: RouteArgs, id: number) =>
    call<{ helpful_count: number }>(args, `/api/reviews/${id}/helpful/`, { method: 'POST' }),

  reportReview: (args: RouteArgs, id: number, reason: string) =>
    call<{ id: number }>(args, `/api/reviews/${id}/reports/`, { method: 'POST', body: { reason } }),

  // The superusers' moderation of reviews (docs/product.md §2.11).
  reviewReports: (args: RouteArgs, paging: PageQuery) =>
    call<ListPage<ReviewReportResponse>>(
      args,
      `/api/admin/reviews/reports/${queryString(pageParams(paging))}`,
      { paginated: true },
    ),

  hiddenReviews: (args: RouteArgs, paging: PageQuery) =>
    call<ListPage<HiddenReviewResponse>>(
      args,
      `/api/admin/reviews/hidden/${queryString(pageParams(paging))}`,
      { paginated: true },
    ),

  hideReview: (args: RouteArgs, id: number, reason: string) =>
    call<ReviewReportResponse['review']>(args, `/api/admin/reviews/${id}/hidden/`, {
      method: 'PUT',
      body: { reason },
    }),

  showReview: (args: RouteArgs, id: number) =>
    call<ReviewReportResponse['review']>(args, `/api/admin/reviews/${id}/hidden/`, { method: 'DELETE' }),

  dismissReviewReport: (args: RouteArgs, id: number) =>
    call<null>(args, `/api/admin/reviews/reports/${id}/`, { method: 'DELETE' }),

  subscriberRecord: (args: RouteArgs, userId: number, paging: PageQuery, range: { from?: string } = {}) =>
    call<SubscriberRecordResponse>(
      args,
      `/api/trainers/subscribers/${userId}/record/${queryString({ ...pageParams(paging), ...range })}`,
    ),

  // The trainer's insights (docs/product.md §2.16): UTC days, the API's last 30 without them.
  insights: (args: RouteArgs, range: { from?: string; to?: string }) =>
    call<TrainerInsightsResponse>(args, `/api/trainers/me/insights/${queryString(range)}`),
};
