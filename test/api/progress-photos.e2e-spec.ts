import { existsSync, readdirSync } from 'node:fs';
import { join } from 'node:path';
import { beforeAll, describe, expect, it } from '@jest/globals';
import {
  type AccountExport,
  type ProgressPhotoResponse,
  RECORD_MESSAGES,
  type SubscriberRecordResponse,
} from '@fitcoach/contracts';
import sharp from 'sharp';
import { DataSource } from 'typeorm';
import { addDays, localDate } from '../../api/src/common/time/local-time.js';
import type { ProgramEntity } from '../../api/src/modules/programs/program.entity.js';
import { ProgressPhotoEntity } from '../../api/src/modules/record/progress-photo.entity.js';
import { SubscriptionEntity } from '../../api/src/modules/subscriptions/subscription.entity.js';
import type { TrainerEntity } from '../../api/src/modules/trainers/trainer.entity.js';
import { useTestApp } from '../fixtures/app.js';
import { createProgram, createTrainer } from '../fixtures/catalogue.js';
import { cameraJpeg, plainImage } from '../fixtures/images.js';
import { fieldRefusal, REFUSED, refusal } from '../fixtures/refusals.js';
import { subscribe } from '../fixtures/subscriptions.js';
import { createSession, type Session, TEST_PASSWORD } from '../fixtures/users.js';

const t = useTestApp();
const today = localDate(new Date(), 'UTC');

function upload(session: Session | null, image: Buffer | null, fields: Record<string, string>) {
  let request = t.http().post('/api/users/photos/');
  if (session) request = request.set('Authorization', session.bearer);
  for (const [name, value] of Object.entries(fields)) request = request.field(name, value);
  return image ? request.attach('image', image, 'photo.jpg') : request;
}

function get(session: Session | null, path: string) {
  const request = t.http().get(path);
  return session ? request.set('Authorization', session.bearer) : request;
}

function photoFiles(): string[] {
  const dir = join(t.config.dataDir, 'private', 'photos');
  return existsSync(dir) ? readdirSync(dir).filter((name) => !name.startsWith('.')) : [];
}

async function storedRow(id: number) {
  return t.app.get(DataSource).getRepository(ProgressPhotoEntity).findOneBy({ id });
}

describe('progress photos', () => {
  let member: Session;

  beforeAll(async () => {
    member = await createSession(t);
  });

  it('stores a camera photo re-encoded without its EXIF, outside public media, for its member only', async () => {
    const res = await upload(member, await cameraJpeg(64, 48), { pose: 'front', taken_on: today }).expect(
      201,
    );
    const photo = res.body as ProgressPhotoResponse;
    expect(photo).toMatchObject({ taken_on: today, pose: 'front', width: 64, height: 48 });
    expect(photo.url).toMatch(new RegExp(`^/api/users/photos/${photo.id}/image/\\?v=\\d+$`));

    const image = await get(member, photo.url).expect(200);
    expect(image.headers['content-type']).toBe('image/webp');
    expect(image.headers['cache-control']).toBe('private, no-store');
    const served = await sharp(image.body as Buffer).metadata();
    expect(served).toMatchObject({ format: 'webp', width: 64, height: 48 });
    expect(served.exif).toBeUndefined();
    expect(served.xmp).toBeUndefined();

    const { file } = (await storedRow(photo.id))!;
    expect(existsSync(join(t.config.dataDir, 'private', file))).toBe(true);
    expect(existsSync(join(t.config.dataDir, 'media', file))).toBe(false);
    await t.http().get(`/media/${file}`).expect(404);
  });

  it('keeps one photo per day and pose: a second replaces the first (200) and its file', async () => {
    const day = addDays(today, -30);
    const first = (
      await upload(member, await plainImage(40, 60), { pose: 'side', taken_on: day }).expect(201)
    ).body as ProgressPhotoResponse;
    const before = photoFiles();
    const second = await upload(member, await plainImage(30, 60), { pose: 'side', taken_on: day }).expect(
      200,
    );
    expect(second.body).toMatchObject({ id: first.id, taken_on: day, pose: 'side', width: 30, height: 60 });
    expect(photoFiles()).toHaveLength(before.length);
    expect(photoFiles()).not.toEqual(before);
    await upload(member, await plainImage(40, 60), { pose: 'back', taken_on: day }).expect(201);

    const listed = (await get(member, '/api/users/photos/').expect(200)).body as ProgressPhotoResponse[];
    expect(listed.map((entry) => [entry.taken_on, entry.pose])).toEqual([
      [today, 'front'],
      [day, 'side'],
      [day, 'back'],
    ]);
  });

  it('refuses a missing or fake image, a bad pose or date, and stores nothing', async () => {
    const before = photoFiles();
    const count = ((await get(member, '/api/users/photos/').expect(200)).body as unknown[]).length;
    await upload(member, null, { pose: 'front' }).expect(
      400,
      fieldRefusal(400, 'image', 'image is required'),
    );
    await upload(member, Buffer.from('<svg xmlns="http://www.w3.org/2000/svg"/>'), { pose: 'front' }).expect(
      400,
      fieldRefusal(400, 'image', 'image must be a JPEG, PNG, WebP, GIF or AVIF image'),
    );
    await upload(member, await plainImage(10, 10), { pose: 'top' }).expect(
      400,
      fieldRefusal(400, 'pose', RECORD_MESSAGES.pose),
    );
    await upload(member, await plainImage(10, 10), { pose: 'front', taken_on: addDays(today, 1) }).expect(
      400,
      fieldRefusal(400, 'taken_on', RECORD_MESSAGES.date('taken_on')),
    );
    await upload(member, await plainImage(10, 10), { pose: 'front', taken_on: 'yesterday' }).expect(400);
    await upload(null, await plainImage(10, 10), { pose: 'front' }).expect(401, REFUSED.notAuthenticated);
    expect(photoFiles()).toEqual(before);
    expect((await get(member, '/api/users/photos/').expect(200)).body).toHaveLength(count);
  });

  it('answers 404 for another member’s photo, its image and its deletion', async () => {
    const [photo] = (await get(member, '/api/users/photos/').expect(200)).body as ProgressPhotoResponse[];
    const stranger = await createSession(t);
    await get(stranger, photo!.url).expect(404, refusal(404, RECORD_MESSAGES.photoNotFound));
    await get(stranger, '/api/users/photos/999999/image/').expect(404);
    await t
      .http()
      .delete(`/api/users/photos/${photo!.id}/`)
      .set('Authorization', stranger.bearer)
      .expect(404, refusal(404, RECORD_MESSAGES.photoNotFound));
    await get(null, photo!.url).expect(401);
    expect(await storedRow(photo!.id)).not.toBeNull();
  });

  it('deletes a photo with its file', async () => {
    const photo = (await upload(member, await plainImage(20, 20), { pose: 'back' }).expect(201))
      .body as ProgressPhotoResponse;
    const { file } = (await storedRow(photo.id))!;
    await t.http().delete(`/api/users/photos/${photo.id}/`).set('Authorization', member.bearer).expect(204);
    expect(await storedRow(photo.id)).toBeNull();
    expect(existsSync(join(t.config.dataDir, 'private', file))).toBe(false);
    await get(member, photo.url).expect(404);
  });

  it('lists the photos in the export, and erases them and their files with the account', async () => {
    const leaving = await createSession(t);
    const photo = (await upload(leaving, await plainImage(20, 20), { pose: 'front' }).expect(201))
      .body as ProgressPhotoResponse;
    const exported = (await get(leaving, '/api/users/me/export/').expect(200)).body as AccountExport;
    expect(exported.progress_photos).toEqual([photo]);
    const { file } = (await storedRow(photo.id))!;
    await t
      .http()
      .delete('/api/users/me/')
      .set('Authorization', leaving.bearer)
      .send({ password: TEST_PASSWORD })
      .expect(204);
    expect(await storedRow(photo.id)).toBeNull();
    expect(existsSync(join(t.config.dataDir, 'private', file))).toBe(false);
  });
});

describe('progress photos shared with a trainer', () => {
  let coach: { trainer: TrainerEntity; session: Session };
  let program: ProgramEntity;
  let member: Session;
  let photo: ProgressPhotoResponse;

  beforeAll(async () => {
    coach = await createTrainer(t);
    program = await createProgram(t, coach.trainer, { isPublished: true });
    member = await createSession(t);
    await subscribe(t, member.user.id, program);
    photo = (await upload(member, await plainImage(30, 40), { pose: 'front' }).expect(201)).body;
  });

  const recordOf = (session: Session) =>
    get(session, `/api/trainers/subscribers/${member.user.id}/record/`).expect(200);

  it('shows the trainer no photo until the member shares photos, then the photos and their images', async () => {
    expect(((await recordOf(coach.session)).body as SubscriberRecordResponse).photos).toBeNull();
    await get(coach.session, photo.url).expect(404, refusal(404, RECORD_MESSAGES.photoNotFound));

    await t
      .http()
      .put(`/api/users/record_sharing/${coach.trainer.id}/`)
      .set('Authorization', member.bearer)
      .send({ photos: true })
      .expect(200);
    const record = (await recordOf(coach.session)).body as SubscriberRecordResponse;
    expect(record.photos).toEqual([photo]);
    const image = await get(coach.session, photo.url).expect(200);
    expect(image.headers['cache-control']).toBe('private, no-store');
    expect((await sharp(image.body as Buffer).metadata()).width).toBe(30);

    const other = await createTrainer(t);
    await get(other.session, photo.url).expect(404);
  });

  it('hides the images again once the subscription has ended', async () => {
    await t.app
      .get(DataSource)
      .getRepository(SubscriptionEntity)
      .update(
        { userId: member.user.id, programId: program.id },
        { activeFlag: null, status: 'cancelled', endedAt: new Date() },
      );
    await get(coach.session, photo.url).expect(404);
    await get(member, photo.url).expect(200);
  });
});
