import type { UserBriefResponse } from '@fitcoach/contracts';
import { Badge, Button, Group, Text } from '@mantine/core';
import { Form, Link, useLocation, useSearchParams } from '@remix-run/react';
import { type Column, DataTable } from '~/components/layout/data-table';
import { UrlDialog } from '~/components/layout/url-dialog';
import { SubmitButton } from '~/components/forms/form-actions';

interface PeopleTableProps<P extends UserBriefResponse> {
  label: string;
  people: P[];
  /** The signed-in superuser, who is offered no Block of themselves (the API refuses it too). */
  me: number;
  extraColumns?: Column<P>[];
}

function ToggleForm({ person, label }: { person: UserBriefResponse; label: string }) {
  return (
    <Form method="post" preventScrollReset>
      <input type="hidden" name="id" value={person.id} />
      <SubmitButton
        size="xs"
        variant={person.blocked ? 'default' : 'filled'}
        color={person.blocked ? undefined : 'red'}
      >
        {label}
      </SubmitButton>
    </Form>
  );
}

/** docs/product.md §2.11; Block's confirmation is a state of the URL (`?confirm=<id>`), needing no JavaScript. */
export function PeopleTable<P extends UserBriefResponse>({
  label,
  people,
  me,
  extraColumns = [],
}: PeopleTableProps<P>) {
  const [search] = useSearchParams();
  const { pathname } = useLocation();
  const confirming = people.find((person) => String(person.id) === search.get('confirm'));
  const without = new URLSearchParams(search);
  without.delete('confirm');
  const back = `${pathname}${without.size ? `?${without}` : ''}`;
  const ask = (id: number) => {
    const next = new URLSearchParams(without);
    next.set('confirm', String(id));
    return `${pathname}?${next}`;
  };
  const columns: Column<P>[] = [
    { header: 'ID', cell: (person) => person.id },
    { header: 'Name', cell: (person) => person.username },
    { header: 'Email', cell: (person) => person.email },
    {
      header: 'Status',
      cell: (person) => (
        <Group gap="xs" wrap="nowrap">
          <Badge color={person.blocked ? 'red' : 'green'} variant="light">
            {person.blocked ? 'Blocked' : 'Active'}
          </Badge>
          {person.blocked ? (
            <ToggleForm person={person} label="Unblock" />
          ) : person.id === me ? null : (
            <Button component={Link} to={ask(person.id)} size="xs" color="red" preventScrollReset>
              Block
            </Button>
          )}
        </Group>
      ),
    },
    ...extraColumns,
  ];
  return (
    <>
      {/* Scrolls inside its own box on a phone, never the page (docs/product.md §2.11). */}
      <DataTable
        label={label}
        columns={columns}
        rows={people}
        rowKey={(person) => person.id}
        minWidth={extraColumns.length > 0 ? 720 : 600}
      />
      {people.length === 0 ? <Text c="dimmed">Nobody yet.</Text> : null}
      <UrlDialog
        opened={confirming !== undefined}
        title={`Block ${confirming?.username ?? ''}?`}
        closeTo={back}
      >
        <Text mb="md">They are signed out everywhere at once and cannot sign in until unblocked.</Text>
        {confirming ? (
          <Group>
            <Button component={Link} to={back} variant="default" preventScrollReset>
              Cancel
            </Button>
            <ToggleForm person={confirming} label="Yes, block" />
          </Group>
        ) : null}
      </UrlDialog>
    </>
  );
}
