import type { ReactNode } from 'react';
import { Footer } from './footer';
import { Navbar } from './navbar';
import classes from './page-layout.module.css';

export function PageLayout({ children }: { children: ReactNode }) {
  return (
    <div className={classes.shell}>
      {/* The first stop of the Tab key: past the navbar to the page's content (WCAG 2.4.1). */}
      <a href="#main-content" className={classes.skipLink}>
        Skip to content
      </a>
      <Navbar />
      <main id="main-content" tabIndex={-1} className={classes.main}>
        {children}
      </main>
      <Footer />
    </div>
  );
}
