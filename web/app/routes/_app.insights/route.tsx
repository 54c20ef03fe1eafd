import { Alert } from '@mantine/core';
import type { MetaFunction } from '@remix-run/node';
import { useLoaderData } from '@remix-run/react';
import { GeneralErrorBoundary } from '~/components/error-boundary';
import { InsightsFigures, RangeForm } from '~/components/insights/insights-view';
import classes from '~/components/insights/insights.module.css';
import ui from '~/components/ui/ui.module.css';
import { sessionLoader } from '~/utils/route.server';
import { privatePageMeta } from '~/utils/seo';
import { loadInsights } from './insights.server';

export const meta: MetaFunction = () =>
  privatePageMeta('Insights', 'Your revenue, your subscribers and how far they get in your programmes.');

export const loader = sessionLoader(loadInsights);

function Intro() {
  return (
    <p>
      Your programmes’ money, subscribers and progress. Days are UTC, from the first to the last included.
    </p>
  );
}

function Content() {
  const loaded = useLoaderData<typeof loader>();
  if (loaded.state === 'notTrainer') {
    return (
      <Alert color="red" variant="light" role="alert" mt="md">
        {loaded.message}
      </Alert>
    );
  }
  if (loaded.state === 'refused') {
    const { values, errors, message, quickRanges } = loaded;
    // A refusal the API names no field for is said above the form.
    const unplaced = errors.from || errors.to ? null : message;
    return (
      <>
        <Intro />
        {unplaced ? (
          <Alert color="red" variant="light" role="alert" mt="md">
            {unplaced}
          </Alert>
        ) : null}
        <RangeForm
          key={`${values.from}/${values.to}`}
          values={values}
          errors={errors}
          quickRanges={quickRanges}
        />
      </>
    );
  }
  const { insights, quickRanges } = loaded;
  return (
    <>
      <Intro />
      <RangeForm key={`${insights.from}/${insights.to}`} values={insights} quickRanges={quickRanges} />
      <InsightsFigures insights={insights} />
    </>
  );
}

export default function InsightsRoute() {
  return (
    <div className={`${ui.container} ${classes.page}`}>
      <h1 className={ui.title}>Insights</h1>
      <Content />
    </div>
  );
}

export function ErrorBoundary() {
  return <GeneralErrorBoundary />;
}
