import type { ReactNode } from 'react';
import { Footer } from './footer';
import { Navbar } from './navbar';
import classes from './page-layout.module.css';

export function PageLayout({ children }: { children: ReactNode }) {
  return (
    <div className={classes.shell}>
      <Navbar />
      <main className={classes.main}>{children}</main>
      <Footer />
    </div>
  );
}
