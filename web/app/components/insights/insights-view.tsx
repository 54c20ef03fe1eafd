import {
  INSIGHTS_LIMITS,
  type MoneyFigures,
  type ProgramInsights,
  type TrainerInsightsResponse,
} from '@fitcoach/contracts';
import { Anchor, Button, TextInput } from '@mantine/core';
import { Form, Link } from '@remix-run/react';
import type { ReactNode } from 'react';
import { MeasurementChart } from '~/components/record/measurement-chart';
import { chatPath } from '~/routes/_app.chat/paths';
import { useFormatMoney } from '~/utils/locale';
import type { FieldErrors } from '~/utils/validation';
import classes from './insights.module.css';

/*
 * The trainer's insights (docs/product.md §2.16), drawn on the server: the range is a GET form and links, the
 * charts are SVG with their tables, the downloads plain links. Nothing needs a script.
 */

interface Range {
  from: string;
  to: string;
}

const rangeSearch = ({ from, to }: Range) => `?${new URLSearchParams({ from, to }).toString()}`;

/** From and To, as shown or as typed, with the API's refusal next to its field. */
export function RangeForm({
  values,
  errors = {},
  quickRanges,
}: {
  values: Range;
  errors?: FieldErrors;
  quickRanges: (Range & { label: string })[];
}) {
  return (
    <div className={classes.range}>
      <Form method="get" aria-label="Days shown" className={classes.rangeForm}>
        <TextInput type="date" name="from" label="From" defaultValue={values.from} error={errors.from} />
        <TextInput type="date" name="to" label="To" defaultValue={values.to} error={errors.to} />
        <Button type="submit" className={classes.show}>
          Show
        </Button>
      </Form>
      <nav aria-label="Quick ranges" className={classes.quick}>
        {quickRanges.map((range) => {
          const current = range.from === values.from && range.to === values.to;
          return (
            <Anchor
              key={range.label}
              component={Link}
              to={rangeSearch(range)}
              size="sm"
              fw={current ? 700 : undefined}
              aria-current={current ? 'page' : undefined}
            >
              {range.label}
            </Anchor>
          );
        })}
      </nav>
    </div>
  );
}

/** Net amounts, one per currency; a dash without any. */
function NetAmounts({ money }: { money: MoneyFigures[] }) {
  const formatMoney = useFormatMoney();
  if (money.length === 0) return '–';
  return money.map((entry) => formatMoney(entry.net, entry.currency)).join(', ');
}

function Section({ id, title, children }: { id: string; title: string; children: ReactNode }) {
  return (
    <section className={classes.section} aria-labelledby={`${id}-heading`}>
      <h2 id={`${id}-heading`} className={classes.sectionTitle}>
        {title}
      </h2>
      {children}
    </section>
  );
}

function Totals({ insights }: { insights: TrainerInsightsResponse }) {
  const totals = [
    { label: 'Net revenue', value: <NetAmounts money={insights.revenue} /> },
    { label: 'New subscribers', value: insights.new_subscribers },
    { label: 'Active subscribers now', value: insights.active_subscribers },
    { label: 'Refunds', value: insights.refunds },
  ];
  return (
    <dl className={classes.totals}>
      {totals.map(({ label, value }) => (
        <div key={label} className={classes.total}>
          <dt>{label}</dt>
          <dd>{value}</dd>
        </div>
      ))}
    </dl>
  );
}

function RevenueCharts({ insights }: { insights: TrainerInsightsResponse }) {
  const formatMoney = useFormatMoney();
  if (insights.revenue.length === 0) return <p>No payments and no refunds in these days.</p>;
  return (
    <div className={classes.charts}>
      {insights.revenue.map(({ currency, days }) => (
        <MeasurementChart
          key={currency}
          label="Net revenue per day"
          unit={currency}
          points={days.map((day) => ({ date: day.date, value: day.net }))}
          format={(value) => formatMoney(value, currency)}
        />
      ))}
    </div>
  );
}

/** A table that scrolls sideways on a phone: focusable, so that the keyboard scrolls it too. */
function ScrollingTable({ label, children }: { label: string; children: ReactNode }) {
  return (
    <div className={classes.tableWrap} role="region" aria-label={label} tabIndex={0}>
      <table className={classes.table}>
        <caption className={classes.caption}>{label}</caption>
        {children}
      </table>
    </div>
  );
}

function ProgramsTable({ programs }: { programs: ProgramInsights[] }) {
  if (programs.length === 0) return <p>You have no programmes yet.</p>;
  return (
    <ScrollingTable label="Your programmes">
      <thead>
        <tr>
          <th scope="col">Programme</th>
          <th scope="col">Net revenue</th>
          <th scope="col">New subscribers</th>
          <th scope="col">Active subscribers</th>
          <th scope="col">Refunds</th>
          <th scope="col">Finished</th>
          <th scope="col">Median days to finish</th>
        </tr>
      </thead>
      <tbody>
        {programs.map((program) => (
          <tr key={program.id}>
            <th scope="row" className={classes.name}>
              {program.program_name}
              {program.is_published ? null : <span className={classes.muted}> (not published)</span>}
            </th>
            <td>
              <NetAmounts money={program.revenue} />
            </td>
            <td>{program.new_subscribers}</td>
            <td>{program.active_subscribers}</td>
            <td>{program.refunds}</td>
            <td>{program.finished}</td>
            <td>{program.median_days_to_finish ?? '–'}</td>
          </tr>
        ))}
      </tbody>
    </ScrollingTable>
  );
}

/** How many members completed each lesson: the number to read, a bar (against the most completed) to see. */
function Funnel({ program }: { program: ProgramInsights }) {
  if (program.funnel.length === 0) {
    return (
      <p className={classes.name}>
        <strong>{program.program_name}</strong>: no lessons yet.
      </p>
    );
  }
  const most = Math.max(...program.funnel.map((step) => step.members));
  return (
    <ScrollingTable label={`Completion funnel of ${program.program_name}`}>
      <thead>
        <tr>
          <th scope="col">Lesson</th>
          <th scope="col">Title</th>
          <th scope="col">Members who completed it</th>
        </tr>
      </thead>
      <tbody>
        {program.funnel.map((step) => (
          <tr key={step.number}>
            <td>{step.number}</td>
            <td className={classes.name}>{step.title}</td>
            <td>
              <div className={classes.step}>
                <span className={classes.count}>{step.members}</span>
                <span className={classes.track} aria-hidden="true">
                  <span
                    className={classes.fill}
                    style={{ width: `${most === 0 ? 0 : (step.members / most) * 100}%` }}
                  />
                </span>
              </div>
            </td>
          </tr>
        ))}
      </tbody>
    </ScrollingTable>
  );
}

function NeedsAttention({ inactive }: { inactive: TrainerInsightsResponse['inactive'] }) {
  const { count, results } = inactive;
  if (count === 0) {
    return (
      <p>
        Nobody needs attention: every active subscriber has completed a lesson in the last{' '}
        {INSIGHTS_LIMITS.inactiveDays} days or finished their programme.
      </p>
    );
  }
  const more = count - results.length;
  return (
    <>
      <p>
        Active subscribers who have not completed a lesson for {INSIGHTS_LIMITS.inactiveDays} days or more,
        the quietest first.
      </p>
      <ScrollingTable label="Quiet subscribers">
        <thead>
          <tr>
            <th scope="col">Member</th>
            <th scope="col">Programme</th>
            <th scope="col">Days quiet</th>
            <th scope="col">Last lesson</th>
            <th scope="col">Chat</th>
          </tr>
        </thead>
        <tbody>
          {results.map((entry) => (
            <tr key={`${entry.user_id}-${entry.program.id}`}>
              <th scope="row" className={classes.name}>
                {entry.name}
              </th>
              <td className={classes.name}>{entry.program.program_name}</td>
              <td>{entry.inactive_days}</td>
              <td>{entry.last_completed_at?.slice(0, 10) ?? 'never'}</td>
              <td>
                <Anchor
                  component={Link}
                  to={chatPath(entry.user_id)}
                  size="sm"
                  aria-label={`Message ${entry.name}`}
                >
                  Message
                </Anchor>
              </td>
            </tr>
          ))}
        </tbody>
      </ScrollingTable>
      {more > 0 ? <p>and {more} more</p> : null}
    </>
  );
}

function Downloads({ range }: { range: Range }) {
  const search = rangeSearch(range);
  return (
    <>
      <p>
        The figures of these days as spreadsheets (CSV): the revenue of each day and currency, and each
        programme’s figures.
      </p>
      <div className={classes.downloads}>
        <Anchor href={`/insights/download/revenue${search}`} download>
          Download revenue (CSV)
        </Anchor>
        <Anchor href={`/insights/download/programs${search}`} download>
          Download programmes (CSV)
        </Anchor>
      </div>
    </>
  );
}

/** Every section of the figures of one range. */
export function InsightsFigures({ insights }: { insights: TrainerInsightsResponse }) {
  return (
    <>
      <Section id="totals" title="Totals">
        <Totals insights={insights} />
      </Section>
      <Section id="revenue" title="Revenue per day">
        <RevenueCharts insights={insights} />
      </Section>
      <Section id="programmes" title="Programmes">
        <ProgramsTable programs={insights.programs} />
      </Section>
      {insights.programs.length > 0 ? (
        <Section id="funnels" title="Completion funnels">
          <p>How many members have completed each lesson, ever.</p>
          <div className={classes.funnels}>
            {insights.programs.map((program) => (
              <Funnel key={program.id} program={program} />
            ))}
          </div>
        </Section>
      ) : null}
      <Section id="attention" title="Needs attention">
        <NeedsAttention inactive={insights.inactive} />
      </Section>
      <Section id="downloads" title="Downloads">
        <Downloads range={insights} />
      </Section>
    </>
  );
}
