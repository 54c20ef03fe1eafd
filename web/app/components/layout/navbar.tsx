import type { UserResponse } from '@fitcoach/contracts';
import { Form, Link } from '@remix-run/react';
import { useRef } from 'react';
import { ChevronDownIcon, MenuIcon } from '~/components/icons';
import { useRealtime } from '~/components/realtime/realtime-provider';
import ui from '~/components/ui/ui.module.css';
import { canJoinAsTrainer, dashboardPath, profileLinkPath, useOptionalUser } from '~/utils/user';
import classes from './navbar.module.css';
import summaryClasses from './summary.module.css';
import { useDismissibleDetails } from './use-dismissible-details';
import { imageSources } from '~/utils/media';

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

/*
 * Plain elements with CSS-module classes (components/ui/ui.module.css), not Mantine components: every page renders
 * the navbar, and on the server a Mantine component costs many times a plain element (docs/performance.md).
 */

function NavLinks({ items, className }: { items: NavItem[]; className: string }) {
  return items.map((item) => (
    <Link key={item.label} to={item.to} className={className}>
      {item.label}
      {item.badge ? (
        <span className={ui.badge} aria-label={`${item.badge} unread`}>
          {item.badge}
        </span>
      ) : null}
    </Link>
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
          <span className={ui.badge} aria-label={`${unread} unread messages`}>
            {unread}
          </span>
        ) : null}
        <ChevronDownIcon size={16} className={classes.chevron} />
      </summary>
      <div className={classes.dropdownPanel}>
        <NavLinks items={items} className={classes.panelLink} />
      </div>
    </details>
  );
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
      <Form method="post" action="/logout">
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
            <NavLinks items={mainItems(user)} className={classes.panelLink} />
          </nav>
          <p className={classes.panelHeading}>Community</p>
          <div className={classes.panelList}>
            <NavLinks items={communityItems(user, unread)} className={classes.panelLink} />
          </div>
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
          GET-FIT
        </Link>
        <nav aria-label="Main" className={`${ui.fromSm} ${classes.desktopNav}`}>
          <NavLinks items={mainItems(user)} className={classes.link} />
          <CommunityDropdown items={communityItems(user, unread)} unread={unread} />
        </nav>
        <div className={`${ui.fromSm} ${ui.group} ${ui.nowrap}`}>
          <AccountActions user={user} />
        </div>
        <MobileMenu user={user} unread={unread} />
      </div>
    </header>
  );
}
