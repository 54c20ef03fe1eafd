import { afterEach, describe, expect, it, jest } from '@jest/globals';
import argon2 from 'argon2';
import { ARGON2_OPTIONS, PasswordService } from './password.service.js';

/** `$argon2id$v=19$m=...,t=...,p=...$`. */
const parametersOf = (hash: string) => hash.split('$').slice(1, 4).join('$');

describe(PasswordService.name, () => {
  afterEach(() => {
    jest.restoreAllMocks();
  });

  it('verifies against a decoy hashed like a real password when there is no account', async () => {
    const sut = new PasswordService();
    const real = await sut.hash('the right password');
    const verify = jest.spyOn(argon2, 'verify');

    expect(await sut.verify(undefined, 'a guess')).toBe(false);
    expect(await sut.verify(real, 'a guess')).toBe(false);

    expect(verify).toHaveBeenCalledTimes(2);
    const [decoy, guess] = verify.mock.calls[0] as [string, string];
    expect(guess).toBe('a guess');
    expect(parametersOf(decoy)).toBe(parametersOf(real));
    expect(parametersOf(decoy).split(/[$,]/).sort()).toEqual(
      [
        'argon2id',
        'v=19',
        `m=${ARGON2_OPTIONS.memoryCost}`,
        `t=${ARGON2_OPTIONS.timeCost}`,
        `p=${ARGON2_OPTIONS.parallelism}`,
      ].sort(),
    );
  });

  it('answers false, not an error, for a stored hash argon2 cannot read', async () => {
    expect(await new PasswordService().verify('not a hash', 'a guess')).toBe(false);
  });
});
