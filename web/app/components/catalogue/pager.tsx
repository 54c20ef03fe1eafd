import { Link, useSearchParams } from '@remix-run/react';
import ui from '~/components/ui/ui.module.css';
import classes from './catalogue.module.css';

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

/** "Previous" and "Next" links that keep the page's other query parameters (its filters), in plain elements. */
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
    <nav aria-label={label} className={classes.pager}>
      {page > 1 ? (
        <Link to={linkTo(Math.min(page - 1, pages))} className={`${ui.button} ${ui.default}`}>
          Previous
        </Link>
      ) : null}
      <span className={ui.dimmed}>
        Page {page} of {pages}
      </span>
      {page < pages ? (
        <Link to={linkTo(page + 1)} className={`${ui.button} ${ui.default}`}>
          Next
        </Link>
      ) : null}
    </nav>
  );
}
