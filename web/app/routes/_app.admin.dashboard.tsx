import {
  type AdminDay,
  type AdminPresenceEvent,
  CHAT_SERVER_EVENTS,
  type Money,
  type TopProgram,
  type UserBriefResponse,
} from '@fitcoach/contracts';
import { Anchor, Paper, SimpleGrid, Stack, Text, Title } from '@mantine/core';
import type { LoaderFunctionArgs, MetaFunction } from '@remix-run/node';
import { Link, useLoaderData } from '@remix-run/react';
import { type ReactNode, useEffect, useState } from 'react';
import { DailyChart } from '~/components/admin/daily-chart';
import { type Column, DataTable } from '~/components/layout/data-table';
import { useRealtime } from '~/components/realtime/realtime-provider';
import { api } from '~/utils/api/endpoints.server';
import { requireSuperuser } from '~/utils/auth.server';
import { dataOrThrow } from '~/utils/invariant';
import { useFormatAmounts } from '~/utils/locale';
import { sessionLoader } from '~/utils/route.server';
import { privatePageMeta } from '~/utils/seo';

export const meta: MetaFunction = () =>
  privatePageMeta('Admin: dashboard', 'Figures of the accounts, the catalogue and the revenue.');

export const loader = sessionLoader(async (args: LoaderFunctionArgs) => {
  await requireSuperuser(args);
  // The open reports' count is their list's total: a page of one report is enough to read it.
  const [stats, reports] = await Promise.all([
    api.adminStats(args),
    api.reviewReports(args, { page: 1, pageSize: 1 }),
  ]);
  return { ...dataOrThrow(stats), reportedReviews: dataOrThrow(reports).total };
});

function Amounts({ list }: { list: Money[] }) {
  const formatAmounts = useFormatAmounts();
  return formatAmounts(list) || '0';
}

function Figure({ label, value }: { label: string; value: ReactNode }) {
  return (
    <Paper withBorder p="md">
      <Text size="sm" c="dimmed">
        {label}
      </Text>
      <Text fw={700} size="xl">
        {value}
      </Text>
    </Paper>
  );
}

const TOP: Column<TopProgram>[] = [
  { header: 'Program', cell: (program) => program.name },
  { header: 'Users', cell: (program) => program.users },
  { header: 'Trainer', cell: (program) => program.trainer },
  { header: 'Revenue', cell: (program) => <Amounts list={program.revenue} /> },
];

const DAYS: Column<AdminDay>[] = [
  { header: 'Day', cell: (day) => day.date },
  { header: 'Subscriptions', cell: (day) => day.subscriptions },
  { header: 'Revenue', cell: (day) => <Amounts list={day.revenue} /> },
];

const PEOPLE: Column<UserBriefResponse>[] = [
  { header: 'Name', cell: (person) => person.username },
  { header: 'User ID', cell: (person) => person.id },
  { header: 'Email', cell: (person) => person.email },
];

function People({ title, people }: { title: string; people: UserBriefResponse[] }) {
  return (
    <Paper withBorder p="md">
      <Title order={3} size="h4" mb="sm">
        {title}
      </Title>
      <DataTable label={title} columns={PEOPLE} rows={people} rowKey={(person) => person.id} />
      {people.length === 0 ? (
        <Text c="dimmed" size="sm">
          Nobody online
        </Text>
      ) : null}
    </Paper>
  );
}

/** The Online tables, kept current over the superuser's socket (without JavaScript, as loaded). */
function useLiveOnline(users: UserBriefResponse[], trainers: UserBriefResponse[]) {
  const { socket } = useRealtime();
  const [online, setOnline] = useState({ users, trainers });
  useEffect(() => setOnline({ users, trainers }), [users, trainers]);
  useEffect(() => {
    if (!socket) return;
    const onPresence = ({ user, trainer, online: isOnline }: AdminPresenceEvent) => {
      const key = trainer ? 'trainers' : 'users';
      setOnline((current) => {
        const others = current[key].filter((person) => person.id !== user.id);
        const list = isOnline ? [...others, user].sort((a, b) => a.id - b.id) : others;
        return { ...current, [key]: list };
      });
    };
    socket.on(CHAT_SERVER_EVENTS.adminPresence, onPresence);
    return () => {
      socket.off(CHAT_SERVER_EVENTS.adminPresence, onPresence);
    };
  }, [socket]);
  return online;
}

/** docs/product.md §2.11: the totals, the reported reviews, Top Programs, who is online, and the last 30 days. */
export default function AdminDashboardRoute() {
  const stats = useLoaderData<typeof loader>();
  const { totals } = stats;
  const online = useLiveOnline(stats.online_users, stats.online_trainers);
  return (
    <Stack gap="lg">
      <Title order={1}>Dashboard</Title>
      <SimpleGrid cols={{ base: 2, md: 5 }}>
        <Figure label="Users" value={totals.users} />
        <Figure label="Trainers" value={totals.trainers} />
        <Figure label="Programs" value={totals.programs} />
        <Figure label="Active subscriptions" value={totals.active_subscriptions} />
        <Figure label="Revenue" value={<Amounts list={totals.revenue} />} />
      </SimpleGrid>
      <Text>
        <Anchor component={Link} to="/admin/reviews">
          Reported reviews: {stats.reportedReviews}
        </Anchor>
      </Text>
      <Paper withBorder p="md">
        <Title order={3} size="h4" mb="sm">
          Top Programs
        </Title>
        <DataTable
          label="Top Programs"
          columns={TOP}
          rows={stats.top_programs}
          rowKey={(program) => program.id}
        />
      </Paper>
      <SimpleGrid cols={{ base: 1, md: 2 }}>
        <People title="Online Trainers" people={online.trainers} />
        <People title="Online Users" people={online.users} />
      </SimpleGrid>
      <Paper withBorder p="md">
        <Title order={3} size="h4" mb="sm">
          New subscriptions, last {stats.days.length} days
        </Title>
        <DailyChart days={stats.days} />
        <details>
          <summary>The figures per day</summary>
          <DataTable label="Per day" columns={DAYS} rows={stats.days} rowKey={(day) => day.date} />
        </details>
      </Paper>
    </Stack>
  );
}
