import { createHash } from 'node:crypto';
import { formatDay, formatMoney, type PaymentProvider } from '@fitcoach/contracts';
import { escapeHtml } from '../../common/http/html.js';

/** What a receipt states, read from the payment, its buyer and its programme. */
export interface ReceiptFacts {
  number: string;
  /** The site's public address and name (SITE_NAME): the site sells, on behalf of the trainer. */
  siteUrl: string;
  siteName: string;
  trainerName: string;
  buyerName: string;
  buyerEmail: string;
  programName: string;
  amount: number;
  currency: string;
  completedAt: Date;
  refundedAt: Date | null;
  provider: PaymentProvider;
  orderId: string;
  captureId: string | null;
}

const PROVIDER_NAMES: Record<PaymentProvider, string> = {
  paypal: 'PayPal',
  test: 'Test payments (no money was moved)',
};

const STYLE = `
body { margin: 0; padding: 24px; font-family: Arial, Helvetica, sans-serif; color: #1f2933; background: #f1f3f5; }
main { max-width: 640px; margin: 0 auto; padding: 32px; background: #ffffff; border-radius: 8px; }
.brand { margin: 0 0 8px; font-size: 22px; font-weight: bold; color: #1864ab; }
h1 { margin: 0 0 24px; font-size: 20px; }
.refunded { padding: 12px 16px; border: 1px solid #c92a2a; border-radius: 6px; color: #a61e1e; }
table { width: 100%; border-collapse: collapse; margin: 0 0 24px; }
th, td { padding: 8px 0; border-bottom: 1px solid #dee2e6; text-align: left; vertical-align: top; }
th { width: 40%; padding-right: 16px; font-weight: normal; color: #495057; }
td { overflow-wrap: anywhere; }
a { color: #1864ab; }
@media print {
  body { padding: 0; background: none; }
  main { max-width: none; padding: 0; }
  .screen-only { display: none; }
}
`;

/**
 * The receipt's policy: no script, frame, form, image or connection, and only its own stylesheet, named by its
 * hash; nothing it shows can do more than be read, whatever a programme's name holds.
 */
export const RECEIPT_CSP = [
  "default-src 'none'",
  `style-src 'sha256-${createHash('sha256').update(STYLE).digest('base64')}'`,
  "base-uri 'none'",
  "form-action 'none'",
  "frame-ancestors 'none'",
].join('; ');

/** The receipt of a completed payment as a printable, self-contained HTML page; every value is escaped. */
export function receiptHtml(facts: ReceiptFacts, locale: string | undefined): string {
  const date = (at: Date) =>
    `<time datetime="${at.toISOString()}">${escapeHtml(formatDay(at, locale))}</time>`;
  const provider = PROVIDER_NAMES[facts.provider];
  const rows: [label: string, html: string][] = [
    ['Receipt number', escapeHtml(facts.number)],
    ['Date', date(facts.completedAt)],
    [
      'Seller',
      `${escapeHtml(facts.siteName)} (${escapeHtml(facts.siteUrl)}), for the trainer ${escapeHtml(facts.trainerName)}`,
    ],
    ['Buyer', `${escapeHtml(facts.buyerName)}<br>${escapeHtml(facts.buyerEmail)}`],
    ['Programme', escapeHtml(facts.programName)],
    ['Amount', escapeHtml(formatMoney(facts.amount, facts.currency, locale))],
    ['Currency', escapeHtml(facts.currency)],
    ['Paid with', escapeHtml(provider)],
    ['Capture ID', escapeHtml(facts.captureId ?? '–')],
    ['Order ID', escapeHtml(facts.orderId)],
  ];
  if (facts.refundedAt) rows.push(['Refunded', date(facts.refundedAt)]);
  const table = rows
    .map(([label, html]) => `<tr><th scope="row">${label}</th><td>${html}</td></tr>`)
    .join('\n');
  const refunded = facts.refundedAt
    ? `<p class="refunded">This payment was refunded in full on ${date(facts.refundedAt)}.</p>\n`
    : '';
  return `<!DOCTYPE html>
<html lang="en">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<meta name="robots" content="noindex">
<title>Receipt ${escapeHtml(facts.number)} – ${escapeHtml(facts.siteName)}</title>
<style>${STYLE}</style>
</head>
<body>
<main>
<p class="brand">${escapeHtml(facts.siteName)}</p>
<h1>Receipt ${escapeHtml(facts.number)}</h1>
${refunded}<table>
${table}
</table>
<p>Thank you for your payment. Keep this receipt for your records.</p>
<p class="screen-only"><a href="${escapeHtml(facts.siteUrl)}/account/payments">Back to your payments</a></p>
</main>
</body>
</html>
`;
}
