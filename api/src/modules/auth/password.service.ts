import { randomBytes } from 'node:crypto';
import { Injectable } from '@nestjs/common';
import argon2 from 'argon2';

/** OWASP's minimum for argon2id: concurrent logins stay fast while offline guessing is expensive. */
export const ARGON2_OPTIONS = {
  type: argon2.argon2id,
  memoryCost: 19_456,
  timeCost: 2,
  parallelism: 1,
} as const;

@Injectable()
export class PasswordService {
  /** Verified against when no account matches, so a wrong e-mail costs as long as a wrong password. */
  private readonly decoy = argon2.hash(randomBytes(32).toString('base64url'), ARGON2_OPTIONS);

  hash(password: string): Promise<string> {
    return argon2.hash(password, ARGON2_OPTIONS);
  }

  async verify(hash: string | undefined, password: string): Promise<boolean> {
    try {
      return await argon2.verify(hash ?? (await this.decoy), password);
    } catch {
      return false;
    }
  }
}
