import { describe, expect, it } from '@jest/globals';
import type { EntityManager } from 'typeorm';
import type { AuthContext } from '../../common/auth/auth.decorators.js';
import type { AccessService } from '../access/access.service.js';
import type { AuditService } from '../audit/audit.service.js';
import type { OutboxService } from '../../common/jobs/outbox.service.js';
import type { MediaService, UploadedImage } from '../../common/media/media.service.js';
import type { RateLimits } from '../../common/rate-limit/rate-limit.js';
import type { PasswordService } from '../auth/password.service.js';
import type { SessionsService } from '../auth/sessions.service.js';
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
      {} as AccessService,
      media,
      {} as AuditService,
      {} as RateLimits,
    );

    await expect(service.update(auth, { first_name: 'Asha' }, picture)).rejects.toBe(failure);
    expect(removed).toEqual(['/media/profile/new.webp']);
  });
});

describe(VerificationService.name, () => {
  it("writes the link's e-mail as an outbox job with the caller's transaction, keyed by the link", async () => {
    const manager = {} as EntityManager;
    const added: unknown[][] = [];
    const users = {
      createVerificationLink: async (using: EntityManager) => {
        expect(using).toBe(manager);
        return { id: 41 };
      },
    } as unknown as UsersRepository;
    const outbox = { add: async (...args: unknown[]) => void added.push(args) } as unknown as OutboxService;
    const service = new VerificationService(users, outbox);

    await service.create(manager, user as UserEntity, 'new@example.com', 'email-change');

    expect(added).toEqual([
      [
        manager,
        'mail.verify-email',
        { to: 'new@example.com', firstName: 'Asha', token: expect.any(String), purpose: 'email-change' },
        { dedupeKey: 'verify-email-41' },
      ],
    ]);
  });
});
