import type { ReactNode } from 'react';
import ui from '~/components/ui/ui.module.css';
import classes from './hero-banner.module.css';

interface HeroBannerProps {
  title: string;
  text: string;
  /** The home page's taller banner, with larger type. */
  large?: boolean;
  /** The banner's buttons, under the text. */
  children: ReactNode;
}

/**
 * The dark banner that opens the home page and the catalogue pages: a title, a line of text and buttons. Plain
 * elements: the home page loads no Mantine component (docs/performance.md).
 */
export function HeroBanner({ title, text, large = false, children }: HeroBannerProps) {
  return (
    <section className={large ? `${classes.hero} ${classes.large}` : classes.hero}>
      <div className={`${ui.container} ${classes.heroInner}`}>
        <h1 className={`${ui.title} ${classes.heroTitle}`}>{title}</h1>
        <p className={classes.heroText}>{text}</p>
        <div className={`${ui.group} ${classes.actions}`}>{children}</div>
      </div>
    </section>
  );
}
