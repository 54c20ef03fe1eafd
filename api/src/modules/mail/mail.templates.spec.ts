import { describe, expect, it } from '@jest/globals';
import { verifyEmailMail } from './mail.templates.js';

describe(verifyEmailMail.name, () => {
  const link = 'https://fit.example/verify/abc123';

  it.each(['register', 'email-change'] as const)('writes a self-contained HTML mail for %s', (purpose) => {
    const { html } = verifyEmailMail({ firstName: 'Ann', purpose, link });
    // Mail clients block remote content: the only URL in the mail is the link itself.
    expect(html.match(/https?:\/\/[^"<\s]+/g)).toEqual([link, link, link]);
    expect(html).not.toMatch(/<img|<link|@import|url\(/i);
  });

  it('keeps the first name as typed in the text part and escapes it in the HTML part', () => {
    const { text, html } = verifyEmailMail({ firstName: `<i>Zoë</i> & "Co"`, purpose: 'register', link });
    expect(text).toContain(`Hi <i>Zoë</i> & "Co",`);
    expect(html).toContain('Hi &lt;i&gt;Zoë&lt;/i&gt; &amp; &quot;Co&quot;,');
  });
});
