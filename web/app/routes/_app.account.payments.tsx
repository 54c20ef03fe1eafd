import {
  formatDay,
  formatMoney,
  type MyPaymentResponse,
  PAGINATION,
  type PaymentStatus,
} from '@fitcoach/contracts';
import { Anchor, Container, Stack, Title } from '@mantine/core';
import type { LoaderFunctionArgs, MetaFunction } from '@remix-run/node';
import { Link, useLoaderData } from '@remix-run/react';
import { Pager } from '~/components/catalogue/pager';
import { requestLocale } from '~/utils/locale.server';
import { NoProgrammesYet } from '~/components/dashboard/placeholders';
import { type Column, DataTable } from '~/components/layout/data-table';
import { api } from '~/utils/api/endpoints.server';
import { requireUser } from '~/utils/auth.server';
import { pageParam, requirePageInRange } from '~/utils/catalogue';
import { dataOrThrow } from '~/utils/invariant';
import { sessionLoader } from '~/utils/route.server';
import { privatePageMeta } from '~/utils/seo';

export const meta: MetaFunction = () =>
  privatePageMeta('Payment history', 'Your payments on FitCoach and their receipts.');

const PAGE_SIZE = PAGINATION.defaultPageSize;

const STATUS_WORDS: Record<PaymentStatus, string> = {
  completed: 'Paid',
  refunded: 'Refunded',
  created: 'Not completed',
  failed: 'Failed',
};

/** A payment as the table shows it: its amount and day written on the server, as the visitor's language writes them. */
interface PaymentRow extends MyPaymentResponse {
  day: string;
  price: string;
}

export const loader = sessionLoader(async (args: LoaderFunctionArgs) => {
  await requireUser(args);
  const page = pageParam(new URL(args.request.url).searchParams);
  const list = dataOrThrow(await api.myPayments(args, { page, pageSize: PAGE_SIZE }));
  requirePageInRange(page, PAGE_SIZE, list.total);
  const locale = requestLocale(args.request);
  const rows: PaymentRow[] = list.items.map((payment) => ({
    ...payment,
    day: formatDay(payment.completed_at ?? payment.created_at, locale),
    price: formatMoney(payment.amount, payment.currency, locale),
  }));
  return { rows, total: list.total, page, pageSize: PAGE_SIZE };
});

const COLUMNS: Column<PaymentRow>[] = [
  { header: 'Date', cell: (row) => row.day },
  {
    header: 'Programme',
    cell: (row) => (
      <Anchor component={Link} to={`/programDetails/${row.program.id}`} style={{ overflowWrap: 'anywhere' }}>
        {row.program.name}
      </Anchor>
    ),
  },
  { header: 'Amount', cell: (row) => row.price },
  { header: 'Status', cell: (row) => STATUS_WORDS[row.status] },
  {
    header: 'Receipt',
    cell: (row) =>
      row.receipt_number ? (
        // A page of the server's, outside the app: loaded whole, never rendered by the app in the browser.
        <Anchor
          component={Link}
          to={`/account/payments/${row.id}/receipt`}
          reloadDocument
          aria-label={`Receipt ${row.receipt_number} for ${row.program.name}`}
        >
          Receipt
        </Anchor>
      ) : null,
  },
];

/** docs/product.md §2.12: the member's payments, newest first, each paid one with its receipt. */
export default function PaymentHistoryRoute() {
  const { rows, total, page, pageSize } = useLoaderData<typeof loader>();
  return (
    <Container size="lg" py="xl">
      <Stack>
        <Title order={1}>Payment history</Title>
        {total === 0 ? (
          <NoProgrammesYet message="You have not paid for any programme yet." />
        ) : (
          <>
            <DataTable
              label="Payments"
              columns={COLUMNS}
              rows={rows}
              rowKey={(row) => row.id}
              minWidth={640}
            />
            <Pager page={page} pageSize={pageSize} total={total} />
          </>
        )}
      </Stack>
    </Container>
  );
}
