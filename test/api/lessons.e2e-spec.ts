// Over 300 lines on purpose: one file per resource holds every endpoint of it with its refusals, because each
// API e2e file boots an application of its own (seconds a file); describe blocks, not files, divide it.
import { existsSync } from 'node:fs';
import { join } from 'node:path';
import { beforeAll, describe, expect, it } from '@jest/globals';
import { CATALOGUE_MESSAGES, type LessonResponse } from '@fitcoach/contracts';
import { DataSource, type Repository } from 'typeorm';
import { LessonEntity } from '../../api/src/modules/lessons/lesson.entity.js';
import type { ProgramEntity } from '../../api/src/modules/programs/program.entity.js';
import type { TrainerEntity } from '../../api/src/modules/trainers/trainer.entity.js';
import { useTestApp } from '../fixtures/app.js';
import { createProgram, createTrainer } from '../fixtures/catalogue.js';
import { plainImage } from '../fixtures/images.js';
import { notAnImage, REFUSED } from '../fixtures/refusals.js';
import { createSession, type Session } from '../fixtures/users.js';

const t = useTestApp();
let lessons: Repository<LessonEntity>;
let owner: { trainer: TrainerEntity; session: Session };
let otherTrainer: { trainer: TrainerEntity; session: Session };
let member: Session;
let superuser: Session;

beforeAll(async () => {
  lessons = t.app.get(DataSource).getRepository(LessonEntity);
  owner = await createTrainer(t);
  otherTrainer = await createTrainer(t);
  member = await createSession(t);
  superuser = await createSession(t, { superuser: true });
});

const VIDEO = 'https://www.youtube.com/watch?v=dQw4w9WgXcQ';

function lessonForm(program: ProgramEntity, n: number, extra: Record<string, string> = {}) {
  return {
    title: `Lesson ${n}`,
    lesson_number: `${program.id}-${n}`,
    video_url: VIDEO,
    description: 'Warm up, then the main set.',
    ...extra,
  };
}

function postLesson(bearer: string | null, programId: number | string, fields: Record<string, string>) {
  const request = t.http().post(`/api/fitness_programs/createLesson/${programId}/`);
  if (bearer) request.set('Authorization', bearer);
  for (const [name, value] of Object.entries(fields)) request.field(name, value);
  return request;
}

async function insertLesson(
  program: ProgramEntity,
  number: number,
  fields: Partial<LessonEntity> = {},
): Promise<LessonEntity> {
  return lessons.save({
    programId: program.id,
    number,
    title: `Lesson ${number}`,
    description: null,
    videoUrl: VIDEO,
    videoId: 'dQw4w9WgXcQ',
    image: null,
    ...fields,
  });
}

const mediaFile = (path: string) => join(t.config.dataDir, path);

describe('POST /api/fitness_programs/createLesson/{programId}/', () => {
  it('requires authentication', async () => {
    const program = await createProgram(t, owner.trainer);
    await postLesson(null, program.id, lessonForm(program, 1)).expect(401, REFUSED.notAuthenticated);
    expect(await lessons.countBy({ programId: program.id })).toBe(0);
  });

  it('refuses a user who is not a trainer', async () => {
    const program = await createProgram(t, owner.trainer);
    await postLesson(member.bearer, program.id, lessonForm(program, 1)).expect(403, REFUSED.forbidden);
    expect(await lessons.countBy({ programId: program.id })).toBe(0);
  });

  it("refuses another trainer's programme with 403", async () => {
    const program = await createProgram(t, owner.trainer);
    await postLesson(otherTrainer.session.bearer, program.id, lessonForm(program, 1)).expect(
      403,
      REFUSED.notProgramOwner,
    );
    expect(await lessons.countBy({ programId: program.id })).toBe(0);
  });

  it('answers 404 for an unknown programme', async () => {
    const form = { title: 'A', lesson_number: '1', video_url: VIDEO };
    await postLesson(owner.session.bearer, 2_000_000_000, form).expect(404, REFUSED.programNotFound);
    await postLesson(owner.session.bearer, 'abc', form).expect(404, REFUSED.malformedId);
  });

  it('creates lessons numbered "{programId}-{n}" or n, storing the link as given and its video id', async () => {
    const program = await createProgram(t, owner.trainer);
    const first = await postLesson(owner.session.bearer, program.id, lessonForm(program, 1)).expect(201);
    expect(first.body).toEqual({ message: 'Lesson Added' });
    await postLesson(owner.session.bearer, program.id, {
      title: '  Second  ',
      lesson_number: '2',
      video_url: 'https://youtu.be/abcdefghijk?t=10',
    }).expect(201);
    const stored = await lessons.find({ where: { programId: program.id }, order: { number: 'ASC' } });
    expect(stored).toMatchObject([
      { number: 1, title: 'Lesson 1', videoUrl: VIDEO, videoId: 'dQw4w9WgXcQ', image: null },
      {
        number: 2,
        title: 'Second',
        description: null,
        videoUrl: 'https://youtu.be/abcdefghijk?t=10',
        videoId: 'abcdefghijk',
      },
    ]);
  });

  it("refuses a number prefixed with another programme's id, or that is not a lesson number", async () => {
    const program = await createProgram(t, owner.trainer);
    for (const number of [`${program.id + 1}-1`, 'abc', '0', `${program.id}-${program.id}-1`, '']) {
      const res = await postLesson(
        owner.session.bearer,
        program.id,
        lessonForm(program, 1, { lesson_number: number }),
      ).expect(400);
      expect(res.body.errors).toEqual([{ field: 'lesson_number', message: CATALOGUE_MESSAGES.lessonNumber }]);
      expect(res.body.lesson_number).toEqual([CATALOGUE_MESSAGES.lessonNumber]);
    }
    expect(await lessons.countBy({ programId: program.id })).toBe(0);
  });

  it('accepts YouTube links in every common form', async () => {
    const program = await createProgram(t, owner.trainer);
    const links = [
      'https://www.youtube.com/watch?v=aaaaaaaaaaa&t=42s',
      'https://youtube.com/watch?feature=share&v=bbbbbbbbbbb',
      'https://youtu.be/ccccccccccc',
      'https://www.youtube.com/shorts/ddddddddddd',
      'https://www.youtube.com/embed/eeeeeeeeeee',
      'https://m.youtube.com/watch?v=fffffffffff',
      'http://www.youtube.com/watch?v=g-g_g-g_g-g',
    ];
    for (const [index, link] of links.entries()) {
      await postLesson(
        owner.session.bearer,
        program.id,
        lessonForm(program, index + 1, { video_url: link }),
      ).expect(201);
    }
    const stored = await lessons.find({ where: { programId: program.id }, order: { number: 'ASC' } });
    expect(stored.map((lesson) => lesson.videoId)).toEqual([
      'aaaaaaaaaaa',
      'bbbbbbbbbbb',
      'ccccccccccc',
      'ddddddddddd',
      'eeeeeeeeeee',
      'fffffffffff',
      'g-g_g-g_g-g',
    ]);
    expect(stored.map((lesson) => lesson.videoUrl)).toEqual(links);
  });

  it('refuses anything but a YouTube link with the video_url field error', async () => {
    const program = await createProgram(t, owner.trainer);
    const links = [
      'https://vimeo.com/76979871',
      'javascript:alert(1)//youtube.com/watch?v=dQw4w9WgXcQ',
      'not a link at all',
      'https://www.youtube.com.evil.example/watch?v=dQw4w9WgXcQ',
      'https://www.youtube.com/watch?v=short',
      '',
    ];
    for (const link of links) {
      const res = await postLesson(
        owner.session.bearer,
        program.id,
        lessonForm(program, 1, { video_url: link }),
      ).expect(400);
      expect(res.body.video_url).toEqual([CATALOGUE_MESSAGES.videoUrl]);
      expect(res.body.errors).toEqual([{ field: 'video_url', message: CATALOGUE_MESSAGES.videoUrl }]);
    }
    expect(await lessons.countBy({ programId: program.id })).toBe(0);
  });

  it('refuses a number the programme already has', async () => {
    const program = await createProgram(t, owner.trainer);
    await insertLesson(program, 3);
    const res = await postLesson(owner.session.bearer, program.id, lessonForm(program, 3)).expect(400);
    expect(res.body.message).toBe('Lesson number already exists');
    expect(await lessons.countBy({ programId: program.id })).toBe(1);
  });

  it('lets the same number exist in two programmes', async () => {
    const first = await createProgram(t, owner.trainer);
    const second = await createProgram(t, owner.trainer);
    await insertLesson(first, 1);
    await postLesson(owner.session.bearer, second.id, lessonForm(second, 1)).expect(201);
  });

  it('lets exactly one of two simultaneous creates with the same number through', async () => {
    const program = await createProgram(t, owner.trainer);
    const answers = await Promise.all([
      postLesson(owner.session.bearer, program.id, lessonForm(program, 1, { title: 'A' })),
      postLesson(owner.session.bearer, program.id, lessonForm(program, 1, { title: 'B' })),
    ]);
    expect(answers.map((res) => res.status).sort()).toEqual([201, 400]);
    expect(answers.find((res) => res.status === 400)?.body.message).toBe('Lesson number already exists');
    expect(await lessons.countBy({ programId: program.id })).toBe(1);
  });

  it('stores an uploaded image as WebP', async () => {
    const program = await createProgram(t, owner.trainer);
    await postLesson(owner.session.bearer, program.id, lessonForm(program, 1))
      .attach('image', await plainImage(40, 30), 'lesson.png')
      .expect(201);
    const stored = await lessons.findOneByOrFail({ programId: program.id });
    expect(stored.image).toMatch(/^\/media\/lesson\/[0-9a-f]{32}\.webp$/);
    expect(existsSync(mediaFile(stored.image ?? ''))).toBe(true);
  });

  it('refuses a file that is not an image with the image field error, storing nothing', async () => {
    const program = await createProgram(t, owner.trainer);
    const res = await postLesson(owner.session.bearer, program.id, lessonForm(program, 1))
      .attach('image', Buffer.from('plain text'), 'lesson.png')
      .expect(400);
    const refusal = notAnImage('image');
    // The lesson form also lists each field's errors under its name, as the spec's client reads them.
    expect(res.body).toEqual({ ...refusal, image: [refusal.message] });
    expect(await lessons.countBy({ programId: program.id })).toBe(0);
  });

  describe('with id (edit)', () => {
    it('updates the lesson with 200, keeping the image when image is sent as a string', async () => {
      const program = await createProgram(t, owner.trainer);
      await postLesson(owner.session.bearer, program.id, lessonForm(program, 1))
        .attach('image', await plainImage(40, 30), 'lesson.png')
        .expect(201);
      const lesson = await lessons.findOneByOrFail({ programId: program.id });
      const res = await postLesson(
        owner.session.bearer,
        program.id,
        lessonForm(program, 4, {
          id: String(lesson.id),
          title: 'Renamed',
          video_url: 'https://youtu.be/zzzzzzzzzzz',
          image: lesson.image ?? '',
        }),
      ).expect(200);
      expect(res.body).toEqual({ message: 'Lesson updated successfully' });
      expect(await lessons.findOneByOrFail({ id: lesson.id })).toMatchObject({
        number: 4,
        title: 'Renamed',
        videoId: 'zzzzzzzzzzz',
        image: lesson.image,
      });
      expect(await lessons.countBy({ programId: program.id })).toBe(1);
    });

    it('replaces the image with a new file and removes the old one', async () => {
      const program = await createProgram(t, owner.trainer);
      await postLesson(owner.session.bearer, program.id, lessonForm(program, 1))
        .attach('image', await plainImage(40, 30), 'old.png')
        .expect(201);
      const before = await lessons.findOneByOrFail({ programId: program.id });
      await postLesson(owner.session.bearer, program.id, lessonForm(program, 1, { id: String(before.id) }))
        .attach('image', await plainImage(30, 40), 'new.png')
        .expect(200);
      const after = await lessons.findOneByOrFail({ id: before.id });
      expect(after.image).not.toBe(before.image);
      expect(existsSync(mediaFile(after.image ?? ''))).toBe(true);
      expect(existsSync(mediaFile(before.image ?? ''))).toBe(false);
    });

    it('refuses to take a number another lesson of the programme has', async () => {
      const program = await createProgram(t, owner.trainer);
      await insertLesson(program, 1);
      const second = await insertLesson(program, 2);
      const res = await postLesson(
        owner.session.bearer,
        program.id,
        lessonForm(program, 1, { id: String(second.id) }),
      ).expect(400);
      expect(res.body.message).toBe('Lesson number already exists');
      expect(await lessons.findOneByOrFail({ id: second.id })).toMatchObject({ number: 2 });
    });

    it("refuses another trainer's lesson with 403, changing nothing", async () => {
      const program = await createProgram(t, owner.trainer);
      const lesson = await insertLesson(program, 1, { title: 'Original' });
      await postLesson(
        otherTrainer.session.bearer,
        program.id,
        lessonForm(program, 1, { id: String(lesson.id), title: 'Hijacked' }),
      ).expect(403, REFUSED.notProgramOwner);
      const theirs = await createProgram(t, otherTrainer.trainer);
      await postLesson(
        otherTrainer.session.bearer,
        theirs.id,
        lessonForm(theirs, 1, { id: String(lesson.id), title: 'Hijacked' }),
      ).expect(404, REFUSED.lessonNotFound);
      expect(await lessons.findOneByOrFail({ id: lesson.id })).toMatchObject({
        programId: program.id,
        title: 'Original',
      });
    });

    it('answers 404 for a lesson of another programme or an unknown id', async () => {
      const program = await createProgram(t, owner.trainer);
      const elsewhere = await insertLesson(await createProgram(t, owner.trainer), 1, { title: 'Elsewhere' });
      for (const id of [String(elsewhere.id), '2000000000', '-1']) {
        await postLesson(owner.session.bearer, program.id, lessonForm(program, 1, { id })).expect(
          404,
          REFUSED.lessonNotFound,
        );
      }
      expect(await lessons.findOneByOrFail({ id: elsewhere.id })).toMatchObject({ title: 'Elsewhere' });
      expect(await lessons.countBy({ programId: program.id })).toBe(0);
    });
  });
});

describe('GET /api/fitness_programs/getLessons/{programId}/', () => {
  const getLessons = (programId: number | string, bearer?: string) => {
    const request = t.http().get(`/api/fitness_programs/getLessons/${programId}/`);
    return bearer ? request.set('Authorization', bearer) : request;
  };

  it('answers 404 for an unpublished programme to anyone but its owner and superusers', async () => {
    const program = await createProgram(t, owner.trainer, { isPublished: false });
    await insertLesson(program, 1);
    await getLessons(program.id).expect(404, REFUSED.programNotFound);
    await getLessons(program.id, member.bearer).expect(404, REFUSED.programNotFound);
    await getLessons(program.id, otherTrainer.session.bearer).expect(404, REFUSED.programNotFound);
    await getLessons(program.id, owner.session.bearer).expect(200);
    await getLessons(program.id, superuser.bearer).expect(200);
  });

  it('answers 404 for an unknown programme', async () => {
    await getLessons(2_000_000_000).expect(404, REFUSED.programNotFound);
    await getLessons('abc').expect(404, REFUSED.malformedId);
  });

  it('lists the lessons by number, 2 before 10, numbered "{programId}-{n}"', async () => {
    const program = await createProgram(t, owner.trainer, { isPublished: true });
    for (const n of [10, 2, 1]) await insertLesson(program, n);
    const res = await getLessons(program.id).expect(200);
    const body = res.body as LessonResponse[];
    expect(body.map((lesson) => lesson.number)).toEqual([1, 2, 10]);
    expect(body.map((lesson) => lesson.lesson_number)).toEqual([
      `${program.id}-1`,
      `${program.id}-2`,
      `${program.id}-10`,
    ]);
  });

  it('hides the video and the image from visitors, members and other trainers', async () => {
    const program = await createProgram(t, owner.trainer, { isPublished: true });
    const lesson = await insertLesson(program, 1, {
      description: 'Breathing',
      image: '/media/lesson/0123456789abcdef0123456789abcdef.webp',
    });
    const hidden: LessonResponse = {
      id: lesson.id,
      program: program.id,
      lesson_number: `${program.id}-1`,
      number: 1,
      title: 'Lesson 1',
      description: 'Breathing',
      video_url: null,
      video_id: null,
      image: null,
      unlocks_at: null,
    };
    for (const bearer of [undefined, member.bearer, otherTrainer.session.bearer]) {
      const res = await getLessons(program.id, bearer).expect(200);
      expect(res.body).toEqual([hidden]);
    }
    // A token that does not verify is refused rather than taken for a visitor's: its owner would renew it.
    await getLessons(program.id, 'Bearer not-a-token').expect(401, REFUSED.invalidToken);
  });

  it('shows the video and the image to the owner and superusers', async () => {
    const program = await createProgram(t, owner.trainer, { isPublished: true });
    const image = '/media/lesson/fedcba9876543210fedcba9876543210.webp';
    await insertLesson(program, 1, { image });
    for (const bearer of [owner.session.bearer, superuser.bearer]) {
      const res = await getLessons(program.id, bearer).expect(200);
      expect(res.body).toEqual([
        expect.objectContaining({ video_url: VIDEO, video_id: 'dQw4w9WgXcQ', image }),
      ]);
    }
  });
});

describe('DELETE /api/fitness_programs/DeleteLesson/{lessonId}/', () => {
  const deleteLesson = (lessonId: number | string, bearer?: string) => {
    const request = t.http().delete(`/api/fitness_programs/DeleteLesson/${lessonId}/`);
    return bearer ? request.set('Authorization', bearer) : request;
  };

  it('requires authentication', async () => {
    const lesson = await insertLesson(await createProgram(t, owner.trainer), 1);
    await deleteLesson(lesson.id).expect(401, REFUSED.notAuthenticated);
    expect(await lessons.existsBy({ id: lesson.id })).toBe(true);
  });

  it('refuses a user who is not a trainer, and another trainer, changing nothing', async () => {
    const lesson = await insertLesson(await createProgram(t, owner.trainer), 1);
    await deleteLesson(lesson.id, member.bearer).expect(403, REFUSED.forbidden);
    await deleteLesson(lesson.id, otherTrainer.session.bearer).expect(403, REFUSED.notProgramOwner);
    expect(await lessons.existsBy({ id: lesson.id })).toBe(true);
  });

  it('answers 404 for an unknown lesson', async () => {
    await deleteLesson(2_000_000_000, owner.session.bearer).expect(404, REFUSED.lessonNotFound);
    await deleteLesson('abc', owner.session.bearer).expect(404, REFUSED.malformedId);
  });

  it("deletes the owner's lesson with 204 and removes its image", async () => {
    const program = await createProgram(t, owner.trainer);
    await postLesson(owner.session.bearer, program.id, lessonForm(program, 1))
      .attach('image', await plainImage(40, 30), 'lesson.png')
      .expect(201);
    const lesson = await lessons.findOneByOrFail({ programId: program.id });
    const res = await deleteLesson(lesson.id, owner.session.bearer).expect(204);
    expect(res.text).toBe('');
    expect(await lessons.existsBy({ id: lesson.id })).toBe(false);
    expect(existsSync(mediaFile(lesson.image ?? ''))).toBe(false);
    await deleteLesson(lesson.id, owner.session.bearer).expect(404, REFUSED.lessonNotFound);
  });
});
