// Over 300 lines on purpose: the whole access matrix (every viewer × every resource) in one table-driven file,
// so that a rule is read, and changed, in one place.
import { beforeAll, describe, expect, it } from '@jest/globals';
import { PUSH_MESSAGES, SCHEDULE_MESSAGES, SUBSCRIPTION_MESSAGES } from '@fitcoach/contracts';
import type { OpenAPIObject } from '@nestjs/swagger';
import type { Test } from 'supertest';
import { DataSource } from 'typeorm';
import { LessonEntity } from '../../api/src/modules/lessons/lesson.entity.js';
import { ProgramEntity } from '../../api/src/modules/programs/program.entity.js';
import { LessonCompletionEntity } from '../../api/src/modules/subscriptions/lesson-completion.entity.js';
import { SubscriptionEntity } from '../../api/src/modules/subscriptions/subscription.entity.js';
import { TrainerEntity } from '../../api/src/modules/trainers/trainer.entity.js';
import { ProfileEntity } from '../../api/src/modules/users/profile.entity.js';
import { UserEntity } from '../../api/src/modules/users/user.entity.js';
import { type TestApp, useTestApp } from '../fixtures/app.js';
import { createLesson, createProgram, createTrainer } from '../fixtures/catalogue.js';
import { browserSubscription } from '../fixtures/push-service.js';
import { noRoute, REFUSED, refusal } from '../fixtures/refusals.js';
import { subscribe } from '../fixtures/subscriptions.js';
import { createSession, type Session } from '../fixtures/users.js';
import { AnswerRecorder } from './support/answers.js';

/*
 * Every authorisation rule tried with each viewer that matters. The fixtures are made once: no row changes
 * state (the rows that would, a superuser's block or publication, are tested in their own files; here only
 * their refusals are). A row's expectation is a status and either the exact refusal body or a check of what
 * the viewer may see, so a 404 of a missing route never passes for a hidden record's.
 */

type Viewer =
  'anonymous' | 'member' | 'subscriber' | 'other trainer' | 'owner trainer' | 'superuser' | 'blocked user';

interface Row {
  viewer: Viewer;
  status: number;
  /** The exact body of a refusal, or a check of an answer's body. */
  body: object | ((body: unknown) => void);
}

const t = useTestApp();
/** Every answer the matrix sees, held against the OpenAPI document at the end of the file. */
const answers = new AnswerRecorder();
const sessions = {} as Record<Exclude<Viewer, 'anonymous'>, Session>;
let ownerTrainer: TrainerEntity;
let blockedTrainer: TrainerEntity;
let published: ProgramEntity;
let draft: ProgramEntity;
let publishedLesson: LessonEntity;
let blockedTrainersProgram: ProgramEntity;
let target: UserEntity;
let subscriptionId: number;

beforeAll(async () => {
  const dataSource = t.app.get(DataSource);
  sessions.member = await createSession(t);
  sessions.superuser = await createSession(t, { superuser: true });
  sessions['other trainer'] = (await createTrainer(t)).session;
  const owner = await createTrainer(t, { phone: '5550002222' });
  ownerTrainer = owner.trainer;
  sessions['owner trainer'] = owner.session;
  // Blocked after logging in: the token is still genuine, the account is what refuses it.
  sessions['blocked user'] = await createSession(t);
  await dataSource
    .getRepository(UserEntity)
    .update({ id: sessions['blocked user'].user.id }, { blocked: true });
  blockedTrainer = (await createTrainer(t, { account: { blocked: true } })).trainer;
  blockedTrainersProgram = await createProgram(t, blockedTrainer, {
    name: 'Matrix blocked',
    isPublished: true,
  });
  await createLesson(t, blockedTrainersProgram);

  published = await createProgram(t, ownerTrainer, { name: 'Matrix published', isPublished: true });
  draft = await createProgram(t, ownerTrainer, { name: 'Matrix draft' });
  publishedLesson = await createLesson(t, published);
  await createLesson(t, draft);

  // An active subscriber of the published programme (paid by a test payment).
  sessions.subscriber = await createSession(t, { firstName: 'Sue', lastName: 'Scriber' });
  subscriptionId = (await subscribe(t, sessions.subscriber.user.id, published)).subscription.id;
  target = sessions.member.user;
  for (const [user, height] of [
    [sessions.subscriber.user, 165],
    [target, 180],
    [sessions['owner trainer'].user, 175],
  ] as const) {
    await dataSource.getRepository(ProfileEntity).update({ userId: user.id }, { height });
    heights.set(user.id, height);
  }
});

function as(viewer: Viewer, request: (http: ReturnType<TestApp['http']>) => Test): Test {
  const req = request(t.http());
  return viewer === 'anonymous' ? req : req.set('Authorization', sessions[viewer].bearer);
}

/** One `it` per row, named after the viewer and the expected answer. */
function matrix(request: () => (http: ReturnType<TestApp['http']>) => Test, rows: Row[]) {
  it.each(rows.map((row) => ({ ...row, name: `${row.viewer}: ${row.status}` })))(
    '$name',
    async ({ viewer, status, body }) => {
      const res = await as(viewer, request());
      answers.record(res);
      expect({ status: res.status, body: typeof body === 'function' ? 'checked' : res.body }).toEqual({
        status,
        body: typeof body === 'function' ? 'checked' : body,
      });
      if (typeof body === 'function') body(res.body);
    },
  );
}

/** The same refusal or check for several viewers. */
const rowsFor = (viewers: Viewer[], status: number, body: Row['body']): Row[] =>
  viewers.map((viewer) => ({ viewer, status, body }));

const signedIn: Viewer[] = ['member', 'other trainer', 'owner trainer', 'superuser'];
const nonSuperusers: Viewer[] = ['member', 'other trainer', 'owner trainer'];
const nonTrainers: Viewer[] = ['member', 'superuser'];
const anonymousRow: Row = { viewer: 'anonymous', status: 401, body: REFUSED.notAuthenticated };
const blockedRow: Row = { viewer: 'blocked user', status: 403, body: REFUSED.blocked };

const get = (path: () => string) => () => (http: ReturnType<TestApp['http']>) => http.get(path());

/** Body stats the fixtures give the accounts whose records are read. */
const heights = new Map<number, number>();

/**
 * A check of an account as getUserById shows it: everything to the account itself and superusers (`self`), the
 * e-mail and body stats also to its trainer (`coach`), the name and picture only to a subscriber (`contact`).
 */
const account = (user: () => UserEntity, seen: 'self' | 'coach' | 'contact') => (body: unknown) => {
  const shown = seen !== 'contact';
  expect(body).toEqual({
    id: user().id,
    first_name: user().firstName,
    last_name: user().lastName,
    email: shown ? user().email : null,
    profile_picture: null,
    is_trainer: seen === 'self' ? user().isTrainer : null,
    is_superuser: seen === 'self' ? false : null,
    blocked: seen === 'self' ? false : null,
    profile: {
      height: shown ? (heights.get(user().id) ?? null) : null,
      weight: null,
      body_fat: null,
      age: null,
      phone: null,
    },
  });
};

const trainerRecord = (phoneShown: boolean) => (body: unknown) => {
  expect(body).toMatchObject({ id: ownerTrainer.id, phone: phoneShown ? '5550002222' : null });
};

/** A programme as its viewer gets it: `publish_requested` only for its trainer and superusers. */
const program = (name: string, ownView: boolean) => (body: unknown) => {
  expect(body).toMatchObject({ program_name: name });
  expect(Object.keys(body as object).includes('publish_requested')).toBe(ownView);
};

const programNames = (names: string[]) => (body: unknown) => {
  expect((body as { program_name: string }[]).map((p) => p.program_name).sort()).toEqual(names);
};

/** Lessons as their viewer gets them: the video only for the programme's trainer, superusers and subscribers. */
const lessons = (videoShown: boolean) => (body: unknown) => {
  expect(body).toEqual([
    expect.objectContaining({
      id: publishedLesson.id,
      video_url: videoShown ? publishedLesson.videoUrl : null,
      video_id: videoShown ? publishedLesson.videoId : null,
    }),
  ]);
};

describe('users', () => {
  describe('GET /api/users/getUserById/{id}/ of a member (the member and superusers only)', () => {
    matrix(
      get(() => `/api/users/getUserById/${target.id}/`),
      [
        anonymousRow,
        ...rowsFor(['other trainer', 'owner trainer', 'subscriber'], 404, REFUSED.userNotFound),
        ...rowsFor(
          ['member', 'superuser'],
          200,
          account(() => target, 'self'),
        ),
        blockedRow,
      ],
    );
  });

  describe('GET /api/users/getUserById/{id}/ of a trainer (their subscribers see name and picture)', () => {
    matrix(
      get(() => `/api/users/getUserById/${sessions['owner trainer'].user.id}/`),
      [
        anonymousRow,
        ...rowsFor(['member', 'other trainer'], 404, REFUSED.userNotFound),
        { viewer: 'subscriber', status: 200, body: account(() => sessions['owner trainer'].user, 'contact') },
        ...rowsFor(
          ['owner trainer', 'superuser'],
          200,
          account(() => sessions['owner trainer'].user, 'self'),
        ),
        blockedRow,
      ],
    );
  });

  describe("GET /api/users/getUserById/{id}/ of a subscriber (the programme's trainer sees e-mail and stats)", () => {
    matrix(
      get(() => `/api/users/getUserById/${sessions.subscriber.user.id}/`),
      [
        anonymousRow,
        ...rowsFor(['member', 'other trainer'], 404, REFUSED.userNotFound),
        { viewer: 'owner trainer', status: 200, body: account(() => sessions.subscriber.user, 'coach') },
        ...rowsFor(
          ['subscriber', 'superuser'],
          200,
          account(() => sessions.subscriber.user, 'self'),
        ),
        blockedRow,
      ],
    );
  });

  describe('GET /api/users/getUserById/{unknown and malformed id}/', () => {
    matrix(
      get(() => '/api/users/getUserById/999999999/'),
      [{ viewer: 'member', status: 404, body: REFUSED.userNotFound }],
    );
    matrix(
      get(() => '/api/users/getUserById/abc/'),
      [{ viewer: 'member', status: 404, body: REFUSED.malformedId }],
    );
    matrix(
      get(() => '/api/users/getUserByld/1/'),
      [{ viewer: 'member', status: 404, body: noRoute('GET', '/api/users/getUserByld/1/') }],
    );
  });

  describe('PUT /api/users/updateUser/ naming another user', () => {
    matrix(
      () => (http) =>
        http.put('/api/users/updateUser/').field('id', String(sessions['owner trainer'].user.id)),
      [anonymousRow, ...rowsFor(['member', 'superuser'], 403, REFUSED.notOwnProfile), blockedRow],
    );
  });

  describe('GET /api/users/notification_settings/ (every signed-in account: its own)', () => {
    matrix(
      get(() => '/api/users/notification_settings/'),
      [
        anonymousRow,
        ...rowsFor([...signedIn, 'subscriber'], 200, {
          reminder_emails: true,
          push_reminders: true,
          push_chat: true,
        }),
        blockedRow,
      ],
    );
  });

  describe('PUT /api/users/notification_settings/ (refusals only)', () => {
    matrix(
      () => (http) => http.put('/api/users/notification_settings/').send({ reminder_emails: false }),
      [anonymousRow, blockedRow],
    );
  });

  describe("POST /api/users/notification_settings/unsubscribe/ (the link's token is the credential)", () => {
    matrix(
      () => (http) =>
        http.post('/api/users/notification_settings/unsubscribe/').send({ token: `${target.id}.forged` }),
      rowsFor(['anonymous', 'member'], 400, {
        statusCode: 400,
        message: 'This unsubscribe link is not valid.',
      }),
    );
  });

  // The superusers' counts and lists of accounts and trainers.
  for (const path of [
    '/api/users/getUserCount/',
    '/api/users/getAllUsers/',
    '/api/users/getLoggedInUsers/',
    '/api/trainers/getTrainerCount/',
    '/api/trainers/getAllTrainers/',
    '/api/trainers/getLoggedInTrainers/',
  ]) {
    describe(`GET ${path} (superusers)`, () => {
      matrix(
        get(() => path),
        [
          anonymousRow,
          ...rowsFor(nonSuperusers, 403, REFUSED.forbidden),
          { viewer: 'superuser', status: 200, body: (body) => expect(Array.isArray(body)).toBe(true) },
          blockedRow,
        ],
      );
    });
  }

  describe('GET /api/users/changeUserAccess/{id}/ (superusers; refusals only)', () => {
    matrix(
      get(() => `/api/users/changeUserAccess/${target.id}/`),
      [anonymousRow, ...rowsFor(nonSuperusers, 403, REFUSED.forbidden), blockedRow],
    );
    matrix(
      get(() => `/api/users/changeUserAccess/${sessions.superuser.user.id}/`),
      [{ viewer: 'superuser', status: 409, body: REFUSED.blockSelf }],
    );
    matrix(
      get(() => '/api/users/changeUserAccess/999999999/'),
      [{ viewer: 'superuser', status: 404, body: REFUSED.userNotFound }],
    );
  });
});

describe('trainers', () => {
  describe('GET /api/trainers/getTrainer/ (trainers: their own record)', () => {
    matrix(
      get(() => '/api/trainers/getTrainer/'),
      [
        anonymousRow,
        ...rowsFor(nonTrainers, 403, REFUSED.forbidden),
        {
          viewer: 'owner trainer',
          status: 200,
          body: (body) => expect(body).toMatchObject({ data: { id: ownerTrainer.id, phone: '5550002222' } }),
        },
        blockedRow,
      ],
    );
  });

  describe('GET /api/trainers/retrieveTrainer/{id}/ (phone for the trainer and superusers only)', () => {
    matrix(
      get(() => `/api/trainers/retrieveTrainer/${ownerTrainer.id}/`),
      [
        ...rowsFor(['anonymous', 'member', 'other trainer'], 200, trainerRecord(false)),
        ...rowsFor(['owner trainer', 'superuser'], 200, trainerRecord(true)),
        blockedRow,
      ],
    );
  });

  describe('GET /api/trainers/retrieveTrainer/{id}/ of a blocked trainer (gone for everyone)', () => {
    matrix(
      get(() => `/api/trainers/retrieveTrainer/${blockedTrainer.id}/`),
      [...rowsFor(['anonymous', ...signedIn], 404, REFUSED.trainerNotFound)],
    );
  });

  describe('POST /api/trainers/TrainerProfileCreation/ (refusals only)', () => {
    matrix(
      () => (http) =>
        http
          .post('/api/trainers/TrainerProfileCreation/')
          .field('specalized', 'Yoga')
          .field('experience_years', '3')
          .field('country', 'India')
          .field('phone', '9876543210'),
      [
        anonymousRow,
        { viewer: 'superuser', status: 403, body: REFUSED.superuserTrainer },
        ...rowsFor(['other trainer', 'owner trainer'], 409, REFUSED.alreadyTrainer),
        blockedRow,
      ],
    );
  });
});

describe('programmes', () => {
  describe('GET /api/fitness_programs/get_programme/{id}/ of a published programme', () => {
    matrix(
      get(() => `/api/fitness_programs/get_programme/${published.id}/`),
      [
        ...rowsFor(['anonymous', 'member', 'other trainer'], 200, program('Matrix published', false)),
        ...rowsFor(['owner trainer', 'superuser'], 200, program('Matrix published', true)),
        blockedRow,
      ],
    );
  });

  describe('GET /api/fitness_programs/get_programme/{id}/ of an unpublished programme', () => {
    matrix(
      get(() => `/api/fitness_programs/get_programme/${draft.id}/`),
      [
        ...rowsFor(['anonymous', 'member', 'other trainer'], 404, REFUSED.programNotFound),
        ...rowsFor(['owner trainer', 'superuser'], 200, program('Matrix draft', true)),
        blockedRow,
      ],
    );
  });

  describe('GET /api/fitness_programs/get_programme/{id}/ of a blocked trainer (superusers only)', () => {
    matrix(
      get(() => `/api/fitness_programs/get_programme/${blockedTrainersProgram.id}/`),
      [
        ...rowsFor(['anonymous', ...nonSuperusers], 404, REFUSED.programNotFound),
        { viewer: 'superuser', status: 200, body: program('Matrix blocked', true) },
        blockedRow,
      ],
    );
  });

  describe('GET /api/fitness_programs/get_trainer_programme/{trainerId}/', () => {
    matrix(
      get(() => `/api/fitness_programs/get_trainer_programme/${ownerTrainer.id}/`),
      [
        ...rowsFor(['anonymous', 'member', 'other trainer'], 200, programNames(['Matrix published'])),
        ...rowsFor(['owner trainer', 'superuser'], 200, programNames(['Matrix draft', 'Matrix published'])),
        blockedRow,
      ],
    );
    matrix(
      get(() => `/api/fitness_programs/get_trainer_programme/${blockedTrainer.id}/`),
      [
        ...rowsFor(['anonymous', ...nonSuperusers], 404, REFUSED.programTrainerNotFound),
        { viewer: 'superuser', status: 200, body: programNames(['Matrix blocked']) },
      ],
    );
  });

  describe('PUT /api/fitness_programs/update/{id}/ (the programme’s trainer)', () => {
    matrix(
      () => (http) => http.put(`/api/fitness_programs/update/${published.id}/`).field('duration', '30'),
      [
        anonymousRow,
        ...rowsFor(nonTrainers, 403, REFUSED.forbidden),
        { viewer: 'other trainer', status: 403, body: REFUSED.notProgramOwner },
        // The same duration: nothing changes, and the programme stays published.
        {
          viewer: 'owner trainer',
          status: 200,
          body: { message: 'Programme updated', back_to_review: false },
        },
        blockedRow,
      ],
    );
    matrix(
      () => (http) => http.put('/api/fitness_programs/update/999999999/').field('duration', '30'),
      [{ viewer: 'owner trainer', status: 404, body: REFUSED.programNotFound }],
    );
  });

  describe('GET /api/fitness_programs/publishRequest/{id}/ (the programme’s trainer; refusals only)', () => {
    matrix(
      get(() => `/api/fitness_programs/publishRequest/${draft.id}/`),
      [
        anonymousRow,
        ...rowsFor(nonTrainers, 403, REFUSED.forbidden),
        { viewer: 'other trainer', status: 403, body: REFUSED.notProgramOwner },
        blockedRow,
      ],
    );
  });

  for (const path of ['publishprogram', 'changePublishStatus']) {
    describe(`GET /api/fitness_programs/${path}/{id}/ (superusers; refusals only)`, () => {
      matrix(
        get(() => `/api/fitness_programs/${path}/${draft.id}/`),
        [anonymousRow, ...rowsFor(nonSuperusers, 403, REFUSED.forbidden), blockedRow],
      );
      matrix(
        get(() => `/api/fitness_programs/${path}/999999999/`),
        [{ viewer: 'superuser', status: 404, body: REFUSED.programNotFound }],
      );
    });
  }

  for (const path of ['getPublishRequests', 'retrive_all_programs', 'getProgramCount']) {
    describe(`GET /api/fitness_programs/${path}/ (superusers)`, () => {
      matrix(
        get(() => `/api/fitness_programs/${path}/`),
        [
          anonymousRow,
          ...rowsFor(nonSuperusers, 403, REFUSED.forbidden),
          { viewer: 'superuser', status: 200, body: (body) => expect(Array.isArray(body)).toBe(true) },
          blockedRow,
        ],
      );
    });
  }

  describe('POST /api/fitness_programs/create/ (trainers; refusals only)', () => {
    matrix(
      () => (http) => http.post('/api/fitness_programs/create/').field('program_name', 'Refused'),
      [anonymousRow, ...rowsFor(nonTrainers, 403, REFUSED.forbidden), blockedRow],
    );
  });
});

describe('lessons', () => {
  describe('GET /api/fitness_programs/getLessons/{programId}/ of a published programme', () => {
    matrix(
      get(() => `/api/fitness_programs/getLessons/${published.id}/`),
      [
        ...rowsFor(['anonymous', 'member', 'other trainer'], 200, lessons(false)),
        ...rowsFor(['subscriber', 'owner trainer', 'superuser'], 200, lessons(true)),
        blockedRow,
      ],
    );
  });

  describe('GET /api/fitness_programs/getLessons/{programId}/ of an unpublished programme', () => {
    matrix(
      get(() => `/api/fitness_programs/getLessons/${draft.id}/`),
      [
        ...rowsFor(['anonymous', 'member', 'other trainer'], 404, REFUSED.programNotFound),
        ...rowsFor(['owner trainer', 'superuser'], 200, (body) => expect(body).toHaveLength(1)),
        blockedRow,
      ],
    );
  });

  describe('GET /api/fitness_programs/getLessons/{programId}/ of a blocked trainer (superusers only)', () => {
    matrix(
      get(() => `/api/fitness_programs/getLessons/${blockedTrainersProgram.id}/`),
      [
        ...rowsFor(['anonymous', ...nonSuperusers], 404, REFUSED.programNotFound),
        { viewer: 'superuser', status: 200, body: (body) => expect(body).toHaveLength(1) },
        blockedRow,
      ],
    );
  });

  describe('POST /api/fitness_programs/createLesson/{programId}/ (the programme’s trainer; refusals only)', () => {
    matrix(
      () => (http) =>
        http
          .post(`/api/fitness_programs/createLesson/${published.id}/`)
          .field('lesson_number', '99')
          .field('title', 'Refused')
          .field('video_url', 'https://www.youtube.com/watch?v=dQw4w9WgXcQ'),
      [
        anonymousRow,
        ...rowsFor(nonTrainers, 403, REFUSED.forbidden),
        { viewer: 'other trainer', status: 403, body: REFUSED.notProgramOwner },
        blockedRow,
      ],
    );
  });

  describe('DELETE /api/fitness_programs/DeleteLesson/{lessonId}/ (the programme’s trainer; refusals only)', () => {
    matrix(
      () => (http) => http.delete(`/api/fitness_programs/DeleteLesson/${publishedLesson.id}/`),
      [
        anonymousRow,
        ...rowsFor(nonTrainers, 403, REFUSED.forbidden),
        { viewer: 'other trainer', status: 403, body: REFUSED.notProgramOwner },
        blockedRow,
      ],
    );
    matrix(
      () => (http) => http.delete('/api/fitness_programs/DeleteLesson/999999999/'),
      [{ viewer: 'owner trainer', status: 404, body: REFUSED.lessonNotFound }],
    );
  });

  it('left every lesson and programme as it was', async () => {
    const dataSource = t.app.get(DataSource);
    expect(await dataSource.getRepository(LessonEntity).countBy({ programId: published.id })).toBe(1);
    expect(await dataSource.getRepository(ProgramEntity).findOneByOrFail({ id: published.id })).toMatchObject(
      {
        name: 'Matrix published',
        isPublished: true,
        durationDays: 30,
      },
    );
    expect(await dataSource.getRepository(ProgramEntity).findOneByOrFail({ id: draft.id })).toMatchObject({
      isPublished: false,
    });
  });
});

describe('subscriptions and progress', () => {
  const followedNames = (names: string[]) => (body: unknown) => {
    const containers = body as { program: { program_name: string }[] }[];
    expect(containers.flatMap((c) => c.program.map((p) => p.program_name))).toEqual(names);
  };
  const subscriberEntries = (userIds: number[]) => (body: unknown) => {
    expect((body as { user: number }[]).map((entry) => entry.user)).toEqual(userIds);
  };

  describe('GET /api/users/followProgram/{programId}/ (never without a payment)', () => {
    matrix(
      get(() => `/api/users/followProgram/${published.id}/`),
      [
        anonymousRow,
        ...rowsFor(['member', 'other trainer', 'superuser'], 402, REFUSED.paymentRequired),
        {
          viewer: 'subscriber',
          status: 200,
          body: { message: SUBSCRIPTION_MESSAGES.alreadySubscribed },
        },
        { viewer: 'owner trainer', status: 403, body: REFUSED.ownProgram },
        blockedRow,
      ],
    );
    matrix(
      get(() => `/api/users/followProgram/${draft.id}/`),
      [...rowsFor(['member', 'subscriber', 'superuser'], 404, REFUSED.programNotFound)],
    );
  });

  describe('GET /api/users/unfollowProgram/{programId}/ (refusals only)', () => {
    matrix(
      get(() => `/api/users/unfollowProgram/${published.id}/`),
      [
        anonymousRow,
        ...rowsFor(['member', 'other trainer', 'owner trainer', 'superuser'], 404, REFUSED.notSubscribed),
        blockedRow,
      ],
    );
  });

  describe('GET /api/users/getFollowedPrograms/', () => {
    matrix(
      get(() => '/api/users/getFollowedPrograms/'),
      [
        anonymousRow,
        ...rowsFor(signedIn, 200, []),
        { viewer: 'subscriber', status: 200, body: followedNames(['Matrix published']) },
        blockedRow,
      ],
    );
  });

  describe("GET /api/users/streak/ (the caller's own)", () => {
    matrix(
      get(() => '/api/users/streak/'),
      [
        anonymousRow,
        ...rowsFor([...signedIn, 'subscriber'], 200, {
          current: 0,
          longest: 0,
          last_active_on: null,
          completed_today: false,
          timezone: 'UTC',
        }),
        blockedRow,
      ],
    );
  });

  describe('GET /api/users/getUserTrainers/', () => {
    matrix(
      get(() => '/api/users/getUserTrainers/'),
      [
        anonymousRow,
        ...rowsFor(signedIn, 200, []),
        {
          viewer: 'subscriber',
          status: 200,
          body: (body) =>
            expect(body).toEqual([expect.objectContaining({ id: ownerTrainer.id, phone: null })]),
        },
        blockedRow,
      ],
    );
  });

  for (const path of ['get_subscribers', 'getTrainerContacts']) {
    describe(`GET /api/trainers/${path}/ (trainers: their own subscribers)`, () => {
      matrix(
        get(() => `/api/trainers/${path}/`),
        [
          anonymousRow,
          ...rowsFor(['member', 'subscriber', 'superuser'], 403, REFUSED.forbidden),
          { viewer: 'other trainer', status: 200, body: [] },
          {
            viewer: 'owner trainer',
            status: 200,
            body: (body) =>
              path === 'get_subscribers'
                ? subscriberEntries([sessions.subscriber.user.id])(body)
                : expect(body).toEqual([expect.objectContaining({ id: sessions.subscriber.user.id })]),
          },
          blockedRow,
        ],
      );
    });
  }

  describe('GET /api/fitness_programs/updatelessonProgress/{lessonNumber}/ (refusals only)', () => {
    matrix(
      get(() => `/api/fitness_programs/updatelessonProgress/${published.id}-${publishedLesson.number}/`),
      [anonymousRow, ...rowsFor(signedIn, 403, REFUSED.lessonNotSubscribed), blockedRow],
    );
  });

  describe('GET /api/fitness_programs/getlessonProgress/{userId}/{programId}/ of the subscriber', () => {
    matrix(
      get(() => `/api/fitness_programs/getlessonProgress/${sessions.subscriber.user.id}/${published.id}/`),
      [
        anonymousRow,
        ...rowsFor(['member', 'other trainer'], 403, REFUSED.progressNotAllowed),
        ...rowsFor(['subscriber', 'owner trainer', 'superuser'], 200, (body) =>
          expect(body).toEqual({
            user: sessions.subscriber.user.id,
            program: published.id,
            progress_percentage: 0,
            completed_lessons: [],
            subscribed_on: expect.any(String),
          }),
        ),
        blockedRow,
      ],
    );
  });

  describe("GET /api/subscriptions/{id}/schedule/ (the subscription's member only)", () => {
    matrix(
      get(() => `/api/subscriptions/${subscriptionId}/schedule/`),
      [
        anonymousRow,
        ...rowsFor(signedIn, 404, refusal(404, SCHEDULE_MESSAGES.notFound)),
        {
          viewer: 'subscriber',
          status: 200,
          body: (body) => expect(body).toMatchObject({ subscription_id: subscriptionId, timezone: 'UTC' }),
        },
        blockedRow,
      ],
    );
  });

  describe("PUT /api/subscriptions/{id}/schedule/ (the subscription's member only; the schedule it has)", () => {
    const unchanged = () => ({
      start_date: new Date().toISOString().slice(0, 10),
      reminder_time: null,
      timezone: 'UTC',
    });
    matrix(
      () => (http) => http.put(`/api/subscriptions/${subscriptionId}/schedule/`).send(unchanged()),
      [
        anonymousRow,
        ...rowsFor(signedIn, 404, refusal(404, SCHEDULE_MESSAGES.notFound)),
        {
          viewer: 'subscriber',
          status: 200,
          body: (body) => expect(body).toMatchObject({ subscription_id: subscriptionId, ...unchanged() }),
        },
        blockedRow,
      ],
    );
  });

  describe('GET /api/fitness_programs/getPopularProgram/ (superusers)', () => {
    matrix(
      get(() => '/api/fitness_programs/getPopularProgram/'),
      [
        anonymousRow,
        ...rowsFor([...nonSuperusers, 'subscriber'], 403, REFUSED.forbidden),
        {
          viewer: 'superuser',
          status: 200,
          // The MySQL database of a jest worker outlives one file: other programmes may rank above this one.
          body: (body) => {
            expect((body as unknown[]).length).toBeLessThanOrEqual(5);
            expect(body).toEqual(
              (body as unknown[]).map(() => ({
                name: expect.any(String),
                followers: expect.any(Number),
                trainer: expect.any(String),
                sales: expect.any(Number),
                currency: expect.any(String),
              })),
            );
          },
        },
        blockedRow,
      ],
    );
  });

  it('left every subscription as it was, and marked no lesson', async () => {
    const dataSource = t.app.get(DataSource);
    expect(await dataSource.getRepository(SubscriptionEntity).findBy({ programId: published.id })).toEqual([
      expect.objectContaining({ userId: sessions.subscriber.user.id, status: 'active' }),
    ]);
    expect(
      await dataSource.getRepository(LessonCompletionEntity).countBy({ lessonId: publishedLesson.id }),
    ).toBe(0);
  });
});

describe('push', () => {
  const { endpoint, keys } = browserSubscription('https://push.example.com/access-matrix');
  const browser = { endpoint, keys };

  beforeAll(async () => {
    await t
      .http()
      .post('/api/push/subscriptions/')
      .set('Authorization', sessions.member.bearer)
      .send(browser)
      .expect(201);
  });

  describe('GET /api/push/config/ (anyone)', () => {
    matrix(
      get(() => '/api/push/config/'),
      (['anonymous', ...signedIn, 'subscriber', 'blocked user'] as Viewer[]).map((viewer) => ({
        viewer,
        status: 200,
        body: (body: unknown) => expect(body).toEqual({ public_key: expect.any(String) }),
      })),
    );
  });

  describe('POST /api/push/subscriptions/ (signed-in users; refusals only)', () => {
    matrix(() => (http) => http.post('/api/push/subscriptions/').send(browser), [anonymousRow, blockedRow]);
  });

  describe("DELETE /api/push/subscriptions/ of a member's subscription (the member; refusals only)", () => {
    matrix(
      () => (http) => http.delete('/api/push/subscriptions/').send({ endpoint: browser.endpoint }),
      [
        anonymousRow,
        ...rowsFor(
          ['subscriber', 'other trainer', 'owner trainer', 'superuser'],
          404,
          refusal(404, PUSH_MESSAGES.notFound),
        ),
        blockedRow,
      ],
    );
  });
});

describe('the OpenAPI document (GET /api/openapi.json)', () => {
  it('lists every status the matrix saw for its route', async () => {
    const document = await t.http().get('/api/openapi.json').expect(200);
    expect(answers.size).toBeGreaterThan(0);
    expect(answers.undocumented(document.body as OpenAPIObject)).toEqual([]);
  });
});
