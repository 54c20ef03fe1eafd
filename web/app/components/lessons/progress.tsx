import type { CSSProperties } from 'react';
import { clampPercentage, progressDegrees } from '~/utils/lessons';
import classes from './lessons.module.css';

export function ProgressBar({ percentage, label }: { percentage: number; label: string }) {
  const value = clampPercentage(percentage);
  return (
    <div className={classes.bar}>
      <div
        className={classes.track}
        role="progressbar"
        aria-label={label}
        aria-valuemin={0}
        aria-valuemax={100}
        aria-valuenow={value}
      >
        <div className={classes.fill} style={{ width: `${value}%` }} />
      </div>
      <p className={classes.barLabel}>{value}% completed</p>
    </div>
  );
}

/** docs/product.md §4: the dashboard's progress circle, percent*3.6 degrees, with the percentage in its middle. */
export function ProgressCircle({ percentage, label }: { percentage: number; label: string }) {
  const value = clampPercentage(percentage);
  const style = { '--progress-degrees': `${progressDegrees(value)}deg` } as CSSProperties;
  return (
    <div
      className={classes.circle}
      style={style}
      role="progressbar"
      aria-label={label}
      aria-valuemin={0}
      aria-valuemax={100}
      aria-valuenow={value}
    >
      <span className={classes.circleInner}>{value}%</span>
    </div>
  );
}
