import {
  MEASUREMENT_FIELDS,
  MEASUREMENT_LABELS,
  MEASUREMENT_UNITS,
  type MeasurementField,
  type MeasurementResponse,
  type WorkoutLogResponse,
} from '@fitcoach/contracts';
import { Anchor, Group, Text } from '@mantine/core';
import { Link, useLocation } from '@remix-run/react';
import type { ReactNode } from 'react';
import { Pager } from '~/components/catalogue/pager';
import { WorkoutLogList } from '~/components/workout-log/workout-log-list';
import { RECORD_RANGES, type RecordRange } from '~/utils/record';
import { MeasurementChart } from './measurement-chart';
import classes from './record.module.css';

/** Links to the other ranges of the charts and history, the current one marked. */
export function RangeLinks({ range }: { range: RecordRange }) {
  const { search } = useLocation();
  return (
    <nav aria-label="Measurement range">
      <Group gap="sm">
        <Text span size="sm">
          Show:
        </Text>
        {(Object.keys(RECORD_RANGES) as RecordRange[]).map((value) => {
          const params = new URLSearchParams(search);
          params.set('range', value);
          params.delete('history');
          const current = value === range;
          return (
            <Anchor
              key={value}
              component={Link}
              to={{ search: params.toString() }}
              preventScrollReset
              size="sm"
              fw={current ? 700 : undefined}
              aria-current={current ? 'page' : undefined}
            >
              {RECORD_RANGES[value].label}
            </Anchor>
          );
        })}
      </Group>
    </nav>
  );
}

export function NoMeasurements({ range }: { range: RecordRange }) {
  return (
    <p>
      {RECORD_RANGES[range].days === null
        ? 'No measurements yet.'
        : `No measurements in the last ${RECORD_RANGES[range].label}.`}
    </p>
  );
}

/** One chart per measurement that has values, oldest first. */
export function MeasurementCharts({ measurements }: { measurements: MeasurementResponse[] }) {
  const charts = MEASUREMENT_FIELDS.map((field) => ({
    field,
    points: measurements.flatMap((entry) =>
      entry[field] === null ? [] : [{ date: entry.measured_on, value: entry[field] }],
    ),
  })).filter((chart) => chart.points.length > 0);
  if (charts.length === 0) return null;
  return (
    <div className={classes.charts}>
      {charts.map(({ field, points }) => (
        <MeasurementChart
          key={field}
          label={MEASUREMENT_LABELS[field]}
          unit={MEASUREMENT_UNITS[field]}
          points={points}
        />
      ))}
    </div>
  );
}

const columnLabel = (field: MeasurementField) => `${MEASUREMENT_LABELS[field]} (${MEASUREMENT_UNITS[field]})`;

/** The history's rows until "Show all" is followed: the charts show the rest. */
const HISTORY_ROWS = 12;

/**
 * The measurements, newest first (the latest HISTORY_ROWS days, every one after "Show all"), with what may be done
 * with each (delete, for their member).
 */
export function MeasurementTable({
  measurements,
  actions,
}: {
  measurements: MeasurementResponse[];
  actions?: (entry: MeasurementResponse) => ReactNode;
}) {
  const { search } = useLocation();
  const params = new URLSearchParams(search);
  const shown = params.get('history') === 'all' ? measurements : measurements.slice(-HISTORY_ROWS);
  params.set('history', 'all');
  return (
    <>
      {/* Scrolls sideways on a phone: focusable, so that the keyboard scrolls it too. */}
      <div className={classes.tableWrap} role="region" aria-label="Measurement history" tabIndex={0}>
        <table className={classes.table}>
          <caption className={classes.chartTitle}>Measurement history</caption>
          <thead>
            <tr>
              <th scope="col">Date</th>
              {MEASUREMENT_FIELDS.map((field) => (
                <th key={field} scope="col">
                  {columnLabel(field)}
                </th>
              ))}
              {actions ? <th scope="col">Actions</th> : null}
            </tr>
          </thead>
          <tbody>
            {[...shown].reverse().map((entry) => (
              <tr key={entry.id}>
                <th scope="row">{entry.measured_on}</th>
                {MEASUREMENT_FIELDS.map((field) => (
                  <td key={field}>{entry[field] ?? '–'}</td>
                ))}
                {actions ? <td>{actions(entry)}</td> : null}
              </tr>
            ))}
          </tbody>
        </table>
      </div>
      {shown.length < measurements.length ? (
        <Anchor component={Link} to={{ search: params.toString() }} preventScrollReset>
          Show all {measurements.length} days
        </Anchor>
      ) : null}
    </>
  );
}

/** A page of workout logs across lessons, newest first, with Previous and Next. */
export function LogsSection({
  logs,
  total,
  page,
  pageSize,
  empty,
  actions,
}: {
  logs: WorkoutLogResponse[];
  total: number;
  page: number;
  pageSize: number;
  empty: string;
  actions?: (log: WorkoutLogResponse) => ReactNode;
}) {
  if (logs.length === 0) return <p>{empty}</p>;
  return (
    <>
      <WorkoutLogList logs={logs} showLesson actions={actions} />
      <Pager page={page} pageSize={pageSize} total={total} />
    </>
  );
}
