import { randomUUID } from 'node:crypto';
import { setTimeout as delay } from 'node:timers/promises';
import { describe, expect, it, jest } from '@jest/globals';
import { DataSource } from 'typeorm';
import { ProgramEntity } from '../../api/src/modules/programs/program.entity.js';
import { ProgramsService } from '../../api/src/modules/programs/programs.service.js';
import { useTestApp } from '../fixtures/app.js';
import { createProgram, createTrainer } from '../fixtures/catalogue.js';

/*
 * A remembered public answer past PUBLIC_CACHE_MS (docs/decisions/038-stale-answers-while-one-renders.md): one
 * request renders it again while the visitors who come meanwhile get the answer as it was, instead of each of them
 * rendering the same page; a write through the app still shows on the very next request.
 */

const CACHE_MS = 300;
const t = useTestApp({ env: { PUBLIC_CACHE_MS: String(CACHE_MS) } });

const names = (body: { program_name: string }[]) => body.map((program) => program.program_name);

/** Makes every render of the catalogue take `ms` longer, and counts them. */
function slowRenders(ms: number) {
  const service = t.app.get(ProgramsService);
  const original = service.listPublished.bind(service);
  return jest.spyOn(service, 'listPublished').mockImplementation(async (...args) => {
    await delay(ms);
    return original(...args);
  });
}

describe('GET /api/fitness_programs/retrive_all/ past PUBLIC_CACHE_MS', () => {
  it('is rendered once for visitors who ask at once; they get the previous answer until it is ready', async () => {
    const name = `Stale ${randomUUID()}`;
    const { trainer } = await createTrainer(t);
    const program = await createProgram(t, trainer, { name, isPublished: true });
    const path = `/api/fitness_programs/retrive_all/?q=${encodeURIComponent(name)}`;
    expect(names((await t.http().get(path).expect(200)).body)).toEqual([name]);
    // A raw update goes around the app's write events (ADR 026), so only a render shows it.
    await t.app
      .get(DataSource)
      .query('UPDATE program SET name = ? WHERE id = ?', [`${name} renamed`, program.id]);
    // The remembered answer's time running out is the event awaited here.
    await delay(CACHE_MS + 50);

    const renders = slowRenders(200);
    const first = t
      .http()
      .get(path)
      .then((res) => res);
    // The first request is under way (its render waits) before the others ask.
    await new Promise<void>((resolve) => {
      const check = () => (renders.mock.calls.length > 0 ? resolve() : setImmediate(check));
      check();
    });
    const others = await Promise.all([1, 2, 3, 4].map(() => t.http().get(path).expect(200)));
    expect(others.map((res) => names(res.body))).toEqual([[name], [name], [name], [name]]);
    expect(names((await first).body)).toEqual([`${name} renamed`]);
    expect(names((await t.http().get(path).expect(200)).body)).toEqual([`${name} renamed`]);
    expect(renders).toHaveBeenCalledTimes(1);
    renders.mockRestore();
  });

  it('shows a write through the app on the next request, with no stale answer in between', async () => {
    const name = `Fresh ${randomUUID()}`;
    const { trainer } = await createTrainer(t);
    const program = await createProgram(t, trainer, { name, isPublished: true });
    const path = `/api/fitness_programs/retrive_all/?q=${encodeURIComponent(name.split(' ')[1] ?? '')}`;
    expect(names((await t.http().get(path).expect(200)).body)).toEqual([name]);
    await delay(CACHE_MS + 50);
    await t.app
      .get(DataSource)
      .getRepository(ProgramEntity)
      .update({ id: program.id }, { isPublished: false });
    const answers = await Promise.all([1, 2, 3].map(() => t.http().get(path).expect(200)));
    expect(answers.map((res) => res.body)).toEqual([[], [], []]);
  });
});
