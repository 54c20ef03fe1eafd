import { Anchor, Container, Group, Title } from '@mantine/core';
import type { LoaderFunctionArgs, MetaFunction } from '@remix-run/node';
import { Link, NavLink, Outlet } from '@remix-run/react';
import classes from '~/components/admin/admin.module.css';
import { GeneralErrorBoundary } from '~/components/error-boundary';
import { requireSuperuser } from '~/utils/auth.server';
import { sessionLoader } from '~/utils/route.server';
import { privatePageMeta } from '~/utils/seo';

export const meta: MetaFunction = () =>
  privatePageMeta('Admin panel', 'Moderation of the accounts and the catalogue.');

// Remix runs nested loaders in parallel: a child route that loads data must call requireSuperuser itself.
export const loader = sessionLoader(async (args: LoaderFunctionArgs) => {
  await requireSuperuser(args);
  return null;
});

const SIDE = [
  { label: 'Dashboard', to: '/admin/dashboard' },
  { label: 'Users', to: '/admin/users' },
  { label: 'Trainers', to: '/admin/trainers' },
  { label: 'Programs', to: '/admin/fitnessPrograms' },
  { label: 'Pending Approvals', to: '/admin/requestNotificaions' },
  { label: 'Reviews', to: '/admin/reviews' },
  { label: 'Failed Jobs', to: '/admin/failedJobs' },
];

/** docs/product.md §2.11: the admin pages' navigation, no JavaScript needed. */
export default function AdminLayout() {
  return (
    <Container size="lg" py="lg">
      <header className={classes.topbar}>
        <Title order={2} size="h3" mr="auto">
          Admin Panel
        </Title>
        <Group component="nav" aria-label="Admin" gap="md">
          <Anchor component={Link} to="/admin/dashboard">
            Dashboard
          </Anchor>
          <Anchor component={Link} to="/admin/users">
            Users
          </Anchor>
          <Anchor component={Link} to="/admin/settings">
            Settings
          </Anchor>
        </Group>
      </header>
      <div className={classes.shell}>
        <nav aria-label="Admin sections" className={classes.side}>
          {SIDE.map((item) => (
            <NavLink key={item.to} to={item.to} className={classes.navLink}>
              {item.label}
            </NavLink>
          ))}
        </nav>
        {/* Inside the page's one <main> (components/layout/page-layout.tsx): a main within a main is not valid HTML. */}
        <div>
          <Outlet />
        </div>
      </div>
    </Container>
  );
}

export function ErrorBoundary() {
  return <GeneralErrorBoundary />;
}
