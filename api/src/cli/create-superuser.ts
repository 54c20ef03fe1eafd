import 'reflect-metadata';
import { createInterface } from 'node:readline';
import { parseArgs } from 'node:util';
import { EMAIL_REGEX, PASSWORD } from '@fitcoach/contracts';
import { ConfigError, loadConfig } from '../common/config/app-config.js';
import { openDataSource } from '../common/database/data-source-options.js';
import { PasswordService } from '../modules/auth/password.service.js';
import { ProfileEntity } from '../modules/users/profile.entity.js';
import { verifiedAccountRow } from '../modules/users/account-row.js';
import { UserEntity } from '../modules/users/user.entity.js';

/**
 * `npm run create-superuser -- --email E --password P [--first-name F --last-name L]`: creates a verified
 * superuser, or promotes the existing account with that address. Missing values are asked for.
 */
async function main(): Promise<void> {
  const { values } = parseArgs({
    options: {
      email: { type: 'string' },
      password: { type: 'string' },
      'first-name': { type: 'string' },
      'last-name': { type: 'string' },
    },
  });
  // Lines are read through one iterator, which buffers them: answers piped in all at once are not lost.
  const prompt =
    values.email === undefined || values.password === undefined
      ? createInterface({ input: process.stdin, crlfDelay: Infinity })
      : undefined;
  const lines = prompt?.[Symbol.asyncIterator]();
  const ask = async (question: string, given?: string) => {
    if (given !== undefined) return given;
    process.stdout.write(question);
    const answer = await lines?.next();
    if (!answer || answer.done) throw new ConfigError(`No answer to "${question.trim()}"`);
    return String(answer.value).trim();
  };
  const email = (await ask('E-mail: ', values.email)).toLowerCase();
  const password = await ask('Password: ', values.password);
  prompt?.close();
  if (!EMAIL_REGEX.test(email)) throw new ConfigError(`"${email}" is not an e-mail address`);
  if (password.length < PASSWORD.minLength || password.length > PASSWORD.maxLength || /\s/.test(password)) {
    throw new ConfigError(
      `The password must be ${PASSWORD.minLength}–${PASSWORD.maxLength} characters, no spaces`,
    );
  }

  const dataSource = await openDataSource(loadConfig(process.env), { runMigrations: true });
  try {
    const passwordHash = await new PasswordService().hash(password);
    const created = await dataSource.transaction(async (manager) => {
      const existing = await manager.findOneBy(UserEntity, { email });
      if (existing) {
        await manager.update(
          UserEntity,
          { id: existing.id },
          { isSuperuser: true, isVerified: true, passwordHash },
        );
        return false;
      }
      const user = await manager.save(
        manager.create(
          UserEntity,
          verifiedAccountRow({
            firstName: values['first-name'] ?? 'Admin',
            lastName: values['last-name'] ?? 'User',
            email,
            passwordHash,
            isSuperuser: true,
          }),
        ),
      );
      await manager.insert(ProfileEntity, { userId: user.id });
      return true;
    });
    process.stdout.write(`${created ? 'Created' : 'Promoted'} superuser ${email}.\n`);
  } finally {
    await dataSource.destroy();
  }
}

main().catch((error: unknown) => {
  process.stderr.write(
    `create-superuser failed: ${error instanceof Error ? error.message : String(error)}\n`,
  );
  process.exit(1);
});
