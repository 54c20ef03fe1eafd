import { describe, expect, it, jest } from '@jest/globals';
import { DataSource } from 'typeorm';
import { JobsService } from '../../api/src/common/jobs/jobs.service.js';
import { useTestApp } from '../fixtures/app.js';

describe('GET /api/health', () => {
  const t = useTestApp();

  it('reports the database and the queue up', async () => {
    const res = await t.http().get('/api/health').expect(200);
    expect(res.headers['content-type']).toMatch(/application\/json/);
    expect(res.body).toEqual({ status: 'ok', db: 'up', queue: 'up' });
  });

  it('answers with and without the trailing slash, without redirecting', async () => {
    const res = await t.http().get('/api/health/').expect(200);
    expect(res.body.status).toBe('ok');
  });

  it('gives every response a request id, keeping a well-formed one from the caller', async () => {
    const own = await t.http().get('/api/health').set('X-Request-Id', 'probe-42').expect(200);
    expect(own.headers['x-request-id']).toBe('probe-42');
    const generated = await t.http().get('/api/health').set('X-Request-Id', 'bad id with spaces').expect(200);
    expect(generated.headers['x-request-id']).toMatch(/^[0-9a-f-]{36}$/);
  });

  it('answers 503 naming the queue when the queue is down', async () => {
    const jobs = t.app.get(JobsService);
    const spy = jest.spyOn(jobs, 'isHealthy').mockResolvedValue(false);
    try {
      const res = await t.http().get('/api/health').expect(503);
      expect(res.body).toMatchObject({ statusCode: 503, status: 'error', db: 'up', queue: 'down' });
      expect(res.body.message).toContain('queue');
    } finally {
      spy.mockRestore();
    }
  });
});

describe('GET /api/health with the database gone', () => {
  const t = useTestApp();
  const stopDatabase = async () => {
    const dataSource = t.app.get(DataSource);
    if (dataSource.isInitialized) await dataSource.destroy();
  };

  it('answers 503 naming the database', async () => {
    await stopDatabase();
    const res = await t.http().get('/api/health').expect(503);
    expect(res.body).toMatchObject({ statusCode: 503, status: 'error', db: 'down', queue: 'up' });
    expect(res.body.message).toContain('db');
  });

  it('is not ready (503 naming the database) yet still alive, so a proxy stops routing to it without a restart', async () => {
    await stopDatabase();
    const ready = await t.http().get('/api/health/ready').expect(503);
    expect(ready.body).toMatchObject({ statusCode: 503, status: 'error', db: 'down', queue: 'up' });
    expect(ready.body.message).toBe('Unavailable: db');
    await t.http().get('/api/health/live').expect(200, { status: 'ok' });
  });
});
