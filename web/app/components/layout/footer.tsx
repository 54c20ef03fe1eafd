import { currentYear } from '@fitcoach/contracts';
import { Link } from '@remix-run/react';
import ui from '~/components/ui/ui.module.css';
import classes from './footer.module.css';

interface FooterLink {
  label: string;
  /** A page of the app; links without one are docs/product.md §2's placeholders. */
  to?: string;
}

interface FooterColumn {
  title: string;
  links: FooterLink[];
}

// docs/product.md §2 calls the footer links placeholders: only "Account Login" has a page of its own.
const PLACEHOLDER_HREF = '#';

const COLUMNS: FooterColumn[] = [
  {
    title: 'Help & Information',
    links: [
      { label: 'Supplements' },
      { label: 'Company' },
      { label: 'Loyalty & Rewards' },
      { label: 'Contact Us' },
    ],
  },
  {
    title: 'Track Your Order',
    links: [
      { label: 'Track Your Order' },
      { label: 'Help Center' },
      { label: 'Account Login', to: '/login' },
      { label: 'Returns Policy' },
    ],
  },
];

const LEGAL_LINKS = ['Privacy Policy', 'Terms of Use', 'Accessibility'];

/* Plain elements, as in the navbar: the footer is on every page (docs/performance.md). */

function Newsletter() {
  return (
    <div>
      <h3 className={classes.columnTitle}>Join our Newsletter</h3>
      <p className={`${ui.dimmed} ${classes.intro}`}>
        Sign up below to receive discounts, newsletters, recipes, tips, and more!
      </p>
      {/*
        docs/product.md §2.2 leaves the newsletter's submit behaviour unspecified, so nothing is sent: there is no
        <form>, whose implicit submission on Enter would put the address in a URL, and the button claims no success.
      */}
      <div className={`${ui.group} ${ui.nowrap}`} role="group" aria-label="Newsletter">
        <input
          type="email"
          name="email"
          placeholder="Email"
          aria-label="Email address"
          autoComplete="email"
          className={`${ui.input} ${classes.email}`}
        />
        <button type="button" className={`${ui.button} ${ui.filled}`}>
          SUBMIT
        </button>
      </div>
    </div>
  );
}

export function Footer() {
  return (
    <footer className={classes.footer}>
      <div className={ui.container}>
        <div className={classes.columns}>
          <p className={classes.brand}>Get-Fit</p>
          {COLUMNS.map((column) => (
            <div key={column.title} className={classes.column}>
              <h3 className={classes.columnTitle}>{column.title}</h3>
              {column.links.map((link) =>
                link.to ? (
                  <Link key={link.label} to={link.to} className={`${ui.dimmed} ${classes.link}`}>
                    {link.label}
                  </Link>
                ) : (
                  <a key={link.label} href={PLACEHOLDER_HREF} className={`${ui.dimmed} ${classes.link}`}>
                    {link.label}
                  </a>
                ),
              )}
            </div>
          ))}
          <Newsletter />
        </div>
        <div className={`${ui.group} ${classes.bottom}`}>
          <p className={ui.dimmed}>© Get-Fit {currentYear()}</p>
          <div className={`${ui.group} ${classes.legal}`}>
            {LEGAL_LINKS.map((label) => (
              <a key={label} href={PLACEHOLDER_HREF} className={`${ui.dimmed} ${classes.link}`}>
                {label}
              </a>
            ))}
          </div>
        </div>
      </div>
    </footer>
  );
}
