import type { AdminDay } from '@fitcoach/contracts';
import { useFormatAmounts } from '~/utils/locale';
import classes from './admin.module.css';

const WIDTH = 600;
const HEIGHT = 160;
const PADDING = 20;

/** Drawn as SVG on the server so it shows without JavaScript; the table under it gives the same figures in text. */
export function DailyChart({ days }: { days: AdminDay[] }) {
  const formatAmounts = useFormatAmounts();
  const most = Math.max(1, ...days.map((day) => day.subscriptions));
  const slot = (WIDTH - 2 * PADDING) / days.length;
  return (
    <svg
      viewBox={`0 0 ${WIDTH} ${HEIGHT + PADDING}`}
      className={classes.chart}
      role="img"
      aria-label={`New subscriptions per day over the last ${days.length} days`}
    >
      <line x1={PADDING} y1={HEIGHT} x2={WIDTH - PADDING} y2={HEIGHT} className={classes.axis} />
      {days.map((day, index) => {
        const height = ((HEIGHT - PADDING) * day.subscriptions) / most;
        const revenue = formatAmounts(day.revenue) || 'no revenue';
        return (
          <rect
            key={day.date}
            className={classes.bar}
            x={PADDING + index * slot + 1}
            y={HEIGHT - height}
            width={Math.max(slot - 2, 1)}
            height={height}
          >
            <title>{`${day.date}: ${day.subscriptions} subscriptions, ${revenue}`}</title>
          </rect>
        );
      })}
      <text x={PADDING} y={HEIGHT + 14} className={classes.label}>
        {days[0]?.date}
      </text>
      <text x={WIDTH - PADDING} y={HEIGHT + 14} textAnchor="end" className={classes.label}>
        {days.at(-1)?.date}
      </text>
      <text x={PADDING} y={PADDING - 6} className={classes.label}>
        {most}
      </text>
    </svg>
  );
}
