import { describe, expect, it } from '@jest/globals';
import type { RenderedMail } from '../../api/src/modules/mail/mail.templates.js';
import * as templates from '../../api/src/modules/mail/mail.templates.js';
import { receiptHtml } from '../../api/src/modules/payments/receipt.template.js';
import { misspellingsIn } from '../fixtures/misspellings.js';

/*
 * Every e-mail template, rendered with sample data under a site name that is not the default: each names the site
 * (SITE_NAME) in its subject, greeting signature and HTML, never another brand, and holds none of the old
 * misspellings. The templates are read from the module's exports, so a new one without sample data here fails.
 */

const SITE = 'Northside Gym';
const LINK = 'https://gym.example/somewhere';
const person = { to: 'ann@example.com', firstName: 'Ann' };
const money = { programName: 'Core Basics', amountMinor: 4900, currency: 'EUR', orderId: 'ORDER-1' };

const SAMPLES: Record<string, (site: string) => RenderedMail[]> = {
  verifyEmailMail: (site) => [
    templates.verifyEmailMail({ firstName: 'Ann', purpose: 'register', link: LINK }, site),
    templates.verifyEmailMail({ firstName: 'Ann', purpose: 'email-change', link: LINK }, site),
  ],
  passwordResetMail: (site) => [templates.passwordResetMail({ firstName: 'Ann', link: LINK }, site)],
  paymentReceiptMail: (site) => [
    templates.paymentReceiptMail(
      { ...person, ...money, programId: 7, paidAt: '2026-11-23T18:00:00.000Z' },
      LINK,
      site,
    ),
  ],
  subscriptionRefundedMail: (site) =>
    [false, true].map((withdrawn) =>
      templates.subscriptionRefundedMail(
        { ...person, ...money, withdrawn, refundedAt: '2026-11-24T09:00:00.000Z' },
        LINK,
        site,
      ),
    ),
  programRejectedMail: (site) => [
    templates.programRejectedMail({ ...person, programName: 'Core', reason: 'Add videos' }, LINK, site),
  ],
  trainerLeftMail: (site) => [
    templates.trainerLeftMail({ ...person, programName: 'Core', programId: 7 }, LINK, site),
  ],
  lessonReminderMail: (site) =>
    [false, true].map((opensToday) =>
      templates.lessonReminderMail(
        {
          ...person,
          programName: 'Core',
          programId: 7,
          lessonNumber: 3,
          lessonTitle: 'Plank',
          opensToday,
          unsubscribeToken: '7.signature',
        },
        { lesson: LINK, unsubscribe: `${LINK}?token=7.signature` },
        site,
      ),
    ),
};

const templateNames = Object.keys(templates).filter((name) => name.endsWith('Mail'));

describe('the e-mail templates', () => {
  it('each has sample data here', () => {
    expect(Object.keys(SAMPLES).sort()).toEqual(templateNames.sort());
  });

  it.each(templateNames)('%s names the site, no other brand, and has no misspelling', (name) => {
    for (const mail of SAMPLES[name](SITE)) {
      const whole = [mail.subject, mail.text, mail.html].join('\n');
      expect(misspellingsIn(whole)).toEqual([]);
      expect(whole).not.toMatch(/FitCoach|Get-?Fit/i);
      expect(mail.text).toContain(`The ${SITE} team`);
      expect(mail.html).toContain(`>${SITE}</p>`);
    }
  });

  it('puts the site name in every subject', () => {
    const subjects = Object.values(SAMPLES).flatMap((render) => render(SITE).map((mail) => mail.subject));
    expect(subjects.every((subject) => subject.includes(SITE))).toBe(true);
  });
});

describe('the receipt page', () => {
  it('names the site as the seller, in its title and its heading', () => {
    const html = receiptHtml(
      {
        number: 'R-1',
        siteUrl: 'https://gym.example',
        siteName: SITE,
        trainerName: 'Tess Trainer',
        buyerName: 'Ann Member',
        buyerEmail: 'ann@example.com',
        programName: 'Core',
        amount: 49,
        currency: 'EUR',
        completedAt: new Date('2026-11-23T18:00:00.000Z'),
        refundedAt: null,
        provider: 'test',
        orderId: 'ORDER-1',
        captureId: null,
      },
      'en-GB',
    );
    expect(html).toContain(`<title>Receipt R-1 – ${SITE}</title>`);
    expect(html).toContain(`<p class="brand">${SITE}</p>`);
    expect(html).toContain(`${SITE} (https://gym.example), for the trainer Tess Trainer`);
    expect(misspellingsIn(html)).toEqual([]);
    expect(html).not.toMatch(/FitCoach|Get-?Fit/i);
  });
});
