import { describe, expect, it } from '@jest/globals';
import { DataSource } from 'typeorm';
import { UserEntity } from '../../api/src/modules/users/user.entity.js';
import { useTestApp } from '../fixtures/app.js';
import { noRoute } from '../fixtures/refusals.js';

describe('API errors', () => {
  const t = useTestApp();
  /** Posts `body` as raw JSON text, so the parser, not a DTO, is what answers. */
  const postJson = (body: string) =>
    t.http().post('/api/health').set('Content-Type', 'application/json').send(body);

  it('answers an unknown /api path with a JSON 404, not the HTML not-found page', async () => {
    const res = await t.http().get('/api/no-such-endpoint/').expect(404);
    expect(res.headers['content-type']).toMatch(/application\/json/);
    expect(res.body).toEqual(noRoute('GET', '/api/no-such-endpoint/'));
  });

  it('answers malformed JSON with 400 and a clear message', async () => {
    const res = await postJson('{"email": "a@b.c",').expect(400);
    expect(res.body).toEqual({ statusCode: 400, message: 'Malformed JSON body' });
  });

  it('refuses a body nested thousands of levels deep with 400, and registers nobody', async () => {
    const email = 'deep@example.com';
    const deep = `{"email":"${email}","password":"long-enough-pass","first_name":"Deep","last_name":"Body","x":${'['.repeat(5000)}${']'.repeat(5000)}}`;
    const res = await t.http().post('/api/users/register/').type('application/json').send(deep).expect(400);
    expect(res.body).toEqual({ statusCode: 400, message: 'The request body is nested too deeply' });
    expect(await t.app.get(DataSource).getRepository(UserEntity).countBy({ email })).toBe(0);
  });

  it('names one problem per field: a missing field is required, a long one too long', async () => {
    const missing = await t.http().post('/api/token/').send({}).expect(400);
    expect(missing.body).toMatchObject({
      message: 'email is required',
      errors: [
        { field: 'email', message: 'email is required' },
        { field: 'password', message: 'password is required' },
      ],
    });
    const long = await t
      .http()
      .post('/api/token/')
      .send({ email: `${'x'.repeat(250)}@example.com`, password: 'pw' })
      .expect(400);
    expect(long.body.errors).toEqual([
      { field: 'email', message: 'email must be shorter than or equal to 255 characters' },
    ]);
  });

  it('refuses a 3 MB body with 413 before reading it all', async () => {
    const huge = JSON.stringify({ about: 'x'.repeat(3 * 1024 * 1024) });
    const res = await postJson(huge).expect(413);
    expect(res.body).toEqual({ statusCode: 413, message: 'Request body too large' });
  });

  it('never leaks a stack trace', async () => {
    const res = await postJson('{').expect(400);
    expect(JSON.stringify(res.body)).not.toMatch(/at .+\.(js|ts):\d+/);
  });

  it('sends the security headers', async () => {
    const res = await t.http().get('/api/health').expect(200);
    expect(res.headers['x-content-type-options']).toBe('nosniff');
    expect(res.headers['x-powered-by']).toBeUndefined();
    expect(res.headers['content-security-policy']).toMatch(/script-src 'self' 'nonce-[A-Za-z0-9+/=]+'/);
  });
});
