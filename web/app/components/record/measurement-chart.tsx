import ui from '~/components/ui/ui.module.css';
import { type ChartPoint, lineChart } from '~/utils/charts';
import classes from './record.module.css';

/** Past this many points the dots would touch: the line alone shows them. */
const DOTS_UP_TO = 60;

/**
 * One measurement over time: an SVG line drawn on the server (no script), and the same values as a table that
 * screen readers read instead of the picture. `format` writes the table's values (money, for insights).
 */
export function MeasurementChart({
  label,
  unit,
  points,
  format = String,
}: {
  label: string;
  unit: string;
  points: ChartPoint[];
  format?: (value: number) => string;
}) {
  const chart = lineChart(points);
  const { plot } = chart;
  const caption = `${label} (${unit})`;
  return (
    <figure className={classes.chart}>
      <figcaption className={classes.chartTitle}>{caption}</figcaption>
      <svg
        viewBox={`0 0 ${chart.width} ${chart.height}`}
        className={classes.svg}
        aria-hidden="true"
        focusable="false"
      >
        <line x1={plot.left} y1={plot.bottom} x2={plot.right} y2={plot.bottom} className={classes.axis} />
        <line x1={plot.left} y1={plot.top} x2={plot.left} y2={plot.bottom} className={classes.axis} />
        <text x={plot.left - 6} y={plot.top + 4} textAnchor="end" className={classes.tick}>
          {chart.max}
        </text>
        <text x={plot.left - 6} y={plot.bottom} textAnchor="end" className={classes.tick}>
          {chart.min}
        </text>
        <text x={plot.left} y={chart.height - 8} className={classes.tick}>
          {points[0]?.date}
        </text>
        {points.length > 1 ? (
          <text x={plot.right} y={chart.height - 8} textAnchor="end" className={classes.tick}>
            {points.at(-1)?.date}
          </text>
        ) : null}
        <polyline points={chart.line} className={classes.line} />
        {points.length <= DOTS_UP_TO
          ? chart.dots.map((dot) => (
              <circle key={dot.point.date} cx={dot.x} cy={dot.y} r={3} className={classes.dot} />
            ))
          : null}
      </svg>
      {/* Hidden by a box around it: a table grows to its rows whatever its own height, lengthening the page. */}
      <div className={ui.visuallyHidden}>
        <table>
          <caption>{caption}</caption>
          <thead>
            <tr>
              <th scope="col">Date</th>
              <th scope="col">{caption}</th>
            </tr>
          </thead>
          <tbody>
            {points.map((point) => (
              <tr key={point.date}>
                <td>{point.date}</td>
                <td>{format(point.value)}</td>
              </tr>
            ))}
          </tbody>
        </table>
      </div>
    </figure>
  );
}
