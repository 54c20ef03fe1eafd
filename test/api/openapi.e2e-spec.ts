import { beforeAll, describe, expect, it } from '@jest/globals';
import type { OpenAPIObject } from '@nestjs/swagger';
import { Validator } from '@seriousme/openapi-schema-validator';
import type { Response } from 'supertest';
import { API_DOCS_PATH, OPENAPI_JSON_PATH } from '../../api/src/common/openapi/openapi.js';
import { useTestApp } from '../fixtures/app.js';
import { discoverRoutes } from '../fixtures/routes.js';
import { createSession } from '../fixtures/users.js';
import { AnswerRecorder, documentedRoute } from './support/answers.js';

/*
 * The OpenAPI document (docs at /api/docs) is generated from the controllers: it must be valid OpenAPI, cover
 * every route the app registers with a summary and who may call it, list the statuses the routes really answer,
 * and its Swagger UI page must load from the app itself under the site's Content-Security-Policy.
 */

const t = useTestApp();
let document: OpenAPIObject;

beforeAll(async () => {
  const res = await t
    .http()
    .get(OPENAPI_JSON_PATH)
    .expect(200)
    .expect('Content-Type', /application\/json/);
  document = res.body as OpenAPIObject;
});

/** The app's own routes under /api as Express registered them, in the document's `{param}` spelling. */
function apiRoutes(): { method: string; template: string }[] {
  return discoverRoutes(t.app)
    .filter(({ path }) => path.startsWith('/api/') && !path.includes('*'))
    .filter(({ path }) => path !== OPENAPI_JSON_PATH && !path.startsWith(API_DOCS_PATH))
    .map(({ method, path }) => ({
      method,
      template: path.replace(/:(\w+)/g, '{$1}').replace(/(?<=.)\/$/, ''),
    }));
}

describe('GET /api/openapi.json', () => {
  it('is a valid OpenAPI 3.1 document', async () => {
    const result = await new Validator().validate(
      structuredClone(document) as unknown as Parameters<Validator['validate']>[0],
    );
    expect(result.errors).toBeUndefined();
    expect(result.valid).toBe(true);
    expect(document.openapi).toBe('3.1.0');
  });

  it('documents every route the app registers, and no other', () => {
    const routes = apiRoutes();
    expect(routes.length).toBeGreaterThanOrEqual(77);
    const registered = routes.map(({ method, template }) => `${method} ${template}`).sort();
    const documented = Object.entries(document.paths)
      .flatMap(([template, item]) =>
        (['get', 'put', 'post', 'delete', 'patch'] as const)
          .filter((method) => item[method])
          .map((method) => `${method} ${template}`),
      )
      .sort();
    expect(documented).toEqual(registered);
  });

  it('gives each route a summary, who may call it, a success answer and the error shape of its refusals', () => {
    const lacking = apiRoutes().flatMap(({ method, template }) => {
      const operation = document.paths[template][method as 'get'];
      if (!operation) return [`${method} ${template}: missing`];
      const statuses = Object.keys(operation.responses);
      const problems = [
        !operation.summary && 'no summary',
        !operation.description?.startsWith('Who: ') && 'no access rule',
        !operation.tags?.length && 'no tag',
        !statuses.some((status) => status.startsWith('2')) && 'no success answer',
        ...statuses
          .filter((status) => Number(status) >= 400)
          .filter(
            (status) =>
              !JSON.stringify(operation.responses[status]).includes('#/components/schemas/ApiError'),
          )
          .map((status) => `${status} without the error shape`),
      ].filter(Boolean);
      return problems.map((problem) => `${method} ${template}: ${problem}`);
    });
    expect(lacking).toEqual([]);
  });

  it('describes request bodies from the DTOs’ validation rules, with the contract’s field names', () => {
    const schemas = document.components?.schemas ?? {};
    expect(schemas.RegisterDto).toMatchObject({
      properties: { first_name: expect.any(Object), email: expect.any(Object), password: expect.any(Object) },
    });
    expect(schemas.TrainerRegistrationDto).toMatchObject({ properties: { specalized: expect.any(Object) } });
    expect(document.paths['/api/fitness_programs/create'].post?.requestBody).toMatchObject({
      content: { 'multipart/form-data': expect.any(Object) },
    });
  });

  it('offers the Bearer token and the session cookie, and marks public routes as needing neither', () => {
    expect(document.components?.securitySchemes).toMatchObject({
      bearer: { type: 'http', scheme: 'bearer' },
      accessToken: { type: 'apiKey', in: 'cookie', name: 'accessToken' },
    });
    expect(document.paths['/api/token'].post?.security).toBeUndefined();
    expect(document.paths['/api/users/me'].get?.security).toEqual([{ bearer: [] }, { accessToken: [] }]);
    expect(document.paths['/api/users/changeUserAccess/{id}'].get?.security).toEqual([{ bearer: [] }]);
  });
});

describe('the answers routes give', () => {
  it('are documented for their route', async () => {
    const answers = new AnswerRecorder();
    const member = await createSession(t);
    const requests = [
      t.http().get('/api/users/me/'),
      t.http().get('/api/users/me/').set('Authorization', member.bearer),
      t.http().get('/api/users/getUserCount/').set('Authorization', member.bearer),
      t.http().get('/api/fitness_programs/get_programme/999999999/'),
      t.http().get('/api/fitness_programs/retrive_all/?page=0'),
      t.http().post('/api/token/').send({ email: member.user.email, password: 'not it' }),
      t.http().post('/api/users/register/').set('Content-Type', 'application/json').send('{"first_name":'),
    ];
    for (const request of requests) answers.record(await request);
    expect(answers.size).toBe(requests.length);
    expect(answers.undocumented(document)).toEqual([]);
  });

  it('are held against the schema of their status', () => {
    const answers = new AnswerRecorder();
    const answer = (body: unknown) =>
      ({
        req: { method: 'GET', path: '/api/users/getLoggedInUsers/' },
        status: 200,
        headers: { 'content-type': 'application/json; charset=utf-8' },
        body,
      }) as unknown as Response;
    answers.record(
      answer([{ id: 1, first_name: 'Ann', last_name: 'Lee', email: null, profile_picture: null }]),
    );
    expect(answers.undocumented(document)).toEqual([]);
    answers.record(answer([{ id: 'one', first_name: 'Ann' }]));
    expect(answers.undocumented(document)).toEqual([
      'GET /api/users/getLoggedInUsers: 200 body /0/id must be integer',
    ]);
  });

  it('are matched to the literal route before a parameter', () => {
    expect(documentedRoute(document, 'GET', '/api/health/live/')?.template).toBe('/api/health/live');
    expect(documentedRoute(document, 'PUT', '/api/trainers/7/verify')?.template).toBe(
      '/api/trainers/{id}/verify',
    );
  });
});

describe('GET /api/docs', () => {
  it('answers a Swagger UI page whose scripts and styles all come from the app itself', async () => {
    const page = await t
      .http()
      .get(API_DOCS_PATH)
      .expect(200)
      .expect('Content-Type', /text\/html/);
    const html = page.text;
    const assets = [...html.matchAll(/<(?:script[^>]*\ssrc|link[^>]*\shref)=["']([^"']+)["']/g)].map(
      ([, url]) => url,
    );
    expect(assets.length).toBeGreaterThanOrEqual(3);
    expect(assets.filter((url) => /^(?:[a-z]+:)?\/\//i.test(url))).toEqual([]);
    expect(html).not.toMatch(/<script(?![^>]*\ssrc=)[^>]*>/);
    const csp = String(page.headers['content-security-policy']);
    expect(csp).toMatch(/script-src 'self'/);
    for (const url of assets) {
      const asset = await t.http().get(new URL(url, `http://app${API_DOCS_PATH}`).pathname);
      expect({ url, status: asset.status }).toEqual({ url, status: 200 });
    }
    const init = await t.http().get(`${API_DOCS_PATH}/swagger-ui-init.js`).expect(200);
    expect(init.text).toContain(JSON.stringify(OPENAPI_JSON_PATH));
    // Only the page's files of the package are served: its demo page would load another site's document.
    await t.http().get(`${API_DOCS_PATH}/index.html`).expect(404);
  });
});
