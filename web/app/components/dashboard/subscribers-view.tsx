import { type AccountView, fullName, type SubscriberEntry } from '@fitcoach/contracts';
import { Alert, Avatar, Button, Checkbox, Group, NativeSelect, Stack, Text, Title } from '@mantine/core';
import { UrlDialog } from '~/components/layout/url-dialog';
import { Form, Link, useLocation } from '@remix-run/react';
import { chatPath } from '~/routes/_app.chat/paths';
import { subscriberRecordPath } from '~/utils/workout-log';
import {
  calendarDate,
  groupByProgram,
  inactiveLabel,
  relativeDays,
  type SubscriberGroup,
  subscribersSearch,
} from '~/utils/subscriptions';
import type { SubscribersData } from '~/routes/_app.trainerDashboard/subscriptions.server';
import { avatarImage } from '~/utils/media';
import ui from '~/components/ui/ui.module.css';
import classes from './subscribers-view.module.css';

/** docs/product.md §2 'User Details'. */
function UserDetails({ user, closeTo }: { user: AccountView | null; closeTo: string }) {
  const name = user ? fullName(user.first_name, user.last_name) : '';
  return (
    <UrlDialog opened={user !== null} title="User Details" closeTo={closeTo}>
      {user ? (
        <Group align="center" mb="md">
          <Avatar
            src={user.profile_picture}
            imageProps={avatarImage(user.profile_picture, 72)}
            alt={`Photo of ${name}`}
            name={name}
            color="orange"
            size={72}
          />
          <Stack gap={2}>
            <Text fw={700} className={ui.name}>
              {name}
            </Text>
            <Text size="sm">{user.email}</Text>
          </Stack>
        </Group>
      ) : null}
      <Group>
        <Button component={Link} to={closeTo} variant="default" preventScrollReset>
          cancel
        </Button>
        <Button component={Link} to="/chat">
          Chat
        </Button>
      </Group>
    </UrlDialog>
  );
}

/**
 * docs/product.md §2 Subscribers, Last active: relative and exact, and for an inactive subscriber a badge in words
 * (not colour alone) with a link to write to them.
 */
function LastActive({ entry, now }: { entry: SubscriberEntry; now: Date }) {
  return (
    <div className={classes.cell}>
      <span>
        <time dateTime={entry.last_activity}>{relativeDays(entry.last_activity, now)}</time> (
        {calendarDate(entry.last_activity)})
      </span>
      {entry.inactive ? (
        <span className={classes.inactive}>
          <span className={classes.badge}>{inactiveLabel(entry.last_activity, now)}</span>
          <Link to={chatPath(entry.user)} className={classes.link}>
            Chat with {entry.username}
          </Link>
        </span>
      ) : null}
    </div>
  );
}

/** A table of a programme's subscribers in plain elements: twenty rows of Mantine cells cost too much to render. */
function ProgramSubscribers({ group, data }: { group: SubscriberGroup; data: SubscribersData }) {
  const { pathname } = useLocation();
  const captionId = `subscribers-${group.program.id}`;
  const now = new Date(data.now);
  return (
    <div className={classes.group}>
      <h3 id={captionId} className={`${ui.title} ${ui.h4} ${classes.programTitle}`}>
        {group.program.program_name}
      </h3>
      <div className={classes.scroll}>
        <table className={classes.table} aria-labelledby={captionId}>
          <thead>
            <tr>
              <th>User</th>
              <th>Join Date</th>
              <th>Status</th>
              <th>Progress</th>
              <th>Last active</th>
            </tr>
          </thead>
          <tbody>
            {group.entries.map((entry) => (
              <tr key={`${entry.user}-${entry.created_on}`}>
                <td>
                  {/* Opens 'User Details' (docs/product.md §2: clicking a row): a link, so it works without JavaScript. */}
                  <div className={classes.cell}>
                    <Link to={pathname + subscribersSearch({ ...data.query, user: entry.user })}>
                      {entry.username}
                    </Link>
                    <Link to={subscriberRecordPath(entry.user)} className={classes.link}>
                      Training record<span className={ui.visuallyHidden}> of {entry.username}</span>
                    </Link>
                  </div>
                </td>
                <td>{calendarDate(entry.created_on)}</td>
                <td>{entry.status}</td>
                <td>{entry.progress}%</td>
                <td>
                  <LastActive entry={entry} now={now} />
                </td>
              </tr>
            ))}
          </tbody>
        </table>
      </div>
    </div>
  );
}

function SubscribersPager({ data }: { data: SubscribersData }) {
  const { pathname } = useLocation();
  const { query, pageSize } = data;
  const pages = Math.max(1, Math.ceil((data.subscribers?.total ?? 0) / pageSize));
  if (pages === 1 && query.page === 1) return null;
  const to = (page: number) => pathname + subscribersSearch({ ...query, page, user: null });
  return (
    <Group component="nav" aria-label="Pages" justify="center" gap="md">
      {query.page > 1 ? (
        <Button component={Link} to={to(Math.min(query.page - 1, pages))} variant="default">
          Previous
        </Button>
      ) : null}
      <Text size="sm" c="dimmed">
        Page {query.page} of {pages}
      </Text>
      {query.page < pages ? (
        <Button component={Link} to={to(query.page + 1)} variant="default">
          Next
        </Button>
      ) : null}
    </Group>
  );
}

/** docs/product.md §2 Subscribers: one table per programme, filtered by a GET form. */
export function SubscribersView({ data }: { data: SubscribersData | null }) {
  const { pathname } = useLocation();
  if (!data) return null;
  const { query, subscribers } = data;
  const groups = subscribers ? groupByProgram(subscribers.items) : [];
  return (
    <section aria-labelledby="subscribers-heading">
      <Title order={2} id="subscribers-heading" mb="md">
        Subscribers
      </Title>
      <Form method="get" action={pathname}>
        <input type="hidden" name="view" value="subscribers" />
        <Group align="flex-end" mb="lg">
          <NativeSelect
            label="Programme"
            name="program"
            defaultValue={query.program === null ? '' : String(query.program)}
            data={[
              { value: '', label: 'All programmes' },
              ...data.programs.map((program) => ({
                value: String(program.id),
                label: program.program_name,
              })),
            ]}
          />
          <Checkbox label="Inactive only" name="inactive" value="1" defaultChecked={query.inactive} mb={8} />
          <Button type="submit" variant="light">
            Filter
          </Button>
        </Group>
      </Form>
      <UserDetails user={data.details} closeTo={pathname + subscribersSearch({ ...query, user: null })} />
      {subscribers === null ? (
        <Alert color="red">Sorry Something went wrong</Alert>
      ) : groups.length === 0 ? (
        <Text c="dimmed">
          {query.inactive ? 'No inactive subscribers.' : 'Nobody has subscribed to your programmes yet.'}
        </Text>
      ) : (
        groups.map((group) => <ProgramSubscribers key={group.program.id} group={group} data={data} />)
      )}
      <SubscribersPager data={data} />
    </section>
  );
}
