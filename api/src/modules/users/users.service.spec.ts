import { describe, expect, it, jest } from '@jest/globals';
import { Logger } from '@nestjs/common';
import type { AuthContext } from '../../common/auth/auth.decorators.js';
import type { AuditService } from '../audit/audit.service.js';
import type { JobsService } from '../../common/jobs/jobs.service.js';
import type { MediaService, UploadedImage } from '../../common/media/media.service.js';
import type { PasswordService } from '../auth/password.service.js';
import type { SessionsService } from '../auth/sessions.service.js';
import type { SubscriptionsRepository } from '../subscriptions/subscriptions.repository.js';
import type { UserEntity } from './user.entity.js';
import type { UsersRepository } from './users.repository.js';
import { UsersService } from './users.service.js';
import { VerificationService } from './verification.service.js';

const user = {
  id: 7,
  email: 'asha@example.com',
  firstName: 'Asha',
  profilePicture: '/media/profile/old.webp',
};
const auth = { user } as unknown as AuthContext;
const picture = { buffer: Buffer.from('image'), mimetype: 'image/png' } as unknown as UploadedImage;

describe(UsersService.name, () => {
  it('removes the picture it stored when the profile could not be written, and keeps the old one', async () => {
    const failure = new Error('the database went away');
    const removed: (string | null | undefined)[] = [];
    const users = {
      isEmailTaken: async () => false,
      transaction: async () => {
        throw failure;
      },
    } as unknown as UsersRepository;
    const media = {
      storeImage: async () => '/media/profile/new.webp',
      remove: async (path: string | null | undefined) => void removed.push(path),
    } as unknown as MediaService;
    const service = new UsersService(
      users,
      {} as PasswordService,
      {} as SessionsService,
      {} as VerificationService,
      {} as SubscriptionsRepository,
      media,
      {} as AuditService,
    );

    await expect(service.update(auth, { first_name: 'Asha' }, picture)).rejects.toBe(failure);
    expect(removed).toEqual(['/media/profile/new.webp']);
  });
});

describe(VerificationService.name, () => {
  it('logs a mail the queue refused instead of failing the request (a new link can be asked for)', async () => {
    const jobs = {
      enqueue: async () => {
        throw new Error('Redis is down');
      },
    } as unknown as JobsService;
    const service = new VerificationService({} as UsersRepository, jobs);
    const link = {
      id: 1,
      to: user.email,
      firstName: (user as UserEntity).firstName,
      token: 't',
      purpose: 'register',
    };

    const logged = jest.spyOn(Logger.prototype, 'error').mockImplementation(() => undefined);
    try {
      await expect(service.send(link as Parameters<VerificationService['send']>[0])).resolves.toBeUndefined();
      expect(logged).toHaveBeenCalledWith('Verification e-mail for user link 1 not queued: Redis is down');
    } finally {
      logged.mockRestore();
    }
  });
});
