// `node scripts/query-times.mjs`: p50, p95 and max of each repository query behind the API's routes on the large
// seed (`npm run seed -- --scale large`), through the build's repositories, on the configured database;
// QUERY_TIMES_RUNS (200) runs each after 5 unmeasured ones, with parameters drawn from the seed. Only reads.
import { loadavg } from 'node:os';
import { performance } from 'node:perf_hooks';

const dist = (path) => import(new URL(`../api/dist/${path}`, import.meta.url).href);
const RUNS = Number(process.env.QUERY_TIMES_RUNS ?? 200);
const WARM_UP = 5;
const TARGET_P95_MS = 20;
const PAGE = { page: 1, pageSize: 50 };

const modules = await Promise.all(
  [
    'common/config/app-config.js',
    'common/database/data-source-options.js',
    'database/seeds/large.js',
    'modules/admin/admin.repository.js',
    'modules/audit/audit.repository.js',
    'modules/audit/audit-entry.entity.js',
    'modules/auth/sessions.repository.js',
    'modules/auth/refresh-token.entity.js',
    'modules/chat/chat.repository.js',
    'modules/chat/chat-message.entity.js',
    'modules/chat/notifications.repository.js',
    'modules/chat/notification.entity.js',
    'modules/lessons/lessons.repository.js',
    'modules/lessons/lesson.entity.js',
    'modules/payments/payments.repository.js',
    'modules/payments/payment.entity.js',
    'modules/payments/payment-event.entity.js',
    'modules/programs/programs.repository.js',
    'modules/programs/program.entity.js',
    'modules/programs/publish-request.entity.js',
    'modules/sitemap/sitemap.repository.js',
    'modules/subscriptions/progress.repository.js',
    'modules/subscriptions/revenue.repository.js',
    'modules/subscriptions/subscriptions.repository.js',
    'modules/subscriptions/subscription.entity.js',
    'modules/subscriptions/lesson-completion.entity.js',
    'modules/trainers/trainers.repository.js',
    'modules/trainers/trainer.entity.js',
    'modules/users/users.repository.js',
  ].map(dist),
);
const api = Object.assign({}, ...modules);

const config = api.loadConfig({
  ...process.env,
  NODE_ENV: 'test',
  LOG_LEVEL: process.env.LOG_LEVEL ?? 'warn',
});
const db = await api.openDataSource(config, { runMigrations: true });
const repository = (entity) => db.getRepository(entity);

const repos = {
  admin: new api.AdminRepository(db),
  audit: new api.AuditRepository(repository(api.AuditEntryEntity)),
  sessions: new api.SessionsRepository(repository(api.RefreshTokenEntity)),
  chat: new api.ChatRepository(repository(api.ChatMessageEntity)),
  notifications: new api.NotificationsRepository(repository(api.NotificationEntity)),
  lessons: new api.LessonsRepository(repository(api.LessonEntity)),
  payments: new api.PaymentsRepository(
    repository(api.PaymentEntity),
    repository(api.PaymentEventEntity),
    repository(api.SubscriptionEntity),
  ),
  programs: new api.ProgramsRepository(repository(api.ProgramEntity), repository(api.PublishRequestEntity)),
  sitemap: new api.SitemapRepository(db),
  progress: new api.ProgressRepository(repository(api.LessonEntity), repository(api.LessonCompletionEntity)),
  revenue: new api.RevenueRepository(repository(api.ProgramEntity)),
  subscriptions: new api.SubscriptionsRepository(repository(api.SubscriptionEntity)),
  trainers: new api.TrainersRepository(db, repository(api.TrainerEntity)),
  users: new api.UsersRepository(db),
};

/** Rows of a raw query, its values as numbers where they are ids. */
const rows = (sql, parameters = []) => db.query(sql, parameters);

/** Every `step`-th row of a table's ids, so the pools spread over the whole seed. */
async function spread(sql, size) {
  const all = await rows(sql);
  const step = Math.max(1, Math.floor(all.length / size));
  return all.filter((_, i) => i % step === 0).slice(0, size);
}

const [coachUser] = await rows('SELECT id FROM `user` WHERE email = ?', [api.LARGE_COACH_EMAIL]);
if (!coachUser) throw new Error(`No ${api.LARGE_COACH_EMAIL}: seed first (npm run seed -- --scale large)`);
const [coachTrainer] = await rows('SELECT id FROM trainer WHERE user_id = ?', [coachUser.id]);
const coach = { userId: Number(coachUser.id), trainerId: Number(coachTrainer.id) };
const coachPrograms = (await rows('SELECT id FROM program WHERE trainer_id = ?', [coach.trainerId])).map(
  (r) => Number(r.id),
);

const enrolments = (
  await spread(
    'SELECT user_id AS userId, program_id AS programId FROM subscription WHERE active_flag = 1 ORDER BY id',
    RUNS,
  )
).map((r) => ({ userId: Number(r.userId), programId: Number(r.programId) }));
const members = enrolments.map((e) => e.userId);
/** Each pooled member's active subscriptions, as the followed programmes' progress asks for them. */
const followed = [];
for (const userId of members) {
  const active = await rows(
    'SELECT program_id AS programId FROM subscription WHERE user_id = ? AND active_flag = 1',
    [userId],
  );
  followed.push(active.map((r) => ({ userId, programId: Number(r.programId) })));
}
const trainers = (await spread('SELECT id, user_id AS userId FROM trainer ORDER BY id', RUNS)).map((r) => ({
  id: Number(r.id),
  userId: Number(r.userId),
}));
const programs = (await spread('SELECT id FROM program WHERE is_published = 1 ORDER BY id', RUNS)).map((r) =>
  Number(r.id),
);
const conversations = (
  await spread(
    'SELECT low_id AS low, high_id AS high, MAX(id) AS last FROM chat_message GROUP BY low_id, high_id',
    RUNS,
  )
).map((r) => ({ low: Number(r.low), high: Number(r.high), last: Number(r.last) }));
const payments = await spread(
  "SELECT id, provider, order_id AS orderId, capture_id AS captureId FROM payment WHERE status = 'completed' ORDER BY id",
  RUNS,
);
const tokens = await spread(
  'SELECT token_hash AS hash, family_id AS family FROM refresh_token ORDER BY id',
  RUNS,
);
const emails = (await spread('SELECT email FROM `user` ORDER BY id', RUNS)).map((r) => r.email);
const [superuser] = await rows('SELECT id FROM `user` WHERE is_superuser = 1 ORDER BY id LIMIT 1');
const since = new Date(Date.now() - 30 * 24 * 60 * 60 * 1000);

const nth = (pool, i) => pool[i % pool.length];
const lastPage = (total) => ({
  page: Math.max(1, Math.ceil(total / PAGE.pageSize)),
  pageSize: PAGE.pageSize,
});
const catalogueTotal = (await repos.programs.pageOfPublished({}, PAGE))[1];
const categories = ['Yoga', 'Strength', 'Cardio', 'Pilates', 'Nutrition', 'Mobility'];

/** Each query by the repository method and the case it stands for; `run(i)` runs it with the i-th parameters. */
const QUERIES = [
  ['subscriptions.findActiveOfMember', (i) => repos.subscriptions.findActiveOfMember(nth(members, i))],
  [
    'subscriptions.isActiveSubscriber',
    (i) => repos.subscriptions.isActiveSubscriber(nth(enrolments, i).userId, nth(enrolments, i).programId),
  ],
  ['subscriptions.trainersOfMember', (i) => repos.subscriptions.trainersOfMember(nth(members, i))],
  [
    'subscriptions.isTrainerOfMember',
    (i) => repos.subscriptions.isTrainerOfMember(nth(trainers, i).userId, nth(members, i)),
  ],
  [
    'subscriptions.pageOfTrainer',
    (i) => repos.subscriptions.pageOfTrainer(nth(trainers, i).id, undefined, PAGE),
  ],
  [
    'subscriptions.pageOfTrainer (big trainer)',
    (i) =>
      repos.subscriptions.pageOfTrainer(coach.trainerId, undefined, { page: 1 + (i % 10), pageSize: 50 }),
  ],
  [
    'subscriptions.pageOfTrainer (big trainer, one programme)',
    (i) => repos.subscriptions.pageOfTrainer(coach.trainerId, nth(coachPrograms, i), PAGE),
  ],
  [
    'subscriptions.membersOfTrainer',
    (i) => repos.subscriptions.membersOfTrainer(nth(trainers, i).id, { page: 1, pageSize: 100 }),
  ],
  [
    'subscriptions.membersOfTrainer (big trainer)',
    (i) => repos.subscriptions.membersOfTrainer(coach.trainerId, { page: 1 + (i % 10), pageSize: 100 }),
  ],
  ['progress.percentages (a member)', (i) => repos.progress.percentages(nth(followed, i))],
  [
    'progress.percentages (a page of 50 subscribers)',
    (i) => repos.progress.percentages(enrolments.slice(i % 100, (i % 100) + 50)),
  ],
  ['progress.completedNumbers', (i) => repos.progress.completedNumbers(nth(enrolments, i))],
  ['progress.findLesson', (i) => repos.progress.findLesson(nth(programs, i), 1 + (i % 5))],
  [
    'revenue.findUnusedCompletedPayment',
    (i) =>
      repos.revenue.findUnusedCompletedPayment(
        db.manager,
        nth(enrolments, i).userId,
        nth(enrolments, i).programId,
      ),
  ],
  ['revenue.mostFollowed (superusers)', () => repos.revenue.mostFollowed(5)],
  ['programs.findWithTrainer', (i) => repos.programs.findWithTrainer(nth(programs, i))],
  [
    'programs.pageOfPublished',
    (i) => repos.programs.pageOfPublished({}, { page: 1 + (i % 20), pageSize: 50 }),
  ],
  [
    'programs.pageOfPublished (last page)',
    () => repos.programs.pageOfPublished({}, lastPage(catalogueTotal)),
  ],
  [
    'programs.pageOfPublished (category and level)',
    (i) => repos.programs.pageOfPublished({ category: nth(categories, i), level: 'Beginner' }, PAGE),
  ],
  ['programs.pageOfPublished (search)', (i) => repos.programs.pageOfPublished({ q: `#${1000 + i}` }, PAGE)],
  [
    'programs.pageOfAll (superusers)',
    (i) => repos.programs.pageOfAll({}, { page: 1 + (i % 20), pageSize: 50 }),
  ],
  ['programs.pageOfAll (pending)', () => repos.programs.pageOfAll({ status: 'pending' }, PAGE)],
  ['programs.pageOfPendingRequests', () => repos.programs.pageOfPendingRequests(PAGE)],
  ['programs.listOfTrainer', (i) => repos.programs.listOfTrainer(nth(trainers, i).id, i % 2 === 0)],
  ['programs.requestsOf', (i) => repos.programs.requestsOf(programs.slice(i % 100, (i % 100) + 50))],
  ['lessons.listOfProgram', (i) => repos.lessons.listOfProgram(nth(programs, i))],
  ['trainers.findWithAccount', (i) => repos.trainers.findWithAccount(nth(trainers, i).id)],
  ['trainers.pageOfUnblocked', (i) => repos.trainers.pageOfUnblocked({ page: 1 + (i % 20), pageSize: 100 })],
  [
    'trainers.pageOfAccounts (superusers)',
    (i) => repos.trainers.pageOfAccounts({ page: 1 + (i % 20), pageSize: 50 }, {}),
  ],
  ['users.findById', (i) => repos.users.findById(nth(members, i))],
  ['users.findByEmail', (i) => repos.users.findByEmail(nth(emails, i))],
  ['users.findByEmailOrPendingEmail', (i) => repos.users.findByEmailOrPendingEmail(nth(emails, i))],
  ['users.findProfile', (i) => repos.users.findProfile(nth(members, i))],
  [
    'users.pageOfMembers (superusers)',
    (i) => repos.users.pageOfMembers({ page: 1 + (i % 20), pageSize: 50 }, {}),
  ],
  ['users.pageOfMembers (search)', (i) => repos.users.pageOfMembers(PAGE, { search: `Large${1000 + i}` })],
  ['users.pageOfSuperusers', () => repos.users.pageOfSuperusers(PAGE)],
  ['sessions.findLive', (i) => repos.sessions.findLive(nth(tokens, i).hash)],
  ['sessions.isSessionLive', (i) => repos.sessions.isSessionLive(nth(tokens, i).family)],
  [
    'payments.findByOrder',
    (i) => repos.payments.findByOrder(nth(payments, i).provider, nth(payments, i).orderId),
  ],
  ['payments.findByCapture', (i) => repos.payments.findByCapture(nth(payments, i).captureId)],
  ['payments.findWithBuyer', (i) => repos.payments.findWithBuyer(Number(nth(payments, i).id))],
  [
    'payments.countFor',
    (i) => repos.payments.countFor(nth(enrolments, i).userId, nth(enrolments, i).programId),
  ],
  ['payments.findSubscriptionOf', (i) => repos.payments.findSubscriptionOf(Number(nth(payments, i).id))],
  ['chat.areContacts', (i) => repos.chat.areContacts(nth(conversations, i).low, nth(conversations, i).high)],
  ['chat.contactIds (member)', (i) => repos.chat.contactIds(nth(members, i))],
  ['chat.contactIds (big trainer)', () => repos.chat.contactIds(coach.userId)],
  [
    'chat.history',
    (i) => repos.chat.history(nth(conversations, i).low, nth(conversations, i).high, null, 50),
  ],
  [
    'chat.history (before)',
    (i) =>
      repos.chat.history(
        nth(conversations, i).low,
        nth(conversations, i).high,
        nth(conversations, i).last,
        50,
      ),
  ],
  ['chat.unreadCounts (member)', (i) => repos.chat.unreadCounts(nth(members, i))],
  ['chat.unreadCounts (big trainer)', () => repos.chat.unreadCounts(coach.userId)],
  ['chat.latestPerConversation (member)', (i) => repos.chat.latestPerConversation(nth(conversations, i).low)],
  ['chat.latestPerConversation (big trainer)', () => repos.chat.latestPerConversation(coach.userId)],
  ['chat.trainerIdsOf', (i) => repos.chat.trainerIdsOf(nth(members, i))],
  ['notifications.programmeAndTrainer', (i) => repos.notifications.programmeAndTrainer(nth(programs, i))],
  ['audit.page', (i) => repos.audit.page({}, { page: 1 + (i % 20), pageSize: 50 })],
  ['audit.page (one actor)', () => repos.audit.page({ actorId: Number(superuser.id) }, PAGE)],
  ['admin.countMembers', () => repos.admin.countMembers()],
  ['admin.countTrainers', () => repos.admin.countTrainers()],
  ['admin.countPrograms', () => repos.admin.countPrograms()],
  ['admin.countActiveSubscriptions', () => repos.admin.countActiveSubscriptions()],
  ['admin.revenue', () => repos.admin.revenue()],
  ['admin.topPrograms', () => repos.admin.topPrograms(5)],
  ['admin.revenueOf', (i) => repos.admin.revenueOf(programs.slice(i % 100, (i % 100) + 5))],
  ['admin.revenueByDay', () => repos.admin.revenueByDay(since)],
  ['admin.subscriptionsByDay', () => repos.admin.subscriptionsByDay(since)],
  ['sitemap.countListedPrograms', () => repos.sitemap.countListedPrograms()],
  ['sitemap.pageOfListedPrograms (50,000)', () => repos.sitemap.pageOfListedPrograms(0, 50_000)],
  ['sitemap.pageOfActiveTrainers (50,000)', () => repos.sitemap.pageOfActiveTrainers(0, 50_000)],
];

const percentile = (sorted, p) => sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))];
const ms = (value) => value.toFixed(value < 10 ? 2 : 1);

const only = process.env.QUERY_TIMES_ONLY;
const engine = config.databaseUrl ? 'MySQL/MariaDB' : 'SQLite';
console.log(
  `${engine}, ${RUNS} runs a query, load average ${loadavg()
    .map((n) => n.toFixed(1))
    .join(', ')}\n`,
);
console.log('| query | p50 ms | p95 ms | max ms |');
console.log('| --- | ---: | ---: | ---: |');
let missed = 0;
try {
  for (const [name, run] of QUERIES) {
    if (only && !name.includes(only)) continue;
    for (let i = 0; i < WARM_UP; i += 1) await run(i);
    const times = [];
    for (let i = 0; i < RUNS; i += 1) {
      const started = performance.now();
      await run(i);
      times.push(performance.now() - started);
    }
    times.sort((a, b) => a - b);
    const p95 = percentile(times, 95);
    if (p95 >= TARGET_P95_MS) missed += 1;
    const mark = p95 >= TARGET_P95_MS ? ' **' : '';
    console.log(
      `| ${name}${mark} | ${ms(percentile(times, 50))} | ${ms(p95)} | ${ms(times[times.length - 1])} |`,
    );
  }
} finally {
  await db.destroy();
}
console.log(
  `\n${missed} ${missed === 1 ? 'query' : 'queries'} with a p95 of ${TARGET_P95_MS} ms or more (**)`,
);
