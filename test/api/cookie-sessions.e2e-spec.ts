import type { AddressInfo } from 'node:net';
import { connect } from 'node:net';
import { describe, expect, it } from '@jest/globals';
import { DataSource } from 'typeorm';
import { ProgramEntity } from '../../api/src/modules/programs/program.entity.js';
import { PublishRequestEntity } from '../../api/src/modules/programs/publish-request.entity.js';
import { UserEntity } from '../../api/src/modules/users/user.entity.js';
import { useTestApp } from '../fixtures/app.js';
import { createProgram, createTrainer } from '../fixtures/catalogue.js';
import { REFUSED } from '../fixtures/refusals.js';
import { createSession, type Session } from '../fixtures/users.js';

const STATE_CHANGING_GET = {
  statusCode: 403,
  message:
    'This request changes data: send the access token as "Authorization: Bearer", not the session cookie.',
};
const CROSS_SITE = { statusCode: 403, message: 'Cross-site requests with the session cookie are refused.' };
const PUBLIC_ORIGIN = 'https://fitcoach.example';

const t = useTestApp({ env: { PUBLIC_URL: PUBLIC_ORIGIN } });

const cookieOf = (session: Session) => `accessToken=${session.access}`;
const isBlocked = async (id: number) =>
  (await t.app.get(DataSource).getRepository(UserEntity).findOneByOrFail({ id })).blocked;
const isPublished = async (id: number) =>
  (await t.app.get(DataSource).getRepository(ProgramEntity).findOneByOrFail({ id })).isPublished;
const publishRequests = (programId: number) =>
  t.app.get(DataSource).getRepository(PublishRequestEntity).countBy({ programId });

describe('GETs that change state', () => {
  it('refuses changeUserAccess with the cookie, leaving the user unblocked; Bearer blocks', async () => {
    const admin = await createSession(t, { superuser: true });
    const victim = await createSession(t);
    const path = `/api/users/changeUserAccess/${victim.user.id}/`;
    const res = await t.http().get(path).set('Cookie', cookieOf(admin)).expect(403);
    expect(res.body).toEqual(STATE_CHANGING_GET);
    // Express runs GET handlers for HEAD too.
    await t.http().head(path).set('Cookie', cookieOf(admin)).expect(403);
    expect(await isBlocked(victim.user.id)).toBe(false);
    await t.http().get('/api/users/me/').set('Authorization', victim.bearer).expect(200);

    const ok = await t.http().get(path).set('Authorization', admin.bearer).expect(200);
    expect(ok.body).toEqual({ message: 'User Blocked' });
    expect(await isBlocked(victim.user.id)).toBe(true);
  });

  it('refuses publishprogram and changePublishStatus with the cookie, leaving the programme unpublished', async () => {
    const admin = await createSession(t, { superuser: true });
    const { trainer } = await createTrainer(t);
    const program = await createProgram(t, trainer);
    for (const action of ['publishprogram', 'changePublishStatus']) {
      const path = `/api/fitness_programs/${action}/${program.id}/`;
      // Both at once too: the session cookie and an Origin of this very site change nothing for a GET.
      const res = await t
        .http()
        .get(path)
        .set({ Cookie: cookieOf(admin), Origin: PUBLIC_ORIGIN, 'Sec-Fetch-Site': 'same-origin' })
        .expect(403);
      expect(res.body).toEqual(STATE_CHANGING_GET);
      expect(await isPublished(program.id)).toBe(false);
    }
    await t
      .http()
      .get(`/api/fitness_programs/publishprogram/${program.id}/`)
      .set('Authorization', admin.bearer)
      .expect(200, { message: 'Program Published' });
    expect(await isPublished(program.id)).toBe(true);
    await t
      .http()
      .get(`/api/fitness_programs/changePublishStatus/${program.id}/`)
      .set('Authorization', admin.bearer)
      .expect(200);
    expect(await isPublished(program.id)).toBe(false);
  });

  it('refuses publishRequest with the cookie, recording no request; Bearer records it', async () => {
    const { trainer, session } = await createTrainer(t);
    const program = await createProgram(t, trainer);
    const path = `/api/fitness_programs/publishRequest/${program.id}/`;
    const res = await t.http().get(path).set('Cookie', cookieOf(session)).expect(403);
    expect(res.body).toEqual(STATE_CHANGING_GET);
    expect(await publishRequests(program.id)).toBe(0);

    await t.http().get(path).set('Authorization', session.bearer).expect(200);
    expect(await publishRequests(program.id)).toBe(1);
    expect(await isPublished(program.id)).toBe(false);
  });

  it('lets Bearer win when a request carries both', async () => {
    const admin = await createSession(t, { superuser: true });
    const victim = await createSession(t);
    await t
      .http()
      .get(`/api/users/changeUserAccess/${victim.user.id}/`)
      .set({ Authorization: admin.bearer, Cookie: cookieOf(admin) })
      .expect(200, { message: 'User Blocked' });
  });

  it('still serves reads with the cookie', async () => {
    const session = await createSession(t);
    await t.http().get('/api/users/me/').set('Cookie', cookieOf(session)).expect(200);
  });
});

describe('writes with the session cookie', () => {
  function logoutWith(session: Session, headers: Record<string, string>) {
    return t
      .http()
      .post('/api/users/logout/')
      .set({ Cookie: cookieOf(session), ...headers });
  }

  it.each<[string, Record<string, string>]>([
    ['a foreign Origin', { Origin: 'https://evil.example' }],
    ['Origin null', { Origin: 'null' }],
    ['a malformed Origin', { Origin: '::not a url' }],
    ['Sec-Fetch-Site cross-site', { 'Sec-Fetch-Site': 'cross-site' }],
    ['Sec-Fetch-Site same-site', { 'Sec-Fetch-Site': 'same-site', Origin: 'https://sub.fitcoach.example' }],
    ['our Origin but Sec-Fetch-Site cross-site', { Origin: PUBLIC_ORIGIN, 'Sec-Fetch-Site': 'cross-site' }],
  ])('refuses %s with 403, and the session lives on', async (_name, headers) => {
    const session = await createSession(t);
    const res = await logoutWith(session, headers).expect(403);
    expect(res.body).toEqual(CROSS_SITE);
    await t.http().get('/api/users/me/').set('Authorization', session.bearer).expect(200);
    await t.http().post('/api/token/refresh/').send({ refresh: session.refresh }).expect(200);
  });

  it('refuses a cross-site PUT too, changing nothing', async () => {
    const session = await createSession(t, { firstName: 'Original' });
    const res = await t
      .http()
      .put('/api/users/updateUser/')
      .set({ Cookie: cookieOf(session), Origin: 'https://evil.example', 'Sec-Fetch-Site': 'cross-site' })
      .field('first_name', 'Hacked')
      .expect(403);
    expect(res.body).toEqual(CROSS_SITE);
    const me = await t.http().get('/api/users/me/').set('Authorization', session.bearer).expect(200);
    expect(me.body.first_name).toBe('Original');
  });

  it.each<[string, Record<string, string>]>([
    ['PUBLIC_URL’s origin', { Origin: PUBLIC_ORIGIN, 'Sec-Fetch-Site': 'same-origin' }],
    [
      'the origin of the Host it was sent to',
      { Origin: 'http://app.internal:3000', Host: 'app.internal:3000' },
    ],
    ['no Origin nor Sec-Fetch-Site (not a browser)', {}],
    ['Sec-Fetch-Site none (typed by the user)', { 'Sec-Fetch-Site': 'none' }],
  ])('accepts a same-origin write from %s', async (_name, headers) => {
    const session = await createSession(t);
    const res = await logoutWith(session, headers).expect(200);
    expect(res.body).toEqual({ message: 'User logged out' });
    await t
      .http()
      .get('/api/users/me/')
      .set('Authorization', session.bearer)
      .expect(401, REFUSED.invalidToken);
  });

  it('leaves Bearer writes from anywhere alone', async () => {
    const session = await createSession(t);
    await t
      .http()
      .post('/api/users/logout/')
      .set({ Authorization: session.bearer, Origin: 'https://evil.example', 'Sec-Fetch-Site': 'cross-site' })
      .expect(200);
  });
});

describe('malformed credentials', () => {
  const protectedRoute = '/api/users/me/';
  const optionalRoute = '/api/fitness_programs/retrive_all/';
  const notProvided = { statusCode: 401, message: 'Authentication credentials were not provided.' };
  const invalid = { statusCode: 401, message: 'Token is invalid or expired' };

  it.each([
    ['undecodable', 'accessToken=%'],
    ['percent-escaped', 'accessToken=%E0%A4%A'],
    ['empty', 'accessToken='],
    ['not a token', 'accessToken=<script>'],
    ['oversized', `accessToken=${'a'.repeat(5000)}`],
    ['a lone name', 'accessToken'],
  ])('treats the session cookie as no token when it is %s', async (_name, cookie) => {
    const denied = await t.http().get(protectedRoute).set('Cookie', cookie).expect(401);
    expect(denied.body).toEqual(notProvided);
    const anonymous = await t.http().get(optionalRoute).set('Cookie', cookie).expect(200);
    expect(anonymous.body).toEqual(expect.any(Array));
  });

  it.each([
    ['garbage', 'Bearer %%%'],
    ['two words', 'Bearer a b'],
    ['an oversized value', `Bearer ${'a'.repeat(8000)}`],
    ['a tab inside', 'Bearer a\tb'],
  ])('refuses a Bearer header of %s with 401, never 500', async (_name, header) => {
    for (const route of [protectedRoute, optionalRoute]) {
      const res = await t.http().get(route).set('Authorization', header).expect(401);
      expect(res.body).toEqual(invalid);
    }
  });

  it('treats another scheme or a bare Bearer as no token', async () => {
    for (const header of ['Basic dXNlcjpwYXNz', 'Bearer', 'Bearer   ']) {
      await t.http().get(protectedRoute).set('Authorization', header).expect(401, notProvided);
      await t.http().get(optionalRoute).set('Authorization', header).expect(200);
    }
  });

  /** Sends bytes no HTTP client library would send; resolves with the status line and the body. */
  async function rawRequest(head: string): Promise<{ status: string; body: unknown }> {
    const server = t.app.getHttpServer();
    if (!server.listening) await t.app.listen(0, '127.0.0.1');
    const { port } = server.address() as AddressInfo;
    const answer = await new Promise<string>((resolve, reject) => {
      let data = '';
      const socket = connect(port, '127.0.0.1', () => socket.write(head));
      socket.setEncoding('utf8');
      socket.on('data', (chunk: string) => (data += chunk));
      socket.on('end', () => resolve(data));
      socket.on('error', reject);
    });
    const [headers, body] = answer.split('\r\n\r\n');
    return { status: headers.split('\r\n')[0], body: JSON.parse(body) };
  }

  it('answers an Authorization header with control characters with a JSON 400', async () => {
    for (const value of ['Bearer a\u0001b', 'Bearer \u0000', 'Bearer a\u007fb']) {
      const res = await rawRequest(
        `GET ${protectedRoute} HTTP/1.1\r\nHost: x\r\nAuthorization: ${value}\r\n\r\n`,
      );
      expect(res).toEqual({
        status: 'HTTP/1.1 400 Bad Request',
        body: { statusCode: 400, message: 'Malformed HTTP request' },
      });
    }
  });

  it('answers headers over 16 KB with a JSON 431', async () => {
    const res = await rawRequest(
      `GET ${protectedRoute} HTTP/1.1\r\nHost: x\r\nCookie: accessToken=${'a'.repeat(20_000)}\r\n\r\n`,
    );
    expect(res).toEqual({
      status: 'HTTP/1.1 431 Request Header Fields Too Large',
      body: { statusCode: 431, message: 'Request headers too large' },
    });
  });

  it('reads the token from a well-formed cookie among others', async () => {
    const session = await createSession(t);
    await t
      .http()
      .get(protectedRoute)
      .set('Cookie', `theme=dark; other=%; accessToken=${session.access}; x=1`)
      .expect(200);
  });
});
