import { Button, Group, Text } from '@mantine/core';
import { Link, useSearchParams } from '@remix-run/react';

interface PagerProps {
  page: number;
  pageSize: number;
  total: number;
  /** The query parameter of the page, where a page lists two things ("page" by default). */
  param?: string;
  /** Where the links land on the page (an element's id). */
  hash?: string;
  label?: string;
}

/** "Previous" and "Next" links that keep the page's other query parameters (its filters). */
export function Pager({ page, pageSize, total, param = 'page', hash, label = 'Pages' }: PagerProps) {
  const [searchParams] = useSearchParams();
  const pages = Math.max(1, Math.ceil(total / pageSize));
  if (pages === 1 && page === 1) return null;
  const linkTo = (target: number) => {
    const search = new URLSearchParams(searchParams);
    search.set(param, String(target));
    return `?${search.toString()}${hash ? `#${hash}` : ''}`;
  };
  return (
    <Group component="nav" aria-label={label} justify="center" mt="xl" gap="md">
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
