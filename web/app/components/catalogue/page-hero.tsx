import { Link } from '@remix-run/react';
import { HeroBanner } from '~/components/layout/hero-banner';
import ui from '~/components/ui/ui.module.css';
import classes from './catalogue.module.css';

interface PageHeroProps {
  title: string;
  text: string;
  sectionId: string;
}

/**
 * The banner of the catalogue pages (docs/product.md §2.1), with its "Get Started" and "Learn More" buttons; plain
 * elements, as everything the catalogue renders for every visit (docs/performance.md).
 */
export function PageHero({ title, text, sectionId }: PageHeroProps) {
  return (
    <HeroBanner title={title} text={text}>
      <Link to="/register" className={`${ui.button} ${ui.buttonMd} ${ui.filled}`}>
        Get Started
      </Link>
      <a href={`#${sectionId}`} className={`${ui.button} ${ui.buttonMd} ${ui.white}`}>
        Learn More
      </a>
    </HeroBanner>
  );
}

export function SectionIntro({ id, title, text }: { id: string; title: string; text: string }) {
  return (
    <>
      <h2 id={id} className={`${ui.title} ${ui.h2} ${ui.gapBelowXs}`}>
        {title}
      </h2>
      <p className={`${ui.text} ${classes.intro} ${ui.gapBelowXl}`}>{text}</p>
    </>
  );
}
