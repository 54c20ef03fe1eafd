import { fullName, type UserResponse } from '@fitcoach/contracts';
import { Avatar, NavLink, Paper, Stack, Text, UnstyledButton } from '@mantine/core';
import { Link, useLocation } from '@remix-run/react';
import { type DashboardView, viewSearch } from '~/utils/dashboard';
import { avatarImage } from '~/utils/media';
import ui from '~/components/ui/ui.module.css';

interface MenuEntry {
  label: string;
  view: DashboardView;
  /** The views that belong to the entry (the programmes table's forms and lessons belong to "Programmes"). */
  covers: DashboardView['name'][];
}

const TRAINER_ENTRIES: MenuEntry[] = [
  { label: 'Programmes', view: { name: 'programmes' }, covers: ['programmes', 'create', 'edit', 'lessons'] },
  { label: 'Subscribers', view: { name: 'subscribers' }, covers: ['subscribers'] },
];

const USER_ENTRIES: MenuEntry[] = [
  { label: 'Subscribed Programmes', view: { name: 'subscribed' }, covers: ['subscribed'] },
];

/** docs/product.md §2 Dashboard: the side menu. */
export function DashboardMenu({ user, view }: { user: UserResponse; view: DashboardView }) {
  const { pathname } = useLocation();
  const name = fullName(user.first_name, user.last_name);
  const entries = user.is_trainer ? TRAINER_ENTRIES : USER_ENTRIES;
  return (
    <Paper withBorder p="md" component="nav" aria-label="Dashboard">
      <UnstyledButton
        component={Link}
        to={pathname}
        aria-current={view.name === 'profile' ? 'page' : undefined}
        w="100%"
      >
        <Stack align="center" gap={4} mb="md" ta="center">
          <Avatar
            src={user.profile_picture}
            imageProps={avatarImage(user.profile_picture, 72)}
            alt=""
            name={name}
            color="orange"
            size={72}
          />
          <Text fw={700} className={ui.name} maw="100%">
            {name}
          </Text>
          <Text size="sm" c="dimmed" style={{ overflowWrap: 'anywhere' }}>
            {user.email}
          </Text>
        </Stack>
      </UnstyledButton>
      {entries.map((entry) => {
        const active = entry.covers.includes(view.name);
        return (
          <NavLink
            key={entry.label}
            component={Link}
            to={pathname + viewSearch(entry.view)}
            label={entry.label}
            active={active}
            aria-current={active ? 'page' : undefined}
          />
        );
      })}
      {user.is_trainer ? <NavLink component={Link} to="/insights" label="Insights" /> : null}
      <NavLink component={Link} to="/account/payments" label="Payment history" />
      <NavLink component={Link} to="/chat" label="Chat" />
    </Paper>
  );
}
