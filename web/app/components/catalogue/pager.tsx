import { Button, Group, Text } from '@mantine/core';
import { Link, useSearchParams } from '@remix-run/react';

interface PagerProps {
  page: number;
  pageSize: number;
  total: number;
}

/** "Previous" and "Next" links that keep the page's other query parameters (its filters). */
export function Pager({ page, pageSize, total }: PagerProps) {
  const [searchParams] = useSearchParams();
  const pages = Math.max(1, Math.ceil(total / pageSize));
  if (pages === 1 && page === 1) return null;
  const linkTo = (target: number) => {
    const search = new URLSearchParams(searchParams);
    search.set('page', String(target));
    return `?${search.toString()}`;
  };
  return (
    <Group component="nav" aria-label="Pages" justify="center" mt="xl" gap="md">
      {page > 1 ? (
        <Button component={Link} to={linkTo(Math.min(page - 1, pages))} variant="default">
          Previous
        </Button>
      ) : null}
      <Text size="sm" c="dimmed">
        Page {page} of {pages}
      </Text>
      {page < pages ? (
        <Button component={Link} to={linkTo(page + 1)} variant="default">
          Next
        </Button>
      ) : null}
    </Group>
  );
}
