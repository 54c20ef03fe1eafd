import type { ReactNode } from 'react';
import ui from '~/components/ui/ui.module.css';
import classes from './hero-banner.module.css';

interface HeroBannerProps {
  title: string;
  text: string;
  large?: boolean;
  children: ReactNode;
}

/** Plain elements: the home page loads no Mantine component (docs/performance.md). */
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
