// Over 300 lines on purpose: every route is walked with every hostile input from one booted application; one file
// keeps the walk and its expectations together.
import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import type { Test } from 'supertest';
import { createTestApp, type TestApp } from '../fixtures/app.js';
import { createLesson, createProgram, createTrainer } from '../fixtures/catalogue.js';
import { createSession, type Session } from '../fixtures/users.js';
import { discoverRoutes, type DiscoveredRoute } from '../fixtures/routes.js';

/*
 * Never a 500 for bad input: every route the application registers, read from its router so that a new route is
 * walked without touching this file, gets hostile path parameters, query strings, cookies, headers and bodies (JSON
 * of every wrong type in each of the route's DTO fields, multipart with fake files, texts crafted to make a regular
 * expression backtrack, objects of many keys). Each answer must be below 500 and come within ANSWER_BOUND_MS, and
 * a refusal under /api must be the JSON error shape rather than a stack trace or an HTML page.
 */

const t: TestApp = await createTestApp();
const routes = discoverRoutes(t.app);

afterAll(() => t.close());

/** Longer than any answer to bad input may take: the server computing for a second is a server others wait for. */
const ANSWER_BOUND_MS = 1000;

const LONG = 'x'.repeat(100_000);
const CONTROL = '\u0000\u0001\u0007\u001b[31m\u001f\u007f';
const UNICODE = '\u202eü🏋\uFEFF\u200b漢字';

const HOSTILE_PARAMS = [
  '0',
  '-1',
  '1.5',
  '1e21',
  '99999999999999999999',
  '0x10',
  'abc',
  'null',
  'undefined',
  '%00',
  '%E0%A4%A',
  '%2e%2e%2f%2e%2e%2fetc%2fpasswd',
  encodeURIComponent(UNICODE),
  encodeURIComponent(CONTROL),
  'x'.repeat(4000),
  encodeURIComponent("1' OR '1'='1"),
  '__proto__',
  'constructor',
];

const HOSTILE_QUERIES = [
  'page=1e21',
  'page=99999999999999999999',
  'page=-1&page_size=0',
  'page=0&page_size=101',
  'page=1&page=2',
  'page=NaN&page_size=Infinity',
  'page[]=1&page_size[a]=2',
  'page=1.5&page_size=0x10',
  'q[a]=1',
  'q=a&q=b',
  'category[]=Yoga&level[$ne]=x',
  'q=%00%01%1f',
  'q=%E0%A4%A',
  `q=${encodeURIComponent(UNICODE)}`,
  `q=${'x'.repeat(10_000)}`,
  '__proto__[isSuperuser]=1&constructor[prototype][admin]=1',
  'before=abc&currency[]=USD',
];

/** Each field of the route's query DTO in every shape a query string can give a value. */
const hostileQueryValues = (field: string) => [
  `${field}=`,
  `${field}=-1`,
  `${field}=1e21`,
  `${field}=99999999999999999999`,
  `${field}=NaN`,
  `${field}=%00`,
  `${field}=${encodeURIComponent(UNICODE)}`,
  `${field}=${'x'.repeat(5000)}`,
  `${field}[]=1`,
  `${field}[a]=1`,
  `${field}=1&${field}=2`,
];

interface HeaderCase {
  name: string;
  headers: Record<string, string>;
}

const HOSTILE_HEADERS: HeaderCase[] = [
  { name: 'cookie %', headers: { Cookie: 'accessToken=%' } },
  { name: 'cookie bad escape', headers: { Cookie: 'accessToken=%E0%A4%A; refreshToken=%' } },
  { name: 'cookie empty', headers: { Cookie: 'accessToken=' } },
  { name: 'cookie quoted', headers: { Cookie: 'accessToken="a.b.c"' } },
  { name: 'cookie twice', headers: { Cookie: 'accessToken=a; accessToken=b' } },
  { name: 'cookie long', headers: { Cookie: `accessToken=${'a'.repeat(6000)}` } },
  { name: 'cookie fake jwt', headers: { Cookie: 'accessToken=eyJhbGciOiJub25lIn0.eyJzdWIiOjF9.' } },
  { name: 'bearer %', headers: { Authorization: 'Bearer %' } },
  { name: 'bearer empty', headers: { Authorization: 'Bearer ' } },
  { name: 'bearer garbage', headers: { Authorization: 'Bearer a.b.c' } },
  { name: 'bearer long', headers: { Authorization: `Bearer ${'a'.repeat(6000)}` } },
  { name: 'bearer alg none', headers: { Authorization: 'Bearer eyJhbGciOiJub25lIn0.eyJzdWIiOjF9.' } },
  { name: 'basic', headers: { Authorization: 'Basic Zm9vOmJhcg==' } },
  { name: 'forwarded garbage', headers: { 'X-Forwarded-For': 'not-an-ip, ::ffff:, 999.1.1.1' } },
  { name: 'request id', headers: { 'X-Request-Id': `../../${'r'.repeat(300)}` } },
  { name: 'accept', headers: { Accept: 'application/json;q=bogus, */*;q=NaN' } },
  { name: 'accept-encoding', headers: { 'Accept-Encoding': 'gzip;q=2, br;q=NaN, *;q=-1' } },
  { name: 'content-type utf-16', headers: { 'Content-Type': 'application/json; charset=utf-16' } },
  { name: 'multipart no boundary', headers: { 'Content-Type': 'multipart/form-data' } },
  { name: 'content-type bogus', headers: { 'Content-Type': 'application/x-fitcoach; charset=nope' } },
];

interface BodyCase {
  name: string;
  type: string;
  body: string | Buffer;
}

const nested = (depth: number) => `${'['.repeat(depth)}${']'.repeat(depth)}`;

const HOSTILE_RAW_BODIES: BodyCase[] = [
  { name: 'json array', type: 'application/json', body: '[]' },
  { name: 'json null', type: 'application/json', body: 'null' },
  { name: 'json string', type: 'application/json', body: '"x"' },
  { name: 'json number', type: 'application/json', body: '0' },
  { name: 'json empty object', type: 'application/json', body: '{}' },
  { name: 'json malformed', type: 'application/json', body: '{"a":' },
  { name: 'json proto', type: 'application/json', body: '{"__proto__":{"isSuperuser":true}}' },
  { name: 'json deep', type: 'application/json', body: nested(5000) },
  { name: 'json over 1 MB', type: 'application/json', body: `{"a":"${'x'.repeat(1_100_000)}"}` },
  { name: 'urlencoded nested', type: 'application/x-www-form-urlencoded', body: 'a[b][c][d][e][f][g]=1&%=%' },
  { name: 'multipart garbage', type: 'multipart/form-data; boundary=xyz', body: '--xyz\r\ngarbage' },
  { name: 'binary', type: 'application/octet-stream', body: Buffer.from([0, 255, 1, 254]) },
];

const HOSTILE_VALUES: unknown[] = [
  null,
  0,
  -1,
  1e308,
  true,
  [],
  ['a', 'b'],
  {},
  { $gt: '' },
  '',
  '   ',
  LONG,
  CONTROL,
  UNICODE,
  'NaN',
  '1e21',
];

const HOSTILE_STRINGS = ['', LONG.slice(0, 60_000), CONTROL, UNICODE, '1e21', 'NaN', '-1'];

/**
 * Texts of `length` characters that make a super-linear pattern backtrack: an e-mail address whose domain is all
 * dots, and runs of one kind of character that a pattern could split many ways before the end refuses them.
 */
const backtrackingTexts = (length: number) => [
  `a@${'.'.repeat(length - 3)}@`,
  `${'a'.repeat(length - 1)}!`,
  `${'\t'.repeat(length - 1)}!`,
  `${'1'.repeat(length - 1)}x`,
];

/** Within the JSON body limit; within multer's 64 KB for a multipart field, so that the validators read it. */
const JSON_BACKTRACKING = backtrackingTexts(200_000);
const MULTIPART_BACKTRACKING = backtrackingTexts(60_000);

/** More keys than any object of a body may have, within the JSON body limit (about 660 KB). */
const MANY_KEYS = Object.fromEntries(Array.from({ length: 60_000 }, (_, i) => [`k${i}`, 0]));

const FAKE_IMAGE = Buffer.from('<script>alert(1)</script>');
const FILE_FIELDS = ['profile_picture', 'cover_image', 'image'];

/** Who calls a route with hostile input: someone it would serve, so the input reaches the code behind the guard. */
type Caller = 'member' | 'trainer' | 'superuser';

function callerFor(route: DiscoveredRoute): Caller {
  if (route.roles.includes('superuser')) return 'superuser';
  if (route.roles.includes('trainer')) return 'trainer';
  return route.method === 'get' ? 'trainer' : 'member';
}

interface World {
  sessions: Record<Caller, Session>;
  ids: Record<string, number>;
}

/** Fresh accounts and rows for each route, so a route that blocks, deletes or logs out cannot starve the next. */
async function createWorld(): Promise<World> {
  const member = await createSession(t);
  const superuser = await createSession(t, { superuser: true });
  const { trainer, session } = await createTrainer(t);
  const program = await createProgram(t, trainer, { isPublished: true });
  const lesson = await createLesson(t, program);
  return {
    sessions: { member, trainer: session, superuser },
    ids: { user: member.user.id, trainer: trainer.id, program: program.id, lesson: lesson.id },
  };
}

/** A real id for each path parameter, so that hostile queries and bodies reach the service. */
function validPath(route: DiscoveredRoute, world: World): string {
  const idFor = (name: string): number => {
    if (name === 'lessonId') return world.ids.lesson;
    if (name === 'trainerId') return world.ids.trainer;
    if (name === 'userId') return world.ids.user;
    if (name === 'id' && route.path.startsWith('/api/users/')) return world.ids.user;
    if (name === 'id' && route.path.startsWith('/api/trainers/')) return world.ids.trainer;
    return world.ids.program;
  };
  return route.path
    .replace(/:(\w+)/g, (_match, name: string) => String(idFor(name)))
    .replace(/\{\/?\*(\w+)\}/g, '/hostile');
}

/** The path with one hostile value in place of each parameter in turn (every parameter when it has none). */
function pathsWithHostileParam(route: DiscoveredRoute, world: World, value: string): string[] {
  const params = [...route.path.matchAll(/:(\w+)|\{\/?\*(\w+)\}/g)];
  return params.map((param) => {
    const start = param.index;
    const before = route.path.slice(0, start);
    const after = route.path.slice(start + param[0].length);
    const prefix = param[0].startsWith('{/') ? '/' : '';
    return validPath({ ...route, path: `${before}${prefix}${value}${after}` }, world);
  });
}

function request(route: DiscoveredRoute, path: string, bearer?: string): Test {
  const req = t.http()[route.method](path);
  return bearer ? req.set('Authorization', bearer) : req;
}

interface Outcome {
  label: string;
  status: number;
  ms: number;
  body: string;
}

/** What is wrong with an answer: a 5xx, or a refusal under /api that is not the JSON error shape. */
function problem(path: string, res: { status: number; headers: Record<string, string>; text: string }) {
  if (res.status >= 500) return true;
  if (res.status < 400 || !path.startsWith('/api/')) return false;
  if (!(res.headers['content-type'] ?? '').includes('application/json')) return true;
  try {
    const body = JSON.parse(res.text) as { statusCode?: unknown; message?: unknown; detail?: unknown };
    return body.statusCode !== res.status && typeof body.detail !== 'string';
  } catch {
    return true;
  }
}

/** One answer to `send()`, and how long it took. */
async function timed(send: () => Test) {
  const started = performance.now();
  const res = await send().ok(() => true);
  return { res, ms: Math.round(performance.now() - started) };
}

/**
 * Records what is wrong with the answer to `send()`. A slow answer is asked for once more and the quicker counts: a
 * pause of the shared test machine slows one request, while input that makes the server compute slows every one.
 */
async function check(failures: Outcome[], label: string, path: string, send: () => Test): Promise<void> {
  let { res, ms } = await timed(send);
  if (!problem(path, res) && ms >= ANSWER_BOUND_MS) ({ res, ms } = await timed(send));
  if (problem(path, res) || ms >= ANSWER_BOUND_MS) {
    failures.push({ label, status: res.status, ms, body: res.text.slice(0, 300) });
  }
}

describe('every route refuses hostile input without a 5xx', () => {
  it('walks the whole API, media included', () => {
    const paths = routes.map((route) => `${route.method.toUpperCase()} ${route.path}`);
    expect(paths).toEqual(
      expect.arrayContaining([
        'POST /api/token',
        'PUT /api/users/updateUser',
        'GET /api/fitness_programs/retrive_all',
        'DELETE /api/fitness_programs/DeleteLesson/:lessonId',
        'GET /media/{*path}',
      ]),
    );
    expect(routes.length).toBeGreaterThanOrEqual(37);
  });

  describe.each(routes.map((route) => [`${route.method.toUpperCase()} ${route.path}`, route] as const))(
    '%s',
    (_name, route) => {
      let world: World;
      let bearer: string;

      beforeAll(async () => {
        world = await createWorld();
        bearer = world.sessions[callerFor(route)].bearer;
      });

      it('hostile path parameters', async () => {
        const failures: Outcome[] = [];
        for (const value of HOSTILE_PARAMS) {
          for (const path of pathsWithHostileParam(route, world, value)) {
            await check(failures, `param ${value.slice(0, 40)}`, path, () => request(route, path, bearer));
          }
        }
        expect(failures).toEqual([]);
      });

      it('hostile query strings', async () => {
        const failures: Outcome[] = [];
        for (const query of [...HOSTILE_QUERIES, ...route.queryFields.flatMap(hostileQueryValues)]) {
          const path = `${validPath(route, world)}?${query}`;
          await check(failures, `query ${query.slice(0, 60)}`, path, () => request(route, path, bearer));
        }
        expect(failures).toEqual([]);
      });

      it('hostile cookies and headers, anonymous and signed in', async () => {
        const failures: Outcome[] = [];
        const path = validPath(route, world);
        for (const { name, headers } of HOSTILE_HEADERS) {
          await check(failures, `anonymous ${name}`, path, () => request(route, path).set(headers));
          const signedIn = { Authorization: bearer, ...headers };
          await check(failures, `signed in ${name}`, path, () => request(route, path).set(signedIn));
        }
        expect(failures).toEqual([]);
      });

      it('hostile bodies', async () => {
        const failures: Outcome[] = [];
        const path = validPath(route, world);
        for (const { name, type, body } of HOSTILE_RAW_BODIES) {
          await check(failures, name, path, () => request(route, path, bearer).type(type).send(body));
        }
        for (const field of route.bodyFields) {
          for (const value of HOSTILE_VALUES) {
            const label = `json ${field}=${JSON.stringify(value).slice(0, 40)}`;
            await check(failures, label, path, () => request(route, path, bearer).send({ [field]: value }));
          }
        }
        expect(failures).toEqual([]);
      });

      it('texts crafted to backtrack, in each body field', async () => {
        const failures: Outcome[] = [];
        const path = validPath(route, world);
        const fields = route.bodyFields.filter((field) => !FILE_FIELDS.includes(field));
        for (const field of fields) {
          for (const text of JSON_BACKTRACKING) {
            const label = `json ${field}=${JSON.stringify(text.slice(0, 12))}…`;
            await check(failures, label, path, () => request(route, path, bearer).send({ [field]: text }));
          }
          for (const text of MULTIPART_BACKTRACKING) {
            const label = `multipart ${field}=${JSON.stringify(text.slice(0, 12))}…`;
            await check(failures, label, path, () => request(route, path, bearer).field(field, text));
          }
        }
        expect(failures).toEqual([]);
      });

      it('objects of 60,000 keys, as the body and in each body field', async () => {
        const failures: Outcome[] = [];
        const path = validPath(route, world);
        await check(failures, 'json body of 60,000 keys', path, () =>
          request(route, path, bearer).send(MANY_KEYS),
        );
        for (const field of route.bodyFields) {
          const req = () => request(route, path, bearer).send({ [field]: MANY_KEYS });
          await check(failures, `json ${field} of 60,000 keys`, path, req);
        }
        expect(failures).toEqual([]);
      });

      it('hostile multipart forms and fake files', async () => {
        const failures: Outcome[] = [];
        const path = validPath(route, world);
        const fields = route.bodyFields.filter((field) => !FILE_FIELDS.includes(field));
        for (const field of fields) {
          for (const value of HOSTILE_STRINGS) {
            const req = () => request(route, path, bearer).field(field, value);
            await check(failures, `multipart ${field}=${value.slice(0, 30)}`, path, req);
          }
          const twice = () => request(route, path, bearer).field(field, 'a').field(field, 'b');
          await check(failures, `multipart ${field} twice`, path, twice);
          const asFile = () => request(route, path, bearer).attach(field, FAKE_IMAGE, 'x.png');
          await check(failures, `file in ${field}`, path, asFile);
        }
        for (const field of FILE_FIELDS) {
          const fake = () => request(route, path, bearer).attach(field, FAKE_IMAGE, 'x.png');
          await check(failures, `fake image in ${field}`, path, fake);
          const empty = () => request(route, path, bearer).attach(field, Buffer.alloc(0), 'empty.jpg');
          await check(failures, `empty file in ${field}`, path, empty);
          const two = () =>
            request(route, path, bearer)
              .attach(field, FAKE_IMAGE, 'a.png')
              .attach(field, FAKE_IMAGE, 'b.png');
          await check(failures, `two files in ${field}`, path, two);
          const asText = () => request(route, path, bearer).field(field, CONTROL);
          await check(failures, `text in ${field}`, path, asText);
        }
        expect(failures).toEqual([]);
      });
    },
  );
});
