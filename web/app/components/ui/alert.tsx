import type { CSSProperties, ReactNode } from 'react';
import ui from './ui.module.css';

type AlertColor = 'yellow' | 'green' | 'red' | 'blue';

/** Mantine's light Alert as a plain element: the home page loads no Mantine component (docs/performance.md). */
export function PlainAlert({
  color,
  title,
  children,
}: {
  color: AlertColor;
  title?: string;
  children: ReactNode;
}) {
  const style = {
    '--alert-bg': `var(--mantine-color-${color}-light)`,
    '--alert-color': `var(--mantine-color-${color}-light-color)`,
  } as CSSProperties;
  return (
    <div role="alert" className={ui.alert} style={style}>
      {title ? <p className={ui.alertTitle}>{title}</p> : null}
      <div>{children}</div>
    </div>
  );
}
