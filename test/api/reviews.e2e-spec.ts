import { beforeAll, describe, expect, it } from '@jest/globals';
import {
  type AccountExport,
  type AuditEntryResponse,
  REVIEW_MESSAGES,
  type ReviewListResponse,
  type ReviewReportResponse,
  type ReviewResponse,
} from '@fitcoach/contracts';
import { DataSource } from 'typeorm';
import type { LessonEntity } from '../../api/src/modules/lessons/lesson.entity.js';
import { ProgramEntity } from '../../api/src/modules/programs/program.entity.js';
import { SubscriptionEntity } from '../../api/src/modules/subscriptions/subscription.entity.js';
import type { TrainerEntity } from '../../api/src/modules/trainers/trainer.entity.js';
import { useTestApp } from '../fixtures/app.js';
import { createLesson, createProgram, createTrainer } from '../fixtures/catalogue.js';
import { fieldRefusal, REFUSED, refusal } from '../fixtures/refusals.js';
import { completeLessons, subscribe } from '../fixtures/subscriptions.js';
import { createSession, type Session, TEST_PASSWORD } from '../fixtures/users.js';

const t = useTestApp();

function as(session: Session | null) {
  const http = t.http();
  const auth = <T extends { set: (name: string, value: string) => T }>(request: T) =>
    session ? request.set('Authorization', session.bearer) : request;
  return {
    get: (path: string) => auth(http.get(path)),
    post: (path: string, body: object = {}) => auth(http.post(path).send(body)),
    put: (path: string, body: object) => auth(http.put(path).send(body)),
    delete: (path: string) => auth(http.delete(path)),
    deleteWith: (path: string, body: object) => auth(http.delete(path).send(body)),
  };
}

const REVIEW = { stars: 4, title: 'Hard but fair', text: 'Ten lessons that built my squat from nothing.' };

async function standingOf(programId: number) {
  const program = await t.app.get(DataSource).getRepository(ProgramEntity).findOneByOrFail({ id: programId });
  return { count: program.reviewCount, stars: program.starsTotal };
}

describe('verified reviews', () => {
  let coach: { trainer: TrainerEntity; session: Session };
  let program: ProgramEntity;
  let lessons: LessonEntity[];
  const reviewsOf = (id = program.id) => `/api/fitness_programs/${id}/reviews/`;

  /** A member who subscribed and completed `done` of the ten lessons. */
  async function member(done: number): Promise<Session> {
    const session = await createSession(t);
    await subscribe(t, session.user.id, program);
    await completeLessons(
      t,
      session.user.id,
      lessons.slice(0, done).map((lesson) => lesson.id),
    );
    return session;
  }

  beforeAll(async () => {
    coach = await createTrainer(t);
    program = await createProgram(t, coach.trainer, { isPublished: true });
    lessons = [];
    for (let n = 0; n < 10; n += 1) lessons.push(await createLesson(t, program));
  });

  it('lets a member who did 30 % review once, shows it to anyone, and keeps the programme’s standing', async () => {
    const author = await member(3);
    const created = await as(author)
      .post(reviewsOf(), { ...REVIEW, title: '  Hard but fair  ' })
      .expect(201);
    expect(created.body).toMatchObject({
      program: program.id,
      author: { id: author.user.id, name: expect.stringMatching(/^\S+ [A-Z]\.$/) },
      ...REVIEW,
      helpful_count: 0,
      answer: null,
    });
    await as(author).post(reviewsOf(), REVIEW).expect(409, refusal(409, REVIEW_MESSAGES.already));

    const second = await member(10);
    await as(second)
      .post(reviewsOf(), { ...REVIEW, stars: 5, title: 'Great' })
      .expect(201);
    const list = (await as(null).get(reviewsOf()).expect(200)).body as ReviewListResponse;
    expect(list).toMatchObject({ rating: { average: 4.5, count: 2 }, count: 2, page: 1, mine: null });
    const own = (await as(author).get(reviewsOf()).expect(200)).body as ReviewListResponse;
    expect(own.mine).toMatchObject({ id: created.body.id, hidden: false });
    expect(list.results.map((review) => review.title)).toEqual(['Great', 'Hard but fair']);
    expect(await standingOf(program.id)).toEqual({ count: 2, stars: 9 });
  });

  it('refuses the programme’s trainer, non-subscribers, refunded members and those under 30 %', async () => {
    await as(coach.session).post(reviewsOf(), REVIEW).expect(403, refusal(403, REVIEW_MESSAGES.ownProgram));
    const stranger = await createSession(t);
    await as(stranger).post(reviewsOf(), REVIEW).expect(403, refusal(403, REVIEW_MESSAGES.notSubscribed));
    const early = await member(2);
    await as(early)
      .post(reviewsOf(), REVIEW)
      .expect(403, refusal(403, REVIEW_MESSAGES.tooEarly(20)));
    const refunded = await member(5);
    await t.app
      .get(DataSource)
      .getRepository(SubscriptionEntity)
      .update({ userId: refunded.user.id }, { status: 'refunded', activeFlag: null, endedAt: new Date() });
    await as(refunded).post(reviewsOf(), REVIEW).expect(403, refusal(403, REVIEW_MESSAGES.notSubscribed));
    const ended = await member(4);
    await t.app
      .get(DataSource)
      .getRepository(SubscriptionEntity)
      .update({ userId: ended.user.id }, { status: 'cancelled', activeFlag: null, endedAt: new Date() });
    await as(ended).post(reviewsOf(), REVIEW).expect(201);
    await as(null).post(reviewsOf(), REVIEW).expect(401, REFUSED.notAuthenticated);
    await as(stranger)
      .post(reviewsOf(999_999), REVIEW)
      .expect(404, refusal(404, REVIEW_MESSAGES.programNotFound));
  });

  it('refuses bad stars, missing and overlong text, and stores nothing', async () => {
    const author = await member(3);
    const before = await standingOf(program.id);
    const cases: [object, string, string][] = [
      [{ ...REVIEW, stars: 0 }, 'stars', 'stars must be a whole number from 1 to 5'],
      [{ ...REVIEW, stars: 4.5 }, 'stars', 'stars must be a whole number from 1 to 5'],
      [{ ...REVIEW, stars: '5' }, 'stars', 'stars must be a whole number from 1 to 5'],
      [{ ...REVIEW, title: '   ' }, 'title', 'Write the title'],
      [{ ...REVIEW, title: 'x'.repeat(121) }, 'title', 'The title is at most 120 characters'],
      [{ ...REVIEW, text: 'x'.repeat(2001) }, 'text', 'The review is at most 2000 characters'],
      [{ stars: 3, title: 'No text' }, 'text', 'Write the review'],
    ];
    for (const [body, field, message] of cases) {
      await as(author)
        .post(reviewsOf(), body)
        .expect(400, fieldRefusal(400, field, message));
    }
    await as(null).get(`${reviewsOf()}?sort=best`).expect(400);
    expect(await standingOf(program.id)).toEqual(before);
  });

  it('shows the standing on the programme’s answers and the trainer’s mean over all their programmes', async () => {
    const other = await createTrainer(t);
    const [first, second] = [
      await createProgram(t, other.trainer, { isPublished: true }),
      await createProgram(t, other.trainer, { isPublished: true }),
    ];
    const trainerPath = `/api/trainers/retrieveTrainer/${other.trainer.id}/`;
    expect((await as(null).get(trainerPath).expect(200)).body).toMatchObject({
      rating: null,
      review_count: 0,
    });
    const stars = [
      [first, 5],
      [first, 4],
      [second, 2],
    ] as const;
    for (const [reviewed, given] of stars) {
      const lesson = await createLesson(t, reviewed);
      const session = await createSession(t);
      await subscribe(t, session.user.id, reviewed);
      await completeLessons(t, session.user.id, [lesson.id]);
      await as(session)
        .post(reviewsOf(reviewed.id), { ...REVIEW, stars: given })
        .expect(201);
    }
    const shown = (await as(null).get(`/api/fitness_programs/get_programme/${first.id}/`).expect(200)).body;
    expect(shown).toMatchObject({ id: first.id, rating: { average: 4.5, count: 2 } });
    const listed = (
      await as(null).get(`/api/fitness_programs/get_trainer_programme/${other.trainer.id}/`).expect(200)
    ).body as { id: number; rating: unknown }[];
    expect(listed.find((item) => item.id === second.id)?.rating).toEqual({ average: 2, count: 1 });
    // 11 stars over 3 reviews: 3.7, not the 3.3 a mean of the programmes' means would give.
    expect((await as(null).get(trainerPath).expect(200)).body).toMatchObject({
      rating: 3.7,
      review_count: 3,
    });
  });

  it('lets the author edit and delete, nobody else; the standing follows', async () => {
    const author = await member(3);
    const review = (
      await as(author)
        .post(reviewsOf(), { ...REVIEW, stars: 1 })
        .expect(201)
    ).body as ReviewResponse;
    const before = await standingOf(program.id);
    const edited = await as(author).put(`/api/reviews/${review.id}/`, {
      ...REVIEW,
      stars: 3,
      text: 'Better later.',
    });
    expect(edited.status).toBe(200);
    expect(edited.body).toMatchObject({ stars: 3, text: 'Better later.' });
    expect(await standingOf(program.id)).toEqual({ count: before.count, stars: before.stars + 2 });
    const other = await member(3);
    await as(other)
      .put(`/api/reviews/${review.id}/`, REVIEW)
      .expect(404, refusal(404, REVIEW_MESSAGES.notFound));
    await as(other).delete(`/api/reviews/${review.id}/`).expect(404);
    await as(author).delete(`/api/reviews/${review.id}/`).expect(204);
    expect(await standingOf(program.id)).toEqual({ count: before.count - 1, stars: before.stars - 1 });
  });

  it('lets the trainer answer once, counts helpful votes once, and sorts by them', async () => {
    const list = (await as(null).get(reviewsOf()).expect(200)).body as ReviewListResponse;
    const [newest, older] = list.results;
    const answered = await as(coach.session)
      .post(`/api/reviews/${older!.id}/answer/`, { text: 'Thank you!' })
      .expect(201);
    expect(answered.body.answer).toEqual({ text: 'Thank you!', answered_at: expect.any(String) });
    await as(coach.session)
      .post(`/api/reviews/${older!.id}/answer/`, { text: 'Again' })
      .expect(409, refusal(409, REVIEW_MESSAGES.answered));
    const rival = await createTrainer(t);
    await as(rival.session)
      .post(`/api/reviews/${newest!.id}/answer/`, { text: 'Mine is better' })
      .expect(403, refusal(403, REVIEW_MESSAGES.notTrainer));

    const reader = await createSession(t);
    for (let i = 0; i < 2; i += 1) {
      await as(reader).post(`/api/reviews/${older!.id}/helpful/`).expect(201, { helpful_count: 1 });
    }
    await as(coach.session).post(`/api/reviews/${older!.id}/helpful/`).expect(201, { helpful_count: 2 });
    const helpful = (await as(null).get(`${reviewsOf()}?sort=helpful&page_size=1`).expect(200))
      .body as ReviewListResponse;
    expect(helpful.results.map((review) => review.id)).toEqual([older!.id]);
    expect(helpful.page_size).toBe(1);
  });

  it('takes reports; a superuser hides a review out of the list and standing, with an audit entry', async () => {
    const list = (await as(null).get(reviewsOf()).expect(200)).body as ReviewListResponse;
    const target = list.results[0]!;
    const author = target.author.id;
    const reporter = await createSession(t);
    await as(reporter)
      .post(`/api/reviews/${target.id}/reports/`, { reason: 'Advertises another site' })
      .expect(201);
    await as(reporter)
      .post(`/api/reviews/${target.id}/reports/`, { reason: 'Again' })
      .expect(409, refusal(409, REVIEW_MESSAGES.reported));
    await as(reporter).post(`/api/reviews/${target.id}/reports/`, { reason: ' ' }).expect(400);
    expect(author).not.toBe(reporter.user.id);

    const admin = await createSession(t, { superuser: true });
    const queue = (await as(admin).get('/api/admin/reviews/reports/').expect(200))
      .body as ReviewReportResponse[];
    expect(queue).toEqual([
      expect.objectContaining({
        reason: 'Advertises another site',
        review: expect.objectContaining({ id: target.id, hidden: false }),
      }),
    ]);
    await as(reporter).get('/api/admin/reviews/reports/').expect(403);
    await as(reporter).put(`/api/admin/reviews/${target.id}/hidden/`, { reason: 'Spam' }).expect(403);

    const before = await standingOf(program.id);
    const hidden = await as(admin)
      .put(`/api/admin/reviews/${target.id}/hidden/`, { reason: 'Spam' })
      .expect(200);
    expect(hidden.body).toMatchObject({ id: target.id, hidden: true });
    expect(await standingOf(program.id)).toEqual({
      count: before.count - 1,
      stars: before.stars - target.stars,
    });
    const after = (await as(null).get(reviewsOf()).expect(200)).body as ReviewListResponse;
    expect(after.results.map((review) => review.id)).not.toContain(target.id);
    expect((await as(admin).get('/api/admin/reviews/reports/').expect(200)).body).toEqual([]);
    await as(reporter).post(`/api/reviews/${target.id}/helpful/`).expect(404);
    const audit = (await as(admin).get('/api/admin/audit/?action=hide_review').expect(200))
      .body as AuditEntryResponse[];
    expect(audit[0]).toMatchObject({
      action: 'hide_review',
      target: { type: 'review', id: target.id },
      reason: 'Spam',
    });

    // Hiding it again changes nothing and audits nothing; the hidden list shows it with the reason.
    await as(admin).put(`/api/admin/reviews/${target.id}/hidden/`, { reason: 'Spam again' }).expect(200);
    const hides = (await as(admin).get('/api/admin/audit/?action=hide_review').expect(200))
      .body as AuditEntryResponse[];
    expect(hides.filter((entry) => entry.target?.id === target.id)).toHaveLength(1);
    const hiddenList = await as(admin).get('/api/admin/reviews/hidden/').expect(200);
    expect(hiddenList.body).toEqual([
      expect.objectContaining({ id: target.id, hidden: true, hidden_reason: 'Spam' }),
    ]);
    expect(hiddenList.headers['x-total-count']).toBe('1');
    await as(reporter).get('/api/admin/reviews/hidden/').expect(403);

    await as(admin).delete(`/api/admin/reviews/${target.id}/hidden/`).expect(200);
    expect(await standingOf(program.id)).toEqual(before);
    expect((await as(admin).get('/api/admin/reviews/hidden/').expect(200)).body).toEqual([]);
    await as(admin).delete(`/api/admin/reviews/${target.id}/hidden/`).expect(200);
    const shows = (await as(admin).get('/api/admin/audit/?action=show_review').expect(200))
      .body as AuditEntryResponse[];
    expect(shows.filter((entry) => entry.target?.id === target.id)).toHaveLength(1);
    await as(admin)
      .delete('/api/admin/reviews/reports/999999/')
      .expect(404, refusal(404, REVIEW_MESSAGES.reportNotFound));
  });

  it('exports a member’s reviews, and takes them, their votes and their standing back when the account is deleted', async () => {
    const leaving = await member(4);
    const review = (
      await as(leaving)
        .post(reviewsOf(), { ...REVIEW, stars: 2 })
        .expect(201)
    ).body as ReviewResponse;
    const list = (await as(null).get(reviewsOf()).expect(200)).body as ReviewListResponse;
    const voted = list.results.find((other) => other.id !== review.id)!;
    await as(leaving)
      .post(`/api/reviews/${voted.id}/helpful/`)
      .expect(201, { helpful_count: voted.helpful_count + 1 });
    const exported = (await as(leaving).get('/api/users/me/export/').expect(200)).body as AccountExport;
    expect(exported.reviews).toEqual([
      expect.objectContaining({ id: review.id, program: { id: program.id, name: program.name }, stars: 2 }),
    ]);
    const before = await standingOf(program.id);
    await as(leaving).deleteWith('/api/users/me/', { password: TEST_PASSWORD }).expect(204);
    expect(await standingOf(program.id)).toEqual({ count: before.count - 1, stars: before.stars - 2 });
    const after = (await as(null).get(reviewsOf()).expect(200)).body as ReviewListResponse;
    expect(after.results.map((other) => other.id)).not.toContain(review.id);
    expect(after.results.find((other) => other.id === voted.id)?.helpful_count).toBe(voted.helpful_count);
  });
});
