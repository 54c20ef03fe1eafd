import { AUDIT_ACTIONS, type AuditAction, type AuditEntryResponse } from '@fitcoach/contracts';
import { Anchor, Button, Group, NativeSelect, Text } from '@mantine/core';
import { Form, Link, useSearchParams } from '@remix-run/react';
import { type Column, DataTable } from '~/components/layout/data-table';

export const AUDIT_ACTION_LABELS: Readonly<Record<AuditAction, string>> = {
  block_user: 'Blocked an account',
  unblock_user: 'Unblocked an account',
  publish_program: 'Published a programme',
  block_program: 'Blocked a programme',
  reject_program: 'Rejected a programme',
  promote_superuser: 'Made a superuser',
  demote_superuser: 'Removed a superuser',
  retry_job: 'Queued a failed job again',
  delete_account: 'Deleted their own account',
  verify_trainer: 'Verified a trainer',
  unverify_trainer: 'Withdrew a trainer’s verification',
  hide_review: 'Hid a review',
  show_review: 'Showed a hidden review again',
};

export interface Actor {
  id: number;
  name: string;
}

/** "2026-11-24 18:05 UTC": the same text on the server and in any browser. */
export const utcMinute = (iso: string) => `${iso.slice(0, 10)} ${iso.slice(11, 16)} UTC`;

function useActorLink() {
  const [search] = useSearchParams();
  return (actor: number) => {
    const next = new URLSearchParams(search);
    next.delete('page');
    next.set('actor', String(actor));
    return `?${next}`;
  };
}

/** A GET form, so the Activity filters work without JavaScript and give a URL to share. */
export function AuditFilter({ actors }: { actors: Actor[] }) {
  const [search] = useSearchParams();
  const action = search.get('action') ?? '';
  const actor = search.get('actor') ?? '';
  return (
    <Form method="get" role="search" aria-label="Filter activity">
      <Group align="flex-end" gap="sm">
        <NativeSelect
          label="Action"
          name="action"
          defaultValue={AUDIT_ACTIONS.some((known) => known === action) ? action : ''}
          data={[
            { value: '', label: 'Any action' },
            ...AUDIT_ACTIONS.map((value) => ({ value, label: AUDIT_ACTION_LABELS[value] })),
          ]}
        />
        <NativeSelect
          label="Superuser"
          name="actor"
          defaultValue={actors.some((option) => String(option.id) === actor) ? actor : ''}
          data={[
            { value: '', label: 'Any superuser' },
            ...actors.map((option) => ({ value: String(option.id), label: option.name })),
          ]}
        />
        <Button type="submit">Filter</Button>
      </Group>
    </Form>
  );
}

export function AuditTable({ entries }: { entries: AuditEntryResponse[] }) {
  const actorLink = useActorLink();
  const columns: Column<AuditEntryResponse>[] = [
    { header: 'Time', cell: (entry) => utcMinute(entry.created_at) },
    {
      header: 'Superuser',
      cell: (entry) =>
        entry.actor.id === null ? (
          entry.actor.name
        ) : (
          <Anchor
            component={Link}
            to={actorLink(entry.actor.id)}
            aria-label={`Activity of ${entry.actor.name}`}
          >
            {entry.actor.name}
          </Anchor>
        ),
    },
    { header: 'Action', cell: (entry) => AUDIT_ACTION_LABELS[entry.action] },
    {
      header: 'Target',
      cell: (entry) =>
        entry.target.type === 'program' ? (
          <Anchor component={Link} to={`/programDetails/${entry.target.id}`}>
            {entry.target.label}
          </Anchor>
        ) : entry.target.type === 'trainer' ? (
          <Anchor component={Link} to={`/trainerPage/${entry.target.id}`}>
            {entry.target.label}
          </Anchor>
        ) : (
          entry.target.label
        ),
    },
    { header: 'Reason', cell: (entry) => entry.reason ?? '' },
  ];
  return (
    <>
      <DataTable
        label="Activity"
        columns={columns}
        rows={entries}
        rowKey={(entry) => entry.id}
        minWidth={720}
      />
      {entries.length === 0 ? <Text c="dimmed">Nothing recorded.</Text> : null}
    </>
  );
}
