import type { UserResponse } from '@fitcoach/contracts';
import { Form, Link } from '@remix-run/react';
import { useRef } from 'react';
import { MenuIcon } from '~/components/icons';
import { useRealtime } from '~/components/realtime/realtime-provider';
import ui from '~/components/ui/ui.module.css';
import { canJoinAsTrainer, dashboardPath, profileLinkPath, useOptionalUser } from '~/utils/user';
import classes from './navbar.module.css';
import summaryClasses from './summary.module.css';
import { useDismissibleDetails } from './use-dismissible-details';
import { imageSources } from '~/utils/media';
import { siteName } from '~/utils/site-name';
import { forgetPushSubscription } from '~/utils/push-client';

interface NavItem {
  label: string;
  to: string;
  badge?: number;
}

function mainItems(user: UserResponse | null, unread: number): NavItem[] {
  const items: NavItem[] = [
    { label: 'Find trainers', to: '/findTrainer' },
    { label: 'Programmes', to: '/programmes' },
  ];
  if (canJoinAsTrainer(user)) items.push({ label: 'Join as Trainer', to: '/trainerRegister' });
  if (user) {
    items.push(
      { label: 'Chat', to: '/chat', badge: unread },
      { label: 'Dashboard', to: dashboardPath(user) },
    );
  }
  return items;
}

// Plain elements, not Mantine components: every page renders the navbar, and on the server a Mantine component
// costs many times a plain element (docs/performance.md).

function NavLinks({ items, className }: { items: NavItem[]; className: string }) {
  return items.map((item) => (
    <Link key={item.label} to={item.to} className={className}>
      {item.label}
      {item.badge ? (
        <span className={ui.badge} aria-label={`${item.badge} unread messages`}>
          {item.badge}
        </span>
      ) : null}
    </Link>
  ));
}

function initials(user: UserResponse): string {
  return `${user.first_name.charAt(0)}${user.last_name.charAt(0)}`.toUpperCase();
}

function AccountActions({ user }: { user: UserResponse | null }) {
  if (!user) {
    return (
      <>
        <Link to="/login" className={`${ui.button} ${ui.default}`}>
          Log In
        </Link>
        <Link to="/register" className={`${ui.button} ${ui.filled}`}>
          Sign Up
        </Link>
      </>
    );
  }
  return (
    <>
      <Form method="post" action="/logout" onSubmit={forgetPushSubscription}>
        <button type="submit" className={`${ui.button} ${ui.default}`}>
          Logout
        </button>
      </Form>
      <Link to={profileLinkPath(user)} className={classes.profile}>
        {/* The first name next to it names the link, so the picture is decorative. */}
        {user.profile_picture ? (
          <img
            {...imageSources(user.profile_picture)}
            sizes="32px"
            alt=""
            width={32}
            height={32}
            className={classes.avatar}
          />
        ) : (
          <span className={classes.avatar} aria-hidden="true">
            {initials(user)}
          </span>
        )}
        <span className={ui.truncate}>{user.first_name}</span>
      </Link>
    </>
  );
}

function MobileMenu({ user, unread }: { user: UserResponse | null; unread: number }) {
  const ref = useRef<HTMLDetailsElement>(null);
  useDismissibleDetails(ref);
  return (
    <div className={ui.belowSm}>
      <details ref={ref}>
        <summary className={`${summaryClasses.summary} ${classes.menuSummary} ${classes.burger}`}>
          <MenuIcon />
          Menu
        </summary>
        <div className={classes.mobilePanel}>
          <nav aria-label="Main" className={classes.panelList}>
            <NavLinks items={mainItems(user, unread)} className={classes.panelLink} />
          </nav>
          <div className={`${ui.group} ${classes.panelActions}`}>
            <AccountActions user={user} />
          </div>
        </div>
      </details>
    </div>
  );
}

export function Navbar() {
  const user = useOptionalUser();
  const unread = useRealtime().unread.total;
  return (
    <header className={classes.header}>
      <div className={`${ui.container} ${classes.inner}`}>
        <Link to="/" className={classes.logo}>
          {siteName()}
        </Link>
        <nav aria-label="Main" className={`${ui.fromSm} ${classes.desktopNav}`}>
          <NavLinks items={mainItems(user, unread)} className={classes.link} />
        </nav>
        <div className={`${ui.fromSm} ${ui.group} ${ui.nowrap}`}>
          <AccountActions user={user} />
        </div>
        <MobileMenu user={user} unread={unread} />
      </div>
    </header>
  );
}
