import type { CSSProperties, ReactNode } from 'react';
import ui from './ui.module.css';

type AlertColor = 'yellow' | 'green' | 'red' | 'blue';

/**
 * A notice drawn as Mantine's light Alert, with a plain element: the pages every visitor opens first (the home page,
 * a toast without JavaScript) load no Mantine component (docs/performance.md).
 */
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
