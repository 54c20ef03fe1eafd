import {
  type AdminPresenceEvent,
  CHAT_SERVER_EVENTS,
  type Money,
  type UserBriefResponse,
} from '@fitcoach/contracts';
import { Paper, SimpleGrid, Stack, Table, Text, Title } from '@mantine/core';
import type { LoaderFunctionArgs } from '@remix-run/node';
import { useLoaderData } from '@remix-run/react';
import { useEffect, useState } from 'react';
import { DailyChart } from '~/components/admin/daily-chart';
import { useRealtime } from '~/components/realtime/realtime-provider';
import { api } from '~/utils/api/endpoints.server';
import { requireSuperuser } from '~/utils/auth.server';
import { dataOrThrow } from '~/utils/invariant';
import { sessionLoader } from '~/utils/route.server';

export const loader = sessionLoader(async (args: LoaderFunctionArgs) => {
  await requireSuperuser(args);
  return dataOrThrow(await api.adminStats(args));
});

const amounts = (list: Money[]) =>
  list.length ? list.map((m) => `${m.amount} ${m.currency}`).join(', ') : '0';

function Figure({ label, value }: { label: string; value: string | number }) {
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

function People({ title, people }: { title: string; people: UserBriefResponse[] }) {
  return (
    <Paper withBorder p="md">
      <Title order={3} size="h4" mb="sm">
        {title}
      </Title>
      <Table aria-label={title}>
        <Table.Thead>
          <Table.Tr>
            <Table.Th>Name</Table.Th>
            <Table.Th>User ID</Table.Th>
            <Table.Th>Email</Table.Th>
          </Table.Tr>
        </Table.Thead>
        <Table.Tbody>
          {people.map((person) => (
            <Table.Tr key={person.id}>
              <Table.Td>{person.username}</Table.Td>
              <Table.Td>{person.id}</Table.Td>
              <Table.Td>{person.email}</Table.Td>
            </Table.Tr>
          ))}
        </Table.Tbody>
      </Table>
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

/** docs/product.md §2.11: the totals, Top Programs, who is online, and the last 30 days. */
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
        <Figure label="Revenue" value={amounts(totals.revenue)} />
      </SimpleGrid>
      <Paper withBorder p="md">
        <Title order={3} size="h4" mb="sm">
          Top Programs
        </Title>
        <Table aria-label="Top Programs">
          <Table.Thead>
            <Table.Tr>
              <Table.Th>Program</Table.Th>
              <Table.Th>Users</Table.Th>
              <Table.Th>Trainer</Table.Th>
              <Table.Th>Revenue</Table.Th>
            </Table.Tr>
          </Table.Thead>
          <Table.Tbody>
            {stats.top_programs.map((program) => (
              <Table.Tr key={program.id}>
                <Table.Td>{program.name}</Table.Td>
                <Table.Td>{program.users}</Table.Td>
                <Table.Td>{program.trainer}</Table.Td>
                <Table.Td>{amounts(program.revenue)}</Table.Td>
              </Table.Tr>
            ))}
          </Table.Tbody>
        </Table>
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
          <Table aria-label="Per day">
            <Table.Thead>
              <Table.Tr>
                <Table.Th>Day</Table.Th>
                <Table.Th>Subscriptions</Table.Th>
                <Table.Th>Revenue</Table.Th>
              </Table.Tr>
            </Table.Thead>
            <Table.Tbody>
              {stats.days.map((day) => (
                <Table.Tr key={day.date}>
                  <Table.Td>{day.date}</Table.Td>
                  <Table.Td>{day.subscriptions}</Table.Td>
                  <Table.Td>{amounts(day.revenue)}</Table.Td>
                </Table.Tr>
              ))}
            </Table.Tbody>
          </Table>
        </details>
      </Paper>
    </Stack>
  );
}
