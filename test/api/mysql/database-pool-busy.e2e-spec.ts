import { beforeAll, describe, expect, it } from '@jest/globals';
import type { Pool } from 'mysql2';
import { DataSource, type QueryRunner } from 'typeorm';
import type { MysqlDriver } from 'typeorm/driver/mysql/MysqlDriver.js';
import { useTestApp } from '../../fixtures/app.js';
import { createLesson, createProgram, createTrainer } from '../../fixtures/catalogue.js';
import { subscribe } from '../../fixtures/subscriptions.js';
import { createSession, type Session } from '../../fixtures/users.js';

/*
 * The pool's default bounds when the database is busy for a moment, not away: each query of a request waits for a
 * connection on its own, and a member's progress asks for several at once, so a hundred such reads waiting behind a
 * pool whose connections are all taken (what a few dozen pages rendered at once ask for) must all be answered once
 * the connections are free, none refused for a full queue. Collected only when DATABASE_URL is set
 * (jest.config.js): SQLite has no pool.
 */

const POOL_SIZE = 10;
const READS = 100;

const t = useTestApp();
let member: Session;
let programId: number;

beforeAll(async () => {
  const { trainer } = await createTrainer(t);
  const program = await createProgram(t, trainer, { isPublished: true });
  for (let i = 0; i < 3; i += 1) await createLesson(t, program);
  member = await createSession(t);
  await subscribe(t, member.user.id, program);
  programId = program.id;
});

const progress = () =>
  t
    .http()
    .get(`/api/fitness_programs/getlessonProgress/${member.user.id}/${programId}/`)
    .set('Authorization', member.bearer);

describe('the API with its default database pool, every connection taken for a moment', () => {
  it('answers each of a hundred progress reads once the connections are free', async () => {
    await progress().expect(200);
    const dataSource = t.app.get(DataSource);
    const holders: QueryRunner[] = [];
    for (let i = 0; i < POOL_SIZE; i += 1) {
      const holder = dataSource.createQueryRunner();
      await holder.connect();
      holders.push(holder);
    }
    // The connections are freed once every read waits for one (mysql2's pool says 'enqueue' for each wait), or
    // once every read is answered, as they are when the queue refuses them.
    const pool = (dataSource.driver as MysqlDriver).pool as Pool;
    let waiting = 0;
    const allWaiting = new Promise<void>((resolve) => {
      pool.on('enqueue', () => {
        waiting += 1;
        if (waiting === READS) resolve();
      });
    });
    const answers = Array.from({ length: READS }, () => progress().then((res) => res.status));
    await Promise.race([allWaiting, Promise.all(answers)]);
    await Promise.all(holders.map((holder) => holder.release()));
    const statuses = await Promise.all(answers);
    expect(statuses.filter((status) => status !== 200)).toEqual([]);
  });
});
