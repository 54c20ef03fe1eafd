import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import { CATALOGUE_MESSAGES } from '@fitcoach/contracts';
import { DataSource } from 'typeorm';
import { createTestApp, type TestApp } from '../fixtures/app.js';
import { createLesson, createProgram, createTrainer } from '../fixtures/catalogue.js';
import { subscribe } from '../fixtures/subscriptions.js';
import { fieldRefusal, REFUSED } from '../fixtures/refusals.js';
import { createSession, type Session } from '../fixtures/users.js';

/*
 * Anonymous reads of the public catalogue are answered from a short cache (ADR 010). What a visitor must
 * notice is only that it is fast: every change shows on the very next request, and nobody is ever served
 * another caller's view.
 */

let t: TestApp;
let admin: Session;

beforeAll(async () => {
  t = await createTestApp({ env: { PUBLIC_CACHE_MS: '60000' } });
  admin = await createSession(t, { superuser: true });
});
afterAll(() => t.close());

const anonymous = (path: string) => t.http().get(path);
const signedIn = (path: string, session: Session) => t.http().get(path).set('Authorization', session.bearer);

const names = (body: { program_name: string }[]) => body.map((program) => program.program_name);

describe('GET /api/fitness_programs/retrive_all/ (cached for anonymous visitors)', () => {
  it('lists a programme on the request after its publication, and drops it on the one after its block', async () => {
    const name = `Cache ${randomUUID()}`;
    const { trainer, session } = await createTrainer(t);
    const program = await createProgram(t, trainer, { name });
    const path = `/api/fitness_programs/retrive_all/?q=${encodeURIComponent(name)}`;
    expect(names((await anonymous(path).expect(200)).body)).toEqual([]);

    await signedIn(`/api/fitness_programs/publishRequest/${program.id}/`, session).expect(200);
    await signedIn(`/api/fitness_programs/publishprogram/${program.id}/`, admin).expect(200);
    const listed = await anonymous(path).expect(200);
    expect(names(listed.body)).toEqual([name]);
    expect(listed.headers['x-total-count']).toBe('1');

    await signedIn(`/api/fitness_programs/changePublishStatus/${program.id}/`, admin).expect(200);
    expect(names((await anonymous(path).expect(200)).body)).toEqual([]);
  });

  it('sends the paging headers with a remembered page too', async () => {
    const first = await anonymous('/api/fitness_programs/retrive_all/?page_size=1').expect(200);
    const second = await anonymous('/api/fitness_programs/retrive_all/?page_size=1').expect(200);
    expect(second.body).toEqual(first.body);
    expect(second.headers['x-total-count']).toBe(first.headers['x-total-count']);
    expect(second.headers.link).toBe(first.headers.link);
  });

  it('still refuses a bad filter after a good one was remembered', async () => {
    await anonymous('/api/fitness_programs/retrive_all/?level=Beginner').expect(200);
    await anonymous('/api/fitness_programs/retrive_all/?level=Expert').expect(
      400,
      fieldRefusal(400, 'level', CATALOGUE_MESSAGES.level),
    );
  });
});

describe('GET /api/fitness_programs/retrive_all/ signed in (the same catalogue for everyone)', () => {
  it('gives a signed-in caller the shared page, with a publication on the very next request', async () => {
    const name = `Shared ${randomUUID()}`;
    const { trainer, session } = await createTrainer(t);
    const member = await createSession(t);
    const program = await createProgram(t, trainer, { name });
    const path = `/api/fitness_programs/retrive_all/?q=${encodeURIComponent(name)}`;
    expect(names((await signedIn(path, member).expect(200)).body)).toEqual([]);
    expect(names((await signedIn(path, session).expect(200)).body)).toEqual([]);

    await signedIn(`/api/fitness_programs/publishRequest/${program.id}/`, session).expect(200);
    await signedIn(`/api/fitness_programs/publishprogram/${program.id}/`, admin).expect(200);
    const listed = await signedIn(path, member).expect(200);
    expect(names(listed.body)).toEqual([name]);
    expect(listed.headers['x-total-count']).toBe('1');
    expect(names((await anonymous(path).expect(200)).body)).toEqual([name]);
  });

  it('still checks the token of every caller: a logged-out or blocked one is refused the remembered page', async () => {
    const path = '/api/fitness_programs/retrive_all/?page_size=2';
    const leaving = await createSession(t);
    const blocked = await createSession(t);
    await anonymous(path).expect(200);
    await signedIn(path, leaving).expect(200);
    await signedIn(path, blocked).expect(200);

    await t.http().post('/api/users/logout/').set('Authorization', leaving.bearer).send({}).expect(200);
    await signedIn(path, leaving).expect(401);
    await signedIn(`/api/users/changeUserAccess/${blocked.user.id}/`, admin).expect(200, {
      message: 'User Blocked',
    });
    await signedIn(path, blocked).expect(403);
    await t.http().get(path).set('Authorization', 'Bearer not-a-token').expect(401);
  });
});

describe('a remembered answer', () => {
  const gzipped = (path: string) => anonymous(path).set('Accept-Encoding', 'gzip');

  it('is sent compressed, with its security headers and a request id of its own', async () => {
    const word = randomUUID();
    const { trainer } = await createTrainer(t);
    for (let n = 0; n < 8; n += 1)
      await createProgram(t, trainer, { name: `${word} ${n}`, isPublished: true });
    const path = `/api/fitness_programs/retrive_all/?q=${word}`;
    const first = await gzipped(path).expect(200);
    expect(first.body).toHaveLength(8);
    const again = await gzipped(path).expect(200);
    expect(again.body).toEqual(first.body);
    expect(again.headers['content-encoding']).toBe('gzip');
    expect(again.headers['x-request-id']).not.toBe(first.headers['x-request-id']);
    expect(again.headers['x-powered-by']).toBeUndefined();
    expect(again.headers['content-security-policy']).toContain("script-src 'self' 'nonce-");
    for (const name of ['x-content-type-options', 'strict-transport-security', 'link']) {
      expect(again.headers[name]).toBe(first.headers[name]);
    }
  });

  it('answers 304 Not Modified to a client that holds it', async () => {
    const path = '/api/fitness_programs/retrive_all/?page_size=5';
    const { headers } = await anonymous(path).expect(200);
    await anonymous(path).expect(200);
    const revalidated = await anonymous(path).set('If-None-Match', String(headers.etag)).expect(304);
    expect(revalidated.text).toBe('');
  });

  it('is what the next visitors get, byte for byte, until a write through the app', async () => {
    const name = `Lane ${randomUUID()}`;
    const { trainer } = await createTrainer(t);
    const program = await createProgram(t, trainer, { name, isPublished: true });
    const path = `/api/fitness_programs/retrive_all/?q=${encodeURIComponent(name)}`;
    expect(names((await anonymous(path).expect(200)).body)).toEqual([name]);
    // A raw update goes around TypeORM's write events (ADR 026): the remembered answer is still served.
    await t.app
      .get(DataSource)
      .query('UPDATE program SET name = ? WHERE id = ?', [`${name} raw`, program.id]);
    expect(names((await anonymous(path).expect(200)).body)).toEqual([name]);
    expect(names((await anonymous(path).expect(200)).body)).toEqual([name]);
  });
});

describe('the catalogue across the writes of members', () => {
  it('is kept across a chat message and a lesson completion, and renewed by the next catalogue write', async () => {
    const name = `Members ${randomUUID()}`;
    const member = await createSession(t);
    const coach = await createTrainer(t);
    const program = await createProgram(t, coach.trainer, { name, isPublished: true });
    const lesson = await createLesson(t, program);
    await subscribe(t, member.user.id, program);
    const path = `/api/fitness_programs/retrive_all/?q=${encodeURIComponent(name)}`;
    expect(names((await anonymous(path).expect(200)).body)).toEqual([name]);
    // Only an answer loaded again shows a change made behind TypeORM's back.
    await t.app
      .get(DataSource)
      .query('UPDATE program SET name = ? WHERE id = ?', [`${name} renamed`, program.id]);

    await t
      .http()
      .post('/api/chat/sendMessage/')
      .set('Authorization', member.bearer)
      .send({ to: coach.session.user.id, text: 'a question' })
      .expect(201);
    await signedIn(
      `/api/fitness_programs/updatelessonProgress/${program.id}-${lesson.number}/`,
      member,
    ).expect(201);
    expect(names((await anonymous(path).expect(200)).body)).toEqual([name]);

    await t
      .http()
      .put(`/api/fitness_programs/update/${program.id}/`)
      .set('Authorization', coach.session.bearer)
      .field('duration', '40')
      .expect(200);
    expect(names((await anonymous(path).expect(200)).body)).toEqual([`${name} renamed`]);
  });
});

describe('GET /api/fitness_programs/get_programme/{id}/ (cached for anonymous visitors)', () => {
  it("shows the owner's edit on the next request", async () => {
    const { trainer, session } = await createTrainer(t);
    const program = await createProgram(t, trainer, { durationDays: 30, isPublished: true });
    const path = `/api/fitness_programs/get_programme/${program.id}/`;
    expect((await anonymous(path).expect(200)).body.duration).toBe(30);

    await t
      .http()
      .put(`/api/fitness_programs/update/${program.id}/`)
      .set('Authorization', session.bearer)
      .field('duration', '45')
      .expect(200);
    expect((await anonymous(path).expect(200)).body.duration).toBe(45);
  });

  it('stops showing a programme on the next request once an edit sends it back to review (ADR 012)', async () => {
    const { trainer, session } = await createTrainer(t);
    const program = await createProgram(t, trainer, { name: 'Before the edit', isPublished: true });
    const path = `/api/fitness_programs/get_programme/${program.id}/`;
    await anonymous(path).expect(200);

    await t
      .http()
      .put(`/api/fitness_programs/update/${program.id}/`)
      .set('Authorization', session.bearer)
      .field('program_name', 'After the edit')
      .expect(200, { message: 'Programme updated', back_to_review: true });
    await anonymous(path).expect(404, REFUSED.programNotFound);
  });

  it("never serves the owner's view of an unpublished programme to a visitor, nor the other way round", async () => {
    const { trainer, session } = await createTrainer(t);
    const program = await createProgram(t, trainer);
    const path = `/api/fitness_programs/get_programme/${program.id}/`;
    await signedIn(path, session).expect(200);
    await anonymous(path).expect(404, REFUSED.programNotFound);
    await anonymous(path).expect(404, REFUSED.programNotFound);
    await signedIn(path, session).expect(200);
  });
});

describe('GET /api/fitness_programs/get_trainer_programme/{trainerId}/ (cached for anonymous visitors)', () => {
  it('gives the owner all programmes and visitors the published ones, whoever asked first', async () => {
    const { trainer, session } = await createTrainer(t);
    await createProgram(t, trainer, { name: 'Published one', isPublished: true });
    await createProgram(t, trainer, { name: 'Draft one' });
    const path = `/api/fitness_programs/get_trainer_programme/${trainer.id}/`;
    expect(names((await anonymous(path).expect(200)).body)).toEqual(['Published one']);
    expect(names((await signedIn(path, session).expect(200)).body).sort()).toEqual([
      'Draft one',
      'Published one',
    ]);
    expect(names((await anonymous(path).expect(200)).body)).toEqual(['Published one']);
  });
});

describe('GET /api/trainers/allTrainer/ and retrieveTrainer/{id}/ (cached for anonymous visitors)', () => {
  it('hides a trainer on the request after the account is blocked', async () => {
    const { trainer, session } = await createTrainer(t);
    await createProgram(t, trainer, { isPublished: true });
    const listed = async () => {
      const res = await anonymous('/api/trainers/allTrainer/?page_size=100').expect(200);
      const total = Number(res.headers['x-total-count']);
      const pages = await Promise.all(
        Array.from({ length: Math.ceil(total / 100) - 1 }, (_, i) =>
          anonymous(`/api/trainers/allTrainer/?page_size=100&page=${i + 2}`).expect(200),
        ),
      );
      return [res, ...pages].flatMap((page) => (page.body as { id: number }[]).map((row) => row.id));
    };
    expect(await listed()).toContain(trainer.id);
    await anonymous(`/api/trainers/retrieveTrainer/${trainer.id}/`).expect(200);

    await signedIn(`/api/users/changeUserAccess/${session.user.id}/`, admin).expect(200, {
      message: 'User Blocked',
    });
    expect(await listed()).not.toContain(trainer.id);
    await anonymous(`/api/trainers/retrieveTrainer/${trainer.id}/`).expect(404, REFUSED.trainerNotFound);
  });
});

describe('a signed-in view read with the session cookie (the web) is never served to visitors', () => {
  const withCookie = (path: string, session: Session) =>
    t.http().get(path).set('Cookie', `accessToken=${session.access}`);

  it("keeps a trainer's unpublished programme, own list and phone number out of the anonymous answers", async () => {
    const { trainer, session } = await createTrainer(t, { phone: '5550001111' });
    await createProgram(t, trainer, { name: 'Cookie published', isPublished: true });
    const draft = await createProgram(t, trainer, { name: 'Cookie draft' });
    const program = `/api/fitness_programs/get_programme/${draft.id}/`;
    const list = `/api/fitness_programs/get_trainer_programme/${trainer.id}/`;
    const profile = `/api/trainers/retrieveTrainer/${trainer.id}/`;

    expect((await withCookie(program, session).expect(200)).body.program_name).toBe('Cookie draft');
    expect(names((await withCookie(list, session).expect(200)).body).sort()).toEqual([
      'Cookie draft',
      'Cookie published',
    ]);
    expect((await withCookie(profile, session).expect(200)).body.phone).toBe('5550001111');

    expect((await anonymous(program).expect(404)).body).toEqual(REFUSED.programNotFound);
    expect(names((await anonymous(list).expect(200)).body)).toEqual(['Cookie published']);
    expect((await anonymous(profile).expect(200)).body.phone).toBeNull();
  });

  it('answers the cookie holder afresh after visitors filled the cache', async () => {
    const { trainer, session } = await createTrainer(t);
    const draft = await createProgram(t, trainer, { name: 'Warm draft' });
    const list = `/api/fitness_programs/get_trainer_programme/${trainer.id}/`;
    await anonymous(list).expect(200, []);
    expect(names((await withCookie(list, session).expect(200)).body)).toEqual(['Warm draft']);
    await withCookie(`/api/fitness_programs/get_programme/${draft.id}/`, session).expect(200);
  });
});
