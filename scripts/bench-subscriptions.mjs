// The subscription part of `npm run bench`. Before the measured server starts, an API-only app of the
// production build opens the same DATA_DIR in this process to write the bench's subscriptions through the app's
// own entities: a member following 50 of the extra programmes and one following 5, two programmes with 5 and 50
// lessons, all paid by test payments. The same app then counts, through its data source's logger, the SQL
// queries that `getFollowedPrograms` and a subscriber's `getLessons` run for 5 and for 50 rows. The measured
// server is the spawned one; this app is closed before it starts.
import { DataSource, In } from 'typeorm';

export const SUBSCRIPTIONS = { few: 5, many: 50, connections: 32, p95Ms: 100 };
const PASSWORD = 'bench-member-password-1';

const dist = (path) => import(new URL(`../api/dist/${path}`, import.meta.url).href);

async function entities() {
  const [user, accountRow, profile, program, lesson, paid, completion, password] = await Promise.all([
    dist('modules/users/user.entity.js'),
    dist('modules/users/account-row.js'),
    dist('modules/users/profile.entity.js'),
    dist('modules/programs/program.entity.js'),
    dist('modules/lessons/lesson.entity.js'),
    dist('modules/subscriptions/paid-subscription-rows.js'),
    dist('modules/subscriptions/lesson-completion.entity.js'),
    dist('modules/auth/password.service.js'),
  ]);
  return {
    UserEntity: user.UserEntity,
    verifiedAccountRow: accountRow.verifiedAccountRow,
    completedTestPaymentRow: paid.completedTestPaymentRow,
    insertPaidSubscriptions: paid.insertPaidSubscriptions,
    ProfileEntity: profile.ProfileEntity,
    ProgramEntity: program.ProgramEntity,
    LessonEntity: lesson.LessonEntity,
    LessonCompletionEntity: completion.LessonCompletionEntity,
    PasswordService: password.PasswordService,
  };
}

async function createMember(dataSource, e, email, passwordHash) {
  const user = await dataSource
    .getRepository(e.UserEntity)
    .save(e.verifiedAccountRow({ firstName: 'Bench', lastName: 'Member', email, passwordHash }));
  await dataSource.getRepository(e.ProfileEntity).insert({ userId: user.id });
  return { email, password: PASSWORD };
}

async function subscribeAll(dataSource, e, userEmail, programs) {
  const user = await dataSource.getRepository(e.UserEntity).findOneByOrFail({ email: userEmail });
  const now = new Date();
  const payments = programs.map((program) =>
    e.completedTestPaymentRow(user.id, program, {
      prefix: 'BENCH',
      key: `${user.id}-${program.id}`,
      payerName: 'Bench Member',
      at: now,
    }),
  );
  await e.insertPaidSubscriptions(dataSource, payments, now);
  const lessons = await dataSource
    .getRepository(e.LessonEntity)
    .find({ where: { programId: In(programs.map((p) => p.id)), number: 1 } });
  await dataSource
    .getRepository(e.LessonCompletionEntity)
    .insert(lessons.map((lesson) => ({ userId: user.id, lessonId: lesson.id, completedAt: now })));
}

async function addLessons(dataSource, e, program, count) {
  await dataSource.getRepository(e.LessonEntity).insert(
    Array.from({ length: count }, (_, i) => ({
      programId: program.id,
      number: i + 1,
      title: `Bench lesson ${i + 1}`,
      description: 'Warm up, then the main set.',
      videoUrl: 'https://www.youtube.com/watch?v=dQw4w9WgXcQ',
      videoId: 'dQw4w9WgXcQ',
      image: null,
    })),
  );
}

async function login(url, member, index) {
  const res = await fetch(`${url}/api/token/`, {
    method: 'POST',
    headers: { 'Content-Type': 'application/json', 'X-Forwarded-For': `10.98.0.${index}` },
    body: JSON.stringify(member),
  });
  if (res.status !== 200) throw new Error(`bench member login answered ${res.status}`);
  return `Bearer ${(await res.json()).access}`;
}

/**
 * The SQL statements one request runs, counted by wrapping the data source's logger. The session is used once
 * first, so every count finds it remembered (ADR 028) and none includes the authentication's two queries.
 */
async function queriesOf(dataSource, url, path, bearer) {
  const warm = await fetch(`${url}/api/users/me/`, { headers: { Authorization: bearer } });
  if (warm.status !== 200) throw new Error(`/api/users/me/ answered ${warm.status}`);
  await warm.arrayBuffer();
  const logger = dataSource.logger;
  const logQuery = logger.logQuery.bind(logger);
  let count = 0;
  logger.logQuery = (...args) => {
    count += 1;
    return logQuery(...args);
  };
  try {
    const res = await fetch(`${url}${path}`, { headers: { Authorization: bearer } });
    if (res.status !== 200) throw new Error(`${path} answered ${res.status}`);
    await res.arrayBuffer();
  } finally {
    logger.logQuery = logQuery;
  }
  return count;
}

/**
 * Writes the bench's subscriptions into `dataDir` (seeded, with extra programmes) and counts the queries per
 * request. Returns the members' logins, the two lesson programmes and the counts.
 */
export async function prepareSubscriptions(dataDir) {
  const [{ createApp }, { loadConfig }, e] = await Promise.all([
    dist('app.factory.js'),
    dist('common/config/app-config.js'),
    entities(),
  ]);
  const config = loadConfig({ NODE_ENV: 'test', LOG_LEVEL: 'silent', DATA_DIR: dataDir });
  const app = await createApp(config, { web: false });
  await app.listen(0, '127.0.0.1');
  const url = (await app.getUrl()).replace('[::1]', '127.0.0.1');
  try {
    const dataSource = app.get(DataSource);
    // The newest published programmes are the seed's extra ones, which have no lessons of their own.
    const programs = await dataSource
      .getRepository(e.ProgramEntity)
      .find({ where: { isPublished: true }, order: { id: 'DESC' }, take: SUBSCRIPTIONS.many });
    if (programs.length < SUBSCRIPTIONS.many) throw new Error('the bench needs 50 published programmes');
    const [fewLessons, manyLessons] = programs;
    await addLessons(dataSource, e, fewLessons, SUBSCRIPTIONS.few);
    await addLessons(dataSource, e, manyLessons, SUBSCRIPTIONS.many);
    const passwordHash = await new e.PasswordService().hash(PASSWORD);
    const members = {
      few: await createMember(dataSource, e, 'bench-few@example.com', passwordHash),
      many: await createMember(dataSource, e, 'bench-many@example.com', passwordHash),
    };
    await subscribeAll(dataSource, e, members.few.email, programs.slice(0, SUBSCRIPTIONS.few));
    await subscribeAll(dataSource, e, members.many.email, programs);

    const bearers = { few: await login(url, members.few, 1), many: await login(url, members.many, 2) };
    const count = (path, bearer) => queriesOf(dataSource, url, path, bearer);
    const counts = [
      {
        request: 'GET /api/users/getFollowedPrograms/',
        few: await count('/api/users/getFollowedPrograms/', bearers.few),
        many: await count('/api/users/getFollowedPrograms/', bearers.many),
        rows: 'subscriptions',
      },
      {
        request: 'GET /api/fitness_programs/getLessons/{id}/ (subscriber)',
        few: await count(`/api/fitness_programs/getLessons/${fewLessons.id}/`, bearers.many),
        many: await count(`/api/fitness_programs/getLessons/${manyLessons.id}/`, bearers.many),
        rows: 'lessons',
      },
    ];
    return { members, lessonPrograms: { few: fewLessons.id, many: manyLessons.id }, counts };
  } finally {
    await app.close();
  }
}

export { login as loginMember };
