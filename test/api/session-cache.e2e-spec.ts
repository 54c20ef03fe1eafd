import { afterAll, beforeAll, describe, expect, it, jest } from '@jest/globals';
import { DataSource } from 'typeorm';
import { PasswordService } from '../../api/src/modules/auth/password.service.js';
import { SessionsService } from '../../api/src/modules/auth/sessions.service.js';
import { UserEntity } from '../../api/src/modules/users/user.entity.js';
import { createTestApp, type TestApp } from '../fixtures/app.js';
import { REFUSED } from '../fixtures/refusals.js';
import { createSession, createUser, login, type Session } from '../fixtures/users.js';

/*
 * A signed-in request reuses the account of its session, checked within the last AUTH_CACHE_MS, instead of
 * reading the account and the session again (ADR 028). What a member or a superuser must notice is only that it
 * is fast: a block or a logout takes effect on the very next request, and what does not end a session (a profile
 * change, another login) does not end it.
 */

let t: TestApp;
let admin: Session;

beforeAll(async () => {
  t = await createTestApp({ env: { AUTH_CACHE_MS: '60000' } });
  admin = await createSession(t, { superuser: true });
});
afterAll(() => t.close());

const me = (session: Session) => t.http().get('/api/users/me/').set('Authorization', session.bearer);

/** Signs `session` in twice and shows that the second request was answered from memory, not checked again. */
async function remembered(session: Session): Promise<void> {
  const check = jest.spyOn(t.app.get(SessionsService), 'isActive');
  try {
    await me(session).expect(200);
    const checked = check.mock.calls.length;
    await me(session).expect(200);
    expect(check.mock.calls.length).toBe(checked);
  } finally {
    check.mockRestore();
  }
}

const changeAccess = (id: number) =>
  t.http().get(`/api/users/changeUserAccess/${id}/`).set('Authorization', admin.bearer);

describe('a remembered session (AUTH_CACHE_MS=60000)', () => {
  it('is refused with 403 on the request right after its member is blocked', async () => {
    const member = await createSession(t);
    await remembered(member);
    await changeAccess(member.user.id).expect(200, { message: 'User Blocked' });
    await me(member).expect(403, REFUSED.blocked);
    await me(member).expect(403, REFUSED.blocked);
  });

  it('stays ended once its member is unblocked, and a new login is remembered in turn', async () => {
    const member = await createSession(t);
    await remembered(member);
    await changeAccess(member.user.id).expect(200, { message: 'User Blocked' });
    await me(member).expect(403, REFUSED.blocked);
    await changeAccess(member.user.id).expect(200, { message: 'User Unblocked' });
    // Blocking ended the member's sessions (auth.e2e-spec.ts): the old token opens nothing, blocked or not.
    await me(member).expect(401, REFUSED.invalidToken);
    const fresh = await login(t, member.user);
    await remembered(fresh);
    await me(member).expect(401, REFUSED.invalidToken);
  });

  it('is refused with 401 on the request right after its logout', async () => {
    const member = await createSession(t);
    await remembered(member);
    await t.http().post('/api/users/logout/').set('Authorization', member.bearer).expect(200);
    await me(member).expect(401, REFUSED.invalidToken);
  });

  it('is refused with 401 right after another session logs it out with its refresh token', async () => {
    const user = await createUser(t);
    const phone = await login(t, user);
    const laptop = await login(t, user);
    await remembered(phone);
    await remembered(laptop);
    await t
      .http()
      .post('/api/users/logout/')
      .set('Authorization', phone.bearer)
      .send({ refresh: laptop.refresh })
      .expect(200);
    await me(laptop).expect(401, REFUSED.invalidToken);
    await me(phone).expect(401, REFUSED.invalidToken);
  });

  it('survives a second login, a refresh elsewhere, a profile change and a new password', async () => {
    const user = await createUser(t);
    const first = await login(t, user);
    await remembered(first);

    const second = await login(t, user);
    await me(first).expect(200);
    await t.http().post('/api/token/refresh/').send({ refresh: second.refresh }).expect(200);
    await me(first).expect(200);

    await t
      .http()
      .put('/api/users/updateUser/')
      .set('Authorization', first.bearer)
      .field('first_name', 'Renamed')
      .expect(200);
    // The account the request sees is the one of now, not the one remembered before the change.
    expect((await me(first).expect(200)).body).toMatchObject({ first_name: 'Renamed' });

    // The API has no password change: a new hash written through TypeORM, as the create-superuser CLI does.
    const passwordHash = await t.app.get(PasswordService).hash('another-horse-battery');
    await t.app.get(DataSource).getRepository(UserEntity).update({ id: user.id }, { passwordHash });
    await me(first).expect(200);
    await remembered(first);
  });
});
