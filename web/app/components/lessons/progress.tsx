import { Progress, Stack, Text } from '@mantine/core';
import type { CSSProperties } from 'react';
import { clampPercentage, progressDegrees } from '~/utils/lessons';
import classes from './lessons.module.css';

/** The lesson player's progress bar with its percentage written out. */
export function ProgressBar({ percentage, label }: { percentage: number; label: string }) {
  const value = clampPercentage(percentage);
  return (
    <Stack gap={4}>
      <Progress value={value} size="lg" color="green" aria-label={label} />
      <Text size="sm" fw={600}>
        {value}% completed
      </Text>
    </Stack>
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
