import { JSON_BODY_MAX_BYTES, UPLOAD_MAX_BYTES } from '@fitcoach/contracts';
import type { APIRequestContext } from '@playwright/test';
import { expect, test } from './support/accounts.js';
import { apiAccount } from './support/catalogue.js';
import { type RawRequest, rawRequest } from './support/raw-http.js';

/*
 * What the site's pages and forms do with requests no browser of ours sends: bodies over the limits, malformed
 * cookies and headers, hostile query strings. Never a 5xx, never a body read whole.
 */

const MB = 1024 * 1024;
const BOUNDARY = 'hostile-boundary';

/** The opening of a multipart body whose one part is a picture: the bytes that follow are the picture's. */
const PICTURE_PART = Buffer.from(
  `--${BOUNDARY}\r\nContent-Disposition: form-data; name="profile_picture"; filename="huge.png"\r\n` +
    'Content-Type: image/png\r\n\r\n',
);

/** Whether the server closes the connection within `ms`. */
async function closedWithin(request: RawRequest, ms: number): Promise<boolean> {
  let timer: NodeJS.Timeout | undefined;
  const late = new Promise<boolean>((resolve) => (timer = setTimeout(() => resolve(false), ms)));
  const closed = await Promise.race([request.closed.then(() => true), late]);
  clearTimeout(timer);
  return closed;
}

test.describe('request bodies of the site', () => {
  test('a 2 MB URL-encoded post to /login is refused with 413 before any of it is read', async ({
    baseURL,
  }) => {
    const post = rawRequest(`${baseURL}/login`, {
      headers: {
        'Content-Type': 'application/x-www-form-urlencoded',
        'Content-Length': String(2 * MB),
      },
    });
    const answer = await post.answer;
    expect(answer).toMatchObject({ status: 413, sent: 0 });
    expect(answer.body).toBe('This request is larger than the 1 MB the site accepts.');
    expect(answer.headers.connection).toBe('close');
    await expect(closedWithin(post, 3000)).resolves.toBe(true);
  });

  test('a chunked body is counted as it comes and refused with 413 once over 1 MB', async ({ baseURL }) => {
    const post = rawRequest(`${baseURL}/login`, {
      headers: { 'Content-Type': 'application/x-www-form-urlencoded', 'Transfer-Encoding': 'chunked' },
    });
    await post.write(Buffer.from('email='));
    await post.write(2 * MB);
    post.end();
    expect((await post.answer).status).toBe(413);
  });

  test('a form under the limit is read as before', async ({ request }) => {
    const response = await request.post('/login', {
      form: { email: 'nobody@example.com', password: 'x'.repeat(JSON_BODY_MAX_BYTES / 2) },
      maxRedirects: 0,
    });
    expect(response.status()).toBe(400);
  });

  test('a 50 MB chunked upload to /userProfile is cut off with 413 while the site goes on serving others', async ({
    baseURL,
    request,
  }) => {
    const { auth } = await apiAccount(request);
    const token = auth.Authorization.replace('Bearer ', '');
    const upload = rawRequest(`${baseURL}/userProfile`, {
      headers: {
        Cookie: `accessToken=${token}`,
        'Content-Type': `multipart/form-data; boundary=${BOUNDARY}`,
        'Transfer-Encoding': 'chunked',
      },
    });
    await upload.write(PICTURE_PART);
    await upload.write(2 * MB);

    const home = await fetch(`${baseURL}/`);
    expect(home.status).toBe(200);
    expect(upload.answered()).toBe(false);

    await upload.write(48 * MB);
    const answer = await upload.answer;
    expect(answer.status).toBe(413);
    expect(answer.body).toBe(
      `This request is larger than the ${(UPLOAD_MAX_BYTES + JSON_BODY_MAX_BYTES) / MB} MB the site accepts.`,
    );
    // The limit plus what the sockets' buffers held when the answer came; never the whole body.
    expect(answer.sent).toBeLessThan(20 * MB);
    await upload.closed;
  });

  for (const path of ['/trainerRegister', '/userProfile']) {
    test(`an anonymous upload to ${path} goes to the login page unread`, async ({ baseURL }) => {
      const upload = rawRequest(`${baseURL}${path}`, {
        headers: {
          'Content-Type': `multipart/form-data; boundary=${BOUNDARY}`,
          'Content-Length': String(5 * MB),
        },
      });
      await upload.write(PICTURE_PART);
      await upload.write(64 * 1024);
      const answer = await upload.answer;
      expect(answer.status).toBe(302);
      expect(answer.headers.location).toBe(`/login?redirectTo=${encodeURIComponent(path)}`);
      expect(answer.sent).toBe(PICTURE_PART.length + 64 * 1024);
      // The server closes the connection at once instead of waiting for the rest of the body (an idle connection
      // would stay open for Node's keep-alive timeout, 5 s).
      expect(answer.headers.connection).toBe('close');
      await expect(closedWithin(upload, 3000)).resolves.toBe(true);
    });
  }

  for (const path of ['/login', '/register', '/verify/x']) {
    test(`a post to ${path} that is not a form is refused with 400`, async ({ request }) => {
      for (const data of [undefined, 'plain text']) {
        const response = await request.post(path, {
          headers: data === undefined ? {} : { 'Content-Type': 'text/plain' },
          data,
          maxRedirects: 0,
        });
        expect(response.status()).toBe(400);
      }
      const noBoundary = await request.post(path, {
        headers: { 'Content-Type': 'multipart/form-data' },
        data: 'x',
        maxRedirects: 0,
      });
      expect(noBoundary.status()).toBe(400);
    });
  }
});

const MALFORMED_COOKIES = [
  'accessToken=%',
  'refreshToken=%',
  'accessToken=%; refreshToken=%',
  'toast=%',
  '%E0%A4%A',
  'accessToken=%E0%A4%A; refreshToken=%E0%A4%A; toast=%E0%A4%A',
  'accessToken=; refreshToken=; toast=',
  'accessToken; refreshToken; toast',
  'accessToken=not.a.jwt; refreshToken=not.a.jwt',
  `toast=${'A'.repeat(6000)}`,
  `accessToken=${'a'.repeat(6000)}; refreshToken=${'b'.repeat(6000)}`,
];

/** A published programme and its trainer, when there is one (the pages answer 404 otherwise, which is fine too). */
async function anyProgramAndTrainer(request: APIRequestContext): Promise<[number, number]> {
  const response = await request.get('/api/fitness_programs/retrive_all/?page_size=1');
  const [first] = (await response.json()) as { id: number; trainer: number }[];
  return first ? [first.id, first.trainer] : [1, 1];
}

test.describe('malformed cookies are no session', () => {
  test('no page answers 5xx, and protected pages send to the login page as without a cookie', async ({
    request,
  }) => {
    const [program, trainer] = await anyProgramAndTrainer(request);
    const pages = [
      '/',
      '/programmes',
      '/findTrainer',
      '/login',
      '/register',
      '/userProfile',
      '/trainerDashboard',
      '/dashboard',
      `/programDetails/${program}`,
      `/trainerPage/${trainer}`,
      '/trainerRegister',
      '/verify/x',
      '/admin/dashboard',
      '/admin/users',
      '/chat',
      '/no-such-page',
      '/_root.data',
    ];
    for (const path of pages) {
      const anonymous = await request.get(path, { maxRedirects: 0 });
      for (const cookie of MALFORMED_COOKIES) {
        const response = await request.get(path, { headers: { Cookie: cookie }, maxRedirects: 0 });
        const seen = `${path} with ${cookie.slice(0, 40)}`;
        expect(response.status(), seen).toBe(anonymous.status());
        expect(response.headers().location, seen).toBe(anonymous.headers().location);
      }
    }
  });

  test('no form post answers 5xx', async ({ request }) => {
    for (const path of [
      '/login',
      '/register',
      '/userProfile',
      '/trainerRegister',
      '/trainerDashboard',
      '/logout',
    ]) {
      for (const cookie of MALFORMED_COOKIES) {
        const response = await request.post(path, {
          headers: { Cookie: cookie },
          form: { email: 'a@example.com', password: 'x' },
          maxRedirects: 0,
        });
        expect(response.status(), `${path} with ${cookie.slice(0, 40)}`).toBeLessThan(500);
      }
    }
  });
});

test.describe('hostile headers and query strings', () => {
  for (const host of ['a b', '[::1', 'localhost:99999', '%', 'example.com/x?']) {
    test(`a Host header "${host}" is a 400`, async ({ baseURL }) => {
      for (const method of ['GET', 'POST']) {
        const sent = rawRequest(`${baseURL}/login`, { method, headers: { Host: host } });
        const response = await sent.answer;
        sent.destroy();
        expect(response).toMatchObject({ status: 400, body: 'Bad Request' });
      }
    });
  }

  test('a forwarded scheme that is not https is http', async ({ request }) => {
    const response = await request.get('/login', { headers: { 'X-Forwarded-Proto': 'ht tp' } });
    expect(response.status()).toBe(200);
  });

  for (const query of ['page=1e21', 'page=-1', 'page=0', 'page=abc', 'page=9007199254740991', 'page=%']) {
    test(`the catalogue pages answer ?${query} with a page`, async ({ request }) => {
      for (const path of ['/programmes', '/findTrainer']) {
        const response = await request.get(`${path}?${query}`);
        expect(response.status(), path).toBe(200);
      }
    });
  }
});
