import { fullName, type UserResponse } from '@fitcoach/contracts';
import { Link, useLocation } from '@remix-run/react';
import { type DashboardView, viewSearch } from '~/utils/dashboard';
import { PlainAvatar } from '~/components/ui/avatar';
import ui from '~/components/ui/ui.module.css';
import classes from './dashboard.module.css';

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

/** docs/product.md §2 Dashboard: the side menu, in plain elements (Mantine's Paper and NavLinks look). */
export function DashboardMenu({ user, view }: { user: UserResponse; view: DashboardView }) {
  const { pathname } = useLocation();
  const name = fullName(user.first_name, user.last_name);
  const entries = user.is_trainer ? TRAINER_ENTRIES : USER_ENTRIES;
  return (
    <nav aria-label="Dashboard" className={`${ui.paper} ${classes.menu}`}>
      <Link
        to={pathname}
        aria-current={view.name === 'profile' ? 'page' : undefined}
        className={classes.menuPerson}
      >
        <PlainAvatar src={user.profile_picture} name={name} alt="" size={72} />
        <span className={`${ui.name} ${classes.menuName}`}>{name}</span>
        <span className={`${ui.dimmed} ${ui.textSm} ${classes.menuEmail}`}>{user.email}</span>
      </Link>
      {entries.map((entry) => (
        <Link
          key={entry.label}
          to={pathname + viewSearch(entry.view)}
          aria-current={entry.covers.includes(view.name) ? 'page' : undefined}
          className={classes.menuLink}
        >
          {entry.label}
        </Link>
      ))}
      {user.is_trainer ? (
        <Link to="/insights" className={classes.menuLink}>
          Insights
        </Link>
      ) : null}
      <Link to="/account/payments" className={classes.menuLink}>
        Payment history
      </Link>
      <Link to="/chat" className={classes.menuLink}>
        Chat
      </Link>
    </nav>
  );
}
