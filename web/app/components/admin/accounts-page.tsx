import { ACCOUNT_SEARCH_MAX_LENGTH, type UserBriefResponse } from '@fitcoach/contracts';
import { Button, Group, NativeSelect, Stack, TextInput, Title } from '@mantine/core';
import { Form, useSearchParams } from '@remix-run/react';
import { PeopleTable } from '~/components/admin/people-table';
import type { Column } from '~/components/layout/data-table';
import { Pager } from '~/components/catalogue/pager';

interface AccountsPageProps<P extends UserBriefResponse> {
  title: 'Users' | 'Trainers';
  me: number;
  items: P[];
  total: number;
  page: number;
  pageSize: number;
  extraColumns?: Column<P>[];
}

/** The admin's Users and Trainers pages (docs/product.md §2.11): a GET search form, which needs no JavaScript. */
export function AccountsPage<P extends UserBriefResponse>({
  title,
  me,
  items,
  total,
  page,
  pageSize,
  extraColumns,
}: AccountsPageProps<P>) {
  const [search] = useSearchParams();
  return (
    <Stack>
      <Title order={1}>{title}</Title>
      <Form method="get" role="search" aria-label={`Search ${title.toLowerCase()}`}>
        <Group align="flex-end" gap="sm">
          <TextInput
            label="Name or e-mail"
            name="search"
            type="search"
            maxLength={ACCOUNT_SEARCH_MAX_LENGTH}
            defaultValue={search.get('search') ?? ''}
          />
          <NativeSelect
            label="Joined"
            name="sort"
            defaultValue={search.get('sort') === 'oldest' ? 'oldest' : 'newest'}
            data={[
              { value: 'newest', label: 'Newest first' },
              { value: 'oldest', label: 'Oldest first' },
            ]}
          />
          <Button type="submit">Search</Button>
        </Group>
      </Form>
      <PeopleTable label={title} people={items} me={me} extraColumns={extraColumns} />
      <Pager page={page} pageSize={pageSize} total={total} />
    </Stack>
  );
}
