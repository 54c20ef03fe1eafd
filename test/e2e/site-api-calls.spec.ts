import { expect, test, testAddress } from './support/accounts.js';
import { apiAccount } from './support/catalogue.js';

/*
 * The pages' loaders and actions call the API of their own process on the visitor's behalf, without a socket
 * (ADR 050): the API's limits per client address count each visitor's own attempts.
 */

test('a visitor who used up the sign-in attempts of their address is refused, and another one signs in meanwhile', async ({
  playwright,
  baseURL,
  request,
}) => {
  const account = await apiAccount(request);
  const visitor = () =>
    playwright.request.newContext({
      baseURL,
      extraHTTPHeaders: { 'X-Forwarded-For': testAddress(), Origin: new URL(baseURL ?? '').origin },
    });
  const signIn = (from: Awaited<ReturnType<typeof visitor>>, password: string) =>
    from.post('/login', { form: { email: account.email, password, name__confirm: '' }, maxRedirects: 0 });

  const guesser = await visitor();
  const other = await visitor();
  try {
    const statuses: number[] = [];
    for (let attempt = 0; attempt < 11; attempt += 1) {
      statuses.push((await signIn(guesser, 'a-wrong-password')).status());
    }
    expect(statuses).toEqual([...Array<number>(10).fill(401), 429]);
    expect((await signIn(other, account.password)).status()).toBe(302);
  } finally {
    await guesser.dispose();
    await other.dispose();
  }
});
