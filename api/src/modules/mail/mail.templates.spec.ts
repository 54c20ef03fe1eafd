import { describe, expect, it } from '@jest/globals';
import {
  passwordResetMail,
  paymentReceiptMail,
  programRejectedMail,
  subscriptionRefundedMail,
  trainerLeftMail,
  verifyEmailMail,
} from './mail.templates.js';

describe(verifyEmailMail.name, () => {
  const link = 'https://fit.example/verify/abc123';

  it.each(['register', 'email-change'] as const)('writes a self-contained HTML mail for %s', (purpose) => {
    const { html } = verifyEmailMail({ firstName: 'Ann', purpose, link }, 'FitCoach');
    // Mail clients block remote content: the only URL in the mail is the link itself.
    expect(html.match(/https?:\/\/[^"<\s]+/g)).toEqual([link, link, link]);
    expect(html).not.toMatch(/<img|<link|@import|url\(/i);
  });

  it('keeps the first name as typed in the text part and escapes it in the HTML part', () => {
    const { text, html } = verifyEmailMail(
      { firstName: `<i>Zoë</i> & "Co"`, purpose: 'register', link },
      'FitCoach',
    );
    expect(text).toContain(`Hi <i>Zoë</i> & "Co",`);
    expect(html).toContain('Hi &lt;i&gt;Zoë&lt;/i&gt; &amp; &quot;Co&quot;,');
  });
});

describe(passwordResetMail.name, () => {
  const link = 'https://fit.example/reset-password/abc123';

  it('gives the link, how long it works and what to do if the reader did not ask', () => {
    const { subject, text, html } = passwordResetMail({ firstName: 'Ann', link }, 'FitCoach');
    expect(subject).toBe('Choose a new FitCoach password');
    expect(text).toContain(link);
    expect(text).toContain('This link is valid for 60 minutes, once.');
    expect(text).toContain('If you did not ask for this, ignore this message: your password stays as it is.');
    expect(html.match(/https?:\/\/[^"<\s]+/g)).toEqual([link, link, link]);
  });
});

describe(paymentReceiptMail.name, () => {
  const job = {
    to: 'ann@example.com',
    firstName: 'Ann',
    programName: 'Core <Strength>',
    programId: 7,
    amountMinor: 4905,
    currency: 'EUR',
    paidAt: '2026-11-23T18:00:00.000Z',
    orderId: '5O190127TN364715T',
  };
  const link = 'https://fit.example/programLesson/7';

  it('names the programme, the amount with its currency, the date and the order id', () => {
    const { subject, text, html } = paymentReceiptMail(job, link, 'FitCoach');
    expect(subject).toBe('Your FitCoach receipt: Core <Strength>');
    for (const line of [
      'Programme: Core <Strength>',
      'Amount: 49.05 EUR',
      'Date: 23 November 2026',
      `Order id: ${job.orderId}`,
    ]) {
      expect(text).toContain(line);
    }
    expect(html).toContain('Core &lt;Strength&gt;');
    expect(html.match(/https?:\/\/[^"<\s]+/g)).toEqual([link]);
  });

  it.each([
    [3900, 'JPY', 'Amount: 3900 JPY'],
    [129950, 'INR', 'Amount: 1299.50 INR'],
  ])("writes %i minor units of %s with the currency's decimals", (amountMinor, currency, line) => {
    expect(paymentReceiptMail({ ...job, amountMinor, currency }, link, 'FitCoach').text).toContain(line);
  });
});

describe(subscriptionRefundedMail.name, () => {
  const refundMail = (withdrawn?: true) =>
    subscriptionRefundedMail(
      {
        ...(withdrawn && { withdrawn }),
        to: 'ann@example.com',
        firstName: 'Ann',
        programName: 'Core',
        amountMinor: 2500,
        currency: 'USD',
        refundedAt: '2026-11-24T09:00:00.000Z',
        orderId: 'ORDER1',
      },
      'https://fit.example/programmes',
      'FitCoach',
    );

  it('tells the member the subscription ended with the refund', () => {
    const { subject, text } = refundMail();
    expect(subject).toBe('Your FitCoach subscription was cancelled: Core');
    expect(text).toContain('your subscription to this programme has ended');
    expect(text).toContain('Refunded amount: 25.00 USD');
    expect(text).toContain('Date: 24 November 2026');
  });

  it('tells the member of a programme withdrawn from sale that the payment came back and nothing began', () => {
    const { subject, text } = refundMail(true);
    expect(subject).toBe('Your FitCoach payment was refunded: Core');
    expect(text).toContain('withdrawn from sale while you were paying for it');
    expect(text).toContain('No subscription was started.');
    expect(text).not.toContain('has ended');
    expect(text).toContain('Refunded amount: 25.00 USD');
  });
});

describe(programRejectedMail.name, () => {
  it('gives the trainer the reason, escaped in the HTML part, and the way to the dashboard', () => {
    const link = 'https://fit.example/trainerDashboard';
    const { subject, text, html } = programRejectedMail(
      { to: 'tess@example.com', firstName: 'Tess', programName: 'Core', reason: 'Add <b>lesson</b> videos' },
      link,
      'FitCoach',
    );
    expect(subject).toBe('Your FitCoach programme was not approved: Core');
    expect(text).toContain('Reason: Add <b>lesson</b> videos');
    expect(text).toContain(`Open my dashboard: ${link}`);
    expect(html).toContain('Add &lt;b&gt;lesson&lt;/b&gt; videos');
    expect(html.match(/https?:\/\/[^"<\s]+/g)).toEqual([link]);
  });
});

describe(trainerLeftMail.name, () => {
  it('names the programme, says what changes and what stays, and links to the lessons', () => {
    const link = 'https://fit.example/programLesson/7';
    const job = { to: 'sam@example.com', firstName: 'Sam', programName: 'Core <Basics>', programId: 7 };
    const { subject, text, html } = trainerLeftMail(job, link, 'FitCoach');
    expect(subject).toBe("Your FitCoach programme's trainer has left: Core <Basics>");
    expect(text).toContain('Programme: Core <Basics>');
    expect(text).toContain('Your subscription and its lessons stay open to you.');
    expect(text).toContain(`Go to lessons: ${link}`);
    expect(html).toContain('Core &lt;Basics&gt;');
  });
});
