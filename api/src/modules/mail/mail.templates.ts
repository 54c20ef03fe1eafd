import { VERIFY_EMAIL_LINK_TTL_HOURS, type VerifyEmailJob } from '@fitcoach/contracts';

export interface RenderedMail {
  subject: string;
  text: string;
  html: string;
}

interface VerifyEmailCopy {
  subject: string;
  intro: string;
  button: string;
  notYou: string;
}

const VERIFY_EMAIL_COPY: Record<VerifyEmailJob['purpose'], VerifyEmailCopy> = {
  register: {
    subject: 'Verify your FitCoach e-mail address',
    intro: 'Welcome to FitCoach! Please confirm your e-mail address to activate your account.',
    button: 'Verify my e-mail address',
    notYou: 'If you did not create a FitCoach account, you can ignore this message.',
  },
  'email-change': {
    subject: 'Confirm your new FitCoach e-mail address',
    intro: 'Please confirm that this is the new e-mail address of your FitCoach account.',
    button: 'Confirm my new address',
    notYou:
      'If you did not ask for this change, ignore this message: your account keeps its current address.',
  },
};

function escapeHtml(value: string): string {
  return value
    .replaceAll('&', '&amp;')
    .replaceAll('<', '&lt;')
    .replaceAll('>', '&gt;')
    .replaceAll('"', '&quot;')
    .replaceAll("'", '&#39;');
}

/**
 * The verification mail, as plain text and as HTML. The HTML is self-contained (inline styles, no images or web
 * fonts), because mail clients strip style sheets and block remote content.
 */
export function verifyEmailMail(
  input: Pick<VerifyEmailJob, 'firstName' | 'purpose'> & { link: string },
): RenderedMail {
  const copy = VERIFY_EMAIL_COPY[input.purpose];
  const validity = `This link is valid for ${VERIFY_EMAIL_LINK_TTL_HOURS} hours.`;
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
    'The FitCoach team',
    '',
  ].join('\n');

  const name = escapeHtml(input.firstName);
  const link = escapeHtml(input.link);
  const small = 'margin:16px 0 0;font-size:13px;line-height:1.5;color:#52606d;';
  const html = `<!DOCTYPE html>
<html lang="en">
<head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1"><title>${escapeHtml(copy.subject)}</title></head>
<body style="margin:0;padding:24px;background:#f1f3f5;font-family:Arial,Helvetica,sans-serif;color:#1f2933;">
<div style="max-width:480px;margin:0 auto;padding:32px;background:#ffffff;border-radius:8px;">
<p style="margin:0 0 24px;font-size:20px;font-weight:bold;color:#1c7ed6;">FitCoach</p>
<p style="margin:0 0 16px;font-size:15px;line-height:1.5;">Hi ${name},</p>
<p style="margin:0 0 24px;font-size:15px;line-height:1.5;">${escapeHtml(copy.intro)}</p>
<p style="margin:0;"><a href="${link}" style="display:inline-block;padding:12px 20px;background:#1c7ed6;color:#ffffff;font-size:15px;font-weight:bold;text-decoration:none;border-radius:6px;">${escapeHtml(copy.button)}</a></p>
<p style="${small}">Or open this link: <a href="${link}" style="color:#1c7ed6;word-break:break-all;">${link}</a></p>
<p style="${small}">${escapeHtml(validity)} ${escapeHtml(copy.notYou)}</p>
</div>
</body>
</html>
`;
  return { subject: copy.subject, text, html };
}
