import { expect, fillLogin, signIn, test, toast } from './support/accounts.js';

/** The pages of the admin panel and their headings. */
const ADMIN_PAGES = [
  { path: '/admin/dashboard', heading: 'Dashboard', title: 'Admin: dashboard' },
  { path: '/admin/users', heading: 'Users', title: 'Admin: users' },
  { path: '/admin/trainers', heading: 'Trainers', title: 'Admin: trainers' },
  { path: '/admin/fitnessPrograms', heading: 'Programmes', title: 'Admin: programmes' },
  {
    path: '/admin/requestNotificaions',
    heading: 'Programmes: Pending Approval',
    title: 'Admin: pending approvals',
  },
  // Settings opens on its Activity section.
  { path: '/admin/settings', heading: 'Settings', title: 'Admin: activity' },
  { path: '/admin/settings/superusers', heading: 'Settings', title: 'Admin: superusers' },
];

function signInSuite(javaScriptEnabled: boolean) {
  test.describe(`a superuser with JavaScript ${javaScriptEnabled ? 'enabled' : 'disabled'}`, () => {
    test.use({ javaScriptEnabled });

    test('signs in through the login page, lands on the admin dashboard and finds the panel in the navbar', async ({
      page,
      superuser,
    }) => {
      await page.goto('/login');
      await fillLogin(page, superuser.email, superuser.password);
      await expect(page).toHaveURL('/admin/dashboard');
      await expect(toast(page, 'Successfully Logged In')).toBeVisible();

      const header = page.getByRole('banner');
      await expect(header.getByRole('button', { name: 'Logout' }).filter({ visible: true })).toBeVisible();
      // Superusers are not offered to become trainers (docs/product.md §6).
      await expect(header.getByRole('link', { name: 'Join as Trainer' })).toHaveCount(0);
      // Their name leads to the admin panel rather than to a dashboard.
      const profile = header.getByRole('link').filter({ hasText: 'Admin' }).filter({ visible: true });
      await expect(profile).toHaveAttribute('href', '/admin/dashboard');

      await header.getByRole('link', { name: 'Dashboard', exact: true }).filter({ visible: true }).click();
      await expect(page).toHaveURL('/admin/dashboard');
      await expect(page.getByRole('heading', { level: 1, name: 'Dashboard', exact: true })).toBeVisible();
    });
  });
}

signInSuite(true);
signInSuite(false);

test.describe('a signed-in superuser', () => {
  test('sees the heading of every page of the admin panel', async ({ page, superuser }) => {
    await signIn(page, superuser);
    await page.goto('/admin');
    await expect(page).toHaveURL('/admin/dashboard');
    for (const { path, heading, title } of ADMIN_PAGES) {
      const response = await page.goto(path);
      expect(response?.status()).toBe(200);
      await expect(page).toHaveTitle(`${title} | FitCoach`);
      await expect(page.getByRole('heading', { level: 1, name: heading, exact: true })).toBeVisible();
    }
  });

  test('is told on /trainerRegister that superusers cannot be trainers, not shown the form', async ({
    page,
    superuser,
  }) => {
    await signIn(page, superuser);
    await page.goto('/trainerRegister');
    await expect(
      page.getByRole('heading', { name: 'A superuser cannot register as a trainer.' }),
    ).toBeVisible();
    await expect(page.getByRole('button', { name: 'Save' })).toHaveCount(0);
    await page.getByRole('link', { name: 'Admin Dashboard' }).click();
    await expect(page).toHaveURL('/admin/dashboard');
  });
});
