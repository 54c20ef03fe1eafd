import {
  fromMinorUnits,
  type LessonReminderJob,
  minorUnitDigits,
  type PaymentReceiptJob,
  type ProgramRejectedJob,
  type SubscriptionRefundedJob,
  type TrainerLeftJob,
  PASSWORD_RESET_LINK_TTL_MINUTES,
  VERIFY_EMAIL_LINK_TTL_HOURS,
  type VerifyEmailJob,
} from '@fitcoach/contracts';
import { escapeHtml } from '../../common/http/html.js';

export interface RenderedMail {
  subject: string;
  text: string;
  html: string;
}

interface LinkMailCopy {
  subject: string;
  intro: string;
  button: string;
  notYou: string;
}

const VERIFY_EMAIL_COPY: Record<VerifyEmailJob['purpose'], (site: string) => LinkMailCopy> = {
  register: (site) => ({
    subject: `Verify your ${site} e-mail address`,
    intro: `Welcome to ${site}! Please confirm your e-mail address to activate your account.`,
    button: 'Verify my e-mail address',
    notYou: `If you did not create a ${site} account, you can ignore this message.`,
  }),
  'email-change': (site) => ({
    subject: `Confirm your new ${site} e-mail address`,
    intro: `Please confirm that this is the new e-mail address of your ${site} account.`,
    button: 'Confirm my new address',
    notYou:
      'If you did not ask for this change, ignore this message: your account keeps its current address.',
  }),
};

/** The verification mail, as plain text and as HTML. */
export function verifyEmailMail(
  input: Pick<VerifyEmailJob, 'firstName' | 'purpose'> & { link: string },
  site: string,
): RenderedMail {
  const validity = `This link is valid for ${VERIFY_EMAIL_LINK_TTL_HOURS} hours.`;
  return linkMail(VERIFY_EMAIL_COPY[input.purpose](site), { ...input, validity }, site);
}

const passwordResetCopy = (site: string): LinkMailCopy => ({
  subject: `Choose a new ${site} password`,
  intro: `Someone, hopefully you, asked to choose a new password for your ${site} account.`,
  button: 'Choose a new password',
  notYou:
    'If you did not ask for this, ignore this message: your password stays as it is. Choosing a new one signs you out everywhere.',
});

/** The password reset mail, as plain text and as HTML. */
export function passwordResetMail(input: { firstName: string; link: string }, site: string): RenderedMail {
  const validity = `This link is valid for ${PASSWORD_RESET_LINK_TTL_MINUTES} minutes, once.`;
  return linkMail(passwordResetCopy(site), { ...input, validity }, site);
}

/**
 * The HTML page every mail is: self-contained (inline styles, no images or web fonts), because mail clients strip
 * style sheets and block remote content. The site's name heads it and the greeting opens it; `body` is HTML.
 */
function htmlMail(head: { subject: string; firstName: string; site: string }, body: string): string {
  return `<!DOCTYPE html>
<html lang="en">
<head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1"><title>${escapeHtml(head.subject)}</title></head>
<body style="margin:0;padding:24px;background:#f1f3f5;font-family:Arial,Helvetica,sans-serif;color:#1f2933;">
<div style="max-width:480px;margin:0 auto;padding:32px;background:#ffffff;border-radius:8px;">
<p style="margin:0 0 24px;font-size:20px;font-weight:bold;color:#1c7ed6;">${escapeHtml(head.site)}</p>
<p style="margin:0 0 16px;font-size:15px;line-height:1.5;">Hi ${escapeHtml(head.firstName)},</p>
${body}
</div>
</body>
</html>
`;
}

/** A mail's one button: a link styled to stand out. */
function mailButton(href: string, label: string): string {
  return `<p style="margin:0;"><a href="${escapeHtml(href)}" style="display:inline-block;padding:12px 20px;background:#1c7ed6;color:#ffffff;font-size:15px;font-weight:bold;text-decoration:none;border-radius:6px;">${escapeHtml(label)}</a></p>`;
}

/** A mail whose point is one link, as plain text and as HTML. */
function linkMail(
  copy: LinkMailCopy,
  input: { firstName: string; link: string; validity: string },
  site: string,
): RenderedMail {
  const { validity } = input;
  const text = [
    `Hi ${input.firstName},`,
    '',
    copy.intro,
    '',
    input.link,
    '',
    validity,
    copy.notYou,
    '',
    `The ${site} team`,
    '',
  ].join('\n');

  const link = escapeHtml(input.link);
  const small = 'margin:16px 0 0;font-size:13px;line-height:1.5;color:#52606d;';
  const html = htmlMail(
    { subject: copy.subject, firstName: input.firstName, site },
    `<p style="margin:0 0 24px;font-size:15px;line-height:1.5;">${escapeHtml(copy.intro)}</p>
${mailButton(input.link, copy.button)}
<p style="${small}">Or open this link: <a href="${link}" style="color:#1c7ed6;word-break:break-all;">${link}</a></p>
<p style="${small}">${escapeHtml(validity)} ${escapeHtml(copy.notYou)}</p>`,
  );
  return { subject: copy.subject, text, html };
}

/** An amount in minor units with its currency, as the receipt shows it: "49.00 USD", "3900 JPY". */
export function formatAmount(amountMinor: number, currency: string): string {
  return `${fromMinorUnits(amountMinor, currency).toFixed(minorUnitDigits(currency))} ${currency}`;
}

/** A date as the mails show it, in UTC like everything the API sends: "23 November 2026". */
export function formatDate(iso: string): string {
  return new Intl.DateTimeFormat('en-GB', { dateStyle: 'long', timeZone: 'UTC' }).format(new Date(iso));
}

interface Statement {
  subject: string;
  firstName: string;
  intro: string;
  rows: [label: string, value: string][];
  outro: string;
  link: { label: string; href: string };
}

/** A mail with a small table of facts (receipt, refund), as text and self-contained HTML like the verification mail. */
function statementMail(statement: Statement, site: string): RenderedMail {
  const text = [
    `Hi ${statement.firstName},`,
    '',
    statement.intro,
    '',
    ...statement.rows.map(([label, value]) => `${label}: ${value}`),
    '',
    statement.outro,
    `${statement.link.label}: ${statement.link.href}`,
    '',
    `The ${site} team`,
    '',
  ].join('\n');
  const cell = 'padding:6px 0;font-size:15px;line-height:1.5;';
  const rows = statement.rows
    .map(
      ([label, value]) =>
        `<tr><td style="${cell}color:#52606d;padding-right:16px;">${escapeHtml(label)}</td><td style="${cell}">${escapeHtml(value)}</td></tr>`,
    )
    .join('\n');
  const html = htmlMail(
    { subject: statement.subject, firstName: statement.firstName, site },
    `<p style="margin:0 0 16px;font-size:15px;line-height:1.5;">${escapeHtml(statement.intro)}</p>
<table role="presentation" style="margin:0 0 16px;border-collapse:collapse;">
${rows}
</table>
<p style="margin:0 0 24px;font-size:15px;line-height:1.5;">${escapeHtml(statement.outro)}</p>
${mailButton(statement.link.href, statement.link.label)}`,
  );
  return { subject: statement.subject, text, html };
}

/** The receipt after a completed payment: programme, amount with currency, date and order id. */
export function paymentReceiptMail(job: PaymentReceiptJob, link: string, site: string): RenderedMail {
  return statementMail(
    {
      subject: `Your ${site} receipt: ${job.programName}`,
      firstName: job.firstName,
      intro: 'Thank you for your payment. Your subscription is active and the lessons are waiting for you.',
      rows: [
        ['Programme', job.programName],
        ['Amount', formatAmount(job.amountMinor, job.currency)],
        ['Date', formatDate(job.paidAt)],
        ['Order id', job.orderId],
      ],
      outro: 'Keep this e-mail as your receipt.',
      link: { label: 'Go to lessons', href: link },
    },
    site,
  );
}

/**
 * Sent when a refunded (or reversed) payment ended the subscription it paid for, or gave back the payment for a
 * programme withdrawn from sale before it completed.
 */
export function subscriptionRefundedMail(
  job: SubscriptionRefundedJob,
  link: string,
  site: string,
): RenderedMail {
  return statementMail(
    {
      subject: job.withdrawn
        ? `Your ${site} payment was refunded: ${job.programName}`
        : `Your ${site} subscription was cancelled: ${job.programName}`,
      firstName: job.firstName,
      intro: job.withdrawn
        ? 'This programme was withdrawn from sale while you were paying for it, so we refunded your payment in full. No subscription was started.'
        : 'Your payment was refunded, so your subscription to this programme has ended.',
      rows: [
        ['Programme', job.programName],
        ['Refunded amount', formatAmount(job.amountMinor, job.currency)],
        ['Date', formatDate(job.refundedAt)],
        ['Order id', job.orderId],
      ],
      outro: job.withdrawn
        ? 'You can choose another programme at any time.'
        : 'You can subscribe again at any time.',
      link: { label: 'Browse programmes', href: link },
    },
    site,
  );
}

/** Sent when a superuser rejected a trainer's programme: the reason, and the way back to edit and submit it again. */
export function programRejectedMail(job: ProgramRejectedJob, link: string, site: string): RenderedMail {
  return statementMail(
    {
      subject: `Your ${site} programme was not approved: ${job.programName}`,
      firstName: job.firstName,
      intro: `A ${site} admin reviewed your programme and did not publish it yet.`,
      rows: [
        ['Programme', job.programName],
        ['Reason', job.reason],
      ],
      outro: 'You can change your programme and ask for publication again from your dashboard.',
      link: { label: 'Open my dashboard', href: link },
    },
    site,
  );
}

/** Sent to the active subscribers of a programme whose trainer deleted their account. */
export function trainerLeftMail(job: TrainerLeftJob, link: string, site: string): RenderedMail {
  return statementMail(
    {
      subject: `Your ${site} programme's trainer has left: ${job.programName}`,
      firstName: job.firstName,
      intro: `The trainer of a programme you follow has closed their ${site} account.`,
      rows: [
        ['Programme', job.programName],
        ['What changes', 'The programme is no longer offered to new members.'],
        ['What stays', 'Your subscription and its lessons stay open to you.'],
      ],
      outro: 'The trainer can no longer answer messages.',
      link: { label: 'Go to lessons', href: link },
    },
    site,
  );
}

/**
 * The daily lesson reminder (docs/product.md, Reminders): the programme, today's lesson and its link, and a
 * one-click way to stop these mails.
 */
export function lessonReminderMail(
  job: LessonReminderJob,
  links: { lesson: string; unsubscribe: string },
  site: string,
): RenderedMail {
  const lesson = `Lesson ${job.lessonNumber}: ${job.lessonTitle}`;
  const subject = job.opensToday
    ? `Lesson ${job.lessonNumber} of ${job.programName} is open today on ${site}`
    : `Your ${site} lesson today: lesson ${job.lessonNumber} of ${job.programName}`;
  const intro = job.opensToday
    ? `A new lesson of ${job.programName} opened today: ${lesson}.`
    : `Your next lesson of ${job.programName} is waiting for you: ${lesson}.`;
  const stop = `You get this e-mail because lesson reminders are on for your ${site} account. To stop them, open this link:`;
  const text = [
    `Hi ${job.firstName},`,
    '',
    intro,
    '',
    `Start the lesson: ${links.lesson}`,
    '',
    `The ${site} team`,
    '',
    '--',
    stop,
    links.unsubscribe,
    '',
  ].join('\n');
  const small = 'margin:24px 0 0;font-size:13px;line-height:1.5;color:#52606d;';
  const html = htmlMail(
    { subject, firstName: job.firstName, site },
    `<p style="margin:0 0 24px;font-size:15px;line-height:1.5;">${escapeHtml(intro)}</p>
${mailButton(links.lesson, 'Start the lesson')}
<p style="${small}">You get this e-mail because lesson reminders are on for your ${escapeHtml(site)} account. <a href="${escapeHtml(links.unsubscribe)}" style="color:#1c7ed6;">Unsubscribe from lesson reminders</a>.</p>`,
  );
  return { subject, text, html };
}
