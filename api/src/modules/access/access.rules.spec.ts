import { describe, expect, it } from '@jest/globals';
import { type Caller, isSelf, isSelfOrSuperuser, moderates } from './access.rules.js';

const caller = (id: number, isSuperuser = false): Caller => ({ user: { id, isSuperuser, isTrainer: false } });

describe('isSelfOrSuperuser', () => {
  it('lets the owner in', () => {
    expect(isSelfOrSuperuser(caller(7), 7)).toBe(true);
  });

  it('lets a superuser in, whoever owns the row', () => {
    expect(isSelfOrSuperuser(caller(1, true), 7)).toBe(true);
    expect(isSelfOrSuperuser(caller(1, true), undefined)).toBe(true);
  });

  it('refuses another account', () => {
    expect(isSelfOrSuperuser(caller(8), 7)).toBe(false);
  });

  it('refuses anonymous callers', () => {
    expect(isSelfOrSuperuser(null, 7)).toBe(false);
  });

  it('refuses a member when the owner is unknown', () => {
    expect(isSelfOrSuperuser(caller(7), undefined)).toBe(false);
    expect(isSelfOrSuperuser(caller(7), null)).toBe(false);
  });
});

describe('isSelf', () => {
  it('is the owner only, not a superuser', () => {
    expect(isSelf(caller(7), 7)).toBe(true);
    expect(isSelf(caller(1, true), 7)).toBe(false);
    expect(isSelf(null, 7)).toBe(false);
    expect(isSelf(caller(7), null)).toBe(false);
  });
});

describe('moderates', () => {
  const account = (id: number, isSuperuser = false) => ({ id, isSuperuser });

  it('lets a superuser moderate members and trainers', () => {
    expect(moderates(caller(1, true), account(7))).toBe(true);
  });

  it('never another superuser, nor oneself', () => {
    expect(moderates(caller(1, true), account(7, true))).toBe(false);
    expect(moderates(caller(1, true), account(1, true))).toBe(false);
  });

  it('never for members or anonymous callers', () => {
    expect(moderates(caller(8), account(7))).toBe(false);
    expect(moderates(null, account(7))).toBe(false);
  });
});
