import { currentYear } from '@fitcoach/contracts';
import { Link } from '@remix-run/react';
import ui from '~/components/ui/ui.module.css';
import { siteName } from '~/utils/site-name';
import { SITE_PAGES } from '~/utils/site-pages';
import classes from './footer.module.css';

interface FooterColumn {
  title: string;
  links: { label: string; to: string }[];
}

const EXPLORE: FooterColumn = {
  title: 'Explore',
  links: [
    { label: 'Programmes', to: '/programmes' },
    { label: 'Find trainers', to: '/findTrainer' },
    { label: 'Become a trainer', to: '/trainerRegister' },
  ],
};

const INFORMATION: FooterColumn = {
  title: 'Information',
  links: SITE_PAGES.map(({ slug, label }) => ({ label, to: `/${slug}` })),
};

/* Plain elements, as in the navbar: the footer is on every page (docs/performance.md). */
export function Footer() {
  const name = siteName();
  return (
    <footer className={classes.footer}>
      <div className={ui.container}>
        <div className={classes.columns}>
          <div className={classes.column}>
            <p className={classes.brand}>{name}</p>
            <p className={ui.dimmed}>Day-by-day fitness programmes with a video for every lesson.</p>
          </div>
          {[EXPLORE, INFORMATION].map((column) => (
            <nav key={column.title} aria-label={column.title} className={classes.column}>
              <h3 className={classes.columnTitle}>{column.title}</h3>
              {column.links.map((link) => (
                <Link key={link.to} to={link.to} className={`${ui.dimmed} ${classes.link}`}>
                  {link.label}
                </Link>
              ))}
            </nav>
          ))}
        </div>
        <div className={classes.bottom}>
          <p className={ui.dimmed}>
            © {name} {currentYear()}
          </p>
        </div>
      </div>
    </footer>
  );
}
