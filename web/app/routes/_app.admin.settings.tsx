import type { MetaFunction } from '@remix-run/node';
import { Group, Stack, Title } from '@mantine/core';
import { NavLink, Outlet } from '@remix-run/react';
import classes from '~/components/admin/admin.module.css';
import { privatePageMeta } from '~/utils/seo';

export const meta: MetaFunction = () => privatePageMeta('Admin: settings', 'The admin panel’s settings.');

const SECTIONS = [
  { label: 'Activity', to: '/admin/settings/activity' },
  { label: 'Superusers', to: '/admin/settings/superusers' },
];

/** docs/product.md §2.11 Settings, reached from the admin panel's top bar: its sections as tabs of links. */
export default function AdminSettingsLayout() {
  return (
    <Stack>
      <Title order={1}>Settings</Title>
      <Group component="nav" aria-label="Settings sections" gap="xs">
        {SECTIONS.map((section) => (
          <NavLink key={section.to} to={section.to} className={classes.navLink}>
            {section.label}
          </NavLink>
        ))}
      </Group>
      <Outlet />
    </Stack>
  );
}
