import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll } from '@jest/globals';
import { createTestApp, type TestApp } from '../../fixtures/app.js';
import { createProgram, createTrainer } from '../../fixtures/catalogue.js';
import { type ChatClient, connect, listen } from '../../fixtures/sockets.js';
import { subscribe } from '../../fixtures/subscriptions.js';
import { createSession, type Session } from '../../fixtures/users.js';

export interface TwoInstances {
  first: TestApp;
  second: TestApp;
  firstUrl: string;
  secondUrl: string;
  /** A trainer, and a member subscribed to one of the trainer's programmes: each other's chat contacts. */
  coach: Session;
  member: Session;
  /** A socket of `session` on the instance at `url`, closed after the file. */
  on(url: string, session: Session): Promise<ChatClient>;
}

/**
 * Two instances of the app listening on two ports with one database, one Redis namespace and one token secret, as
 * two replicas of one deployment behind a load balancer (docs/architecture.md §12). `env` is read when they boot.
 */
export function useTwoInstances(name: string, env: () => Record<string, string> = () => ({})): TwoInstances {
  const clients: ChatClient[] = [];
  const instances = {
    async on(url: string, session: Session) {
      const client = await connect(url, { token: session.access });
      clients.push(client);
      return client;
    },
  } as TwoInstances;
  beforeAll(async () => {
    const shared = {
      queuePrefix: `fitcoach-${name}-${randomUUID().slice(0, 8)}`,
      env: { JWT_SECRET: `${name}-test-secret-${randomUUID()}`, ...env() },
    };
    instances.first = await createTestApp(shared);
    instances.second = await createTestApp(shared);
    instances.firstUrl = await listen(instances.first);
    instances.secondUrl = await listen(instances.second);
    const trainer = await createTrainer(instances.first);
    instances.coach = trainer.session;
    instances.member = await createSession(instances.first);
    const program = await createProgram(instances.first, trainer.trainer, { isPublished: true });
    await subscribe(instances.first, instances.member.user.id, program);
  });
  afterAll(async () => {
    for (const client of clients) client.close();
    await instances.first?.close();
    await instances.second?.close();
  });
  return instances;
}
