import { describe, expect, it } from '@jest/globals';
import { DataSource } from 'typeorm';
import { ProfileEntity } from '../../api/src/modules/users/profile.entity.js';
import { UserEntity } from '../../api/src/modules/users/user.entity.js';
import { useTestApp } from '../fixtures/app.js';
import { uniqueEmail } from '../fixtures/users.js';

describe('the database', () => {
  const t = useTestApp();

  it('runs transactions that overlap in time, each all or nothing', async () => {
    const dataSource = t.app.get(DataSource);
    const write = (fail: boolean) =>
      dataSource.transaction(async (manager) => {
        const user = await manager.save(
          manager.create(UserEntity, {
            firstName: 'Tx',
            lastName: 'User',
            email: uniqueEmail('tx'),
            pendingEmail: null,
            passwordHash: 'x',
            profilePicture: null,
            isVerified: false,
            isTrainer: false,
            isSuperuser: false,
            blocked: false,
          }),
        );
        // Yield to the other transactions in the middle of this one.
        await new Promise((resolve) => setImmediate(resolve));
        await manager.insert(ProfileEntity, { userId: user.id });
        if (fail) throw new Error('rolled back on purpose');
        return user.id;
      });
    const results = await Promise.allSettled([write(false), write(true), write(false), write(false)]);
    expect(results.map((r) => r.status)).toEqual(['fulfilled', 'rejected', 'fulfilled', 'fulfilled']);
    const ids = results.flatMap((r) => (r.status === 'fulfilled' ? [r.value] : []));
    expect(await dataSource.getRepository(ProfileEntity).countBy(ids.map((userId) => ({ userId })))).toBe(3);
  });
});
