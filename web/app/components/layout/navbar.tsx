import type { UserResponse } from '@fitcoach/contracts';
import { Anchor, Avatar, Badge, Box, Button, Container, Group, Stack, Text } from '@mantine/core';
import { Form, Link } from '@remix-run/react';
import { useRef } from 'react';
import { ChevronDownIcon, MenuIcon } from '~/components/icons';
import { useRealtime } from '~/components/realtime/realtime-provider';
import { canJoinAsTrainer, dashboardPath, profileLinkPath, useOptionalUser } from '~/utils/user';
import classes from './navbar.module.css';
import summaryClasses from './summary.module.css';
import { useDismissibleDetails } from './use-dismissible-details';

interface NavItem {
  label: string;
  to: string;
  /** Unread chat messages, shown next to the label. */
  badge?: number;
}

function mainItems(user: UserResponse | null): NavItem[] {
  const items = [
    { label: 'Find trainers', to: '/findTrainer' },
    { label: 'Programms', to: '/programmes' },
  ];
  if (canJoinAsTrainer(user)) items.push({ label: 'Join as Trainer', to: '/trainerRegister' });
  return items;
}

function communityItems(user: UserResponse | null, unread: number): NavItem[] {
  return [
    { label: 'Login', to: '/login' },
    { label: 'Sign up', to: '/register' },
    { label: 'Chat', to: '/chat', badge: unread },
    { label: 'Dashboard', to: dashboardPath(user) },
  ];
}

function NavLinks({ items, className }: { items: NavItem[]; className: string }) {
  return items.map((item) => (
    <Anchor key={item.label} component={Link} to={item.to} className={className} underline="never">
      {item.label}
      {item.badge ? (
        <Badge size="sm" color="red" ml={6} aria-label={`${item.badge} unread`}>
          {item.badge}
        </Badge>
      ) : null}
    </Anchor>
  ));
}

function CommunityDropdown({ items, unread }: { items: NavItem[]; unread: number }) {
  const ref = useRef<HTMLDetailsElement>(null);
  useDismissibleDetails(ref);
  return (
    <details ref={ref} className={classes.dropdown}>
      <summary className={`${summaryClasses.summary} ${classes.menuSummary} ${classes.link}`}>
        Community
        {unread ? (
          <Badge size="sm" color="red" aria-label={`${unread} unread messages`}>
            {unread}
          </Badge>
        ) : null}
        <ChevronDownIcon size={16} className={classes.chevron} />
      </summary>
      <div className={classes.dropdownPanel}>
        <NavLinks items={items} className={classes.panelLink} />
      </div>
    </details>
  );
}

function AccountActions({ user }: { user: UserResponse | null }) {
  if (!user) {
    return (
      <>
        <Button component={Link} to="/login" variant="default">
          Log In
        </Button>
        <Button component={Link} to="/register">
          Sign Up
        </Button>
      </>
    );
  }
  return (
    <>
      <Form method="post" action="/logout">
        <Button type="submit" variant="default">
          Logout
        </Button>
      </Form>
      <Anchor component={Link} to={profileLinkPath(user)} className={classes.profile} underline="never">
        {/* The first name next to it names the link, so the picture is decorative. */}
        <Avatar
          src={user.profile_picture}
          alt=""
          name={`${user.first_name} ${user.last_name}`}
          color="initials"
          size={32}
        />
        <span>{user.first_name}</span>
      </Anchor>
    </>
  );
}

function MobileMenu({ user, unread }: { user: UserResponse | null; unread: number }) {
  const ref = useRef<HTMLDetailsElement>(null);
  useDismissibleDetails(ref);
  return (
    <Box hiddenFrom="sm">
      <details ref={ref}>
        <summary className={`${summaryClasses.summary} ${classes.menuSummary} ${classes.burger}`}>
          <MenuIcon />
          Menu
        </summary>
        <div className={classes.mobilePanel}>
          <Stack component="nav" aria-label="Main" gap={2}>
            <NavLinks items={mainItems(user)} className={classes.panelLink} />
          </Stack>
          <Text component="p" className={classes.panelHeading}>
            Community
          </Text>
          <Stack gap={2}>
            <NavLinks items={communityItems(user, unread)} className={classes.panelLink} />
          </Stack>
          <Group mt="md" gap="sm">
            <AccountActions user={user} />
          </Group>
        </div>
      </details>
    </Box>
  );
}

export function Navbar() {
  const user = useOptionalUser();
  const unread = useRealtime().unread.total;
  return (
    <header className={classes.header}>
      <Container size="lg" className={classes.inner}>
        <Anchor component={Link} to="/" className={classes.logo} underline="never">
          GET-FIT
        </Anchor>
        <Group component="nav" aria-label="Main" gap={4} visibleFrom="sm" className={classes.desktopNav}>
          <NavLinks items={mainItems(user)} className={classes.link} />
          <CommunityDropdown items={communityItems(user, unread)} unread={unread} />
        </Group>
        <Group gap="sm" visibleFrom="sm" wrap="nowrap">
          <AccountActions user={user} />
        </Group>
        <MobileMenu user={user} unread={unread} />
      </Container>
    </header>
  );
}
