import { INSIGHTS_MESSAGES, type TrainerInsightsResponse } from '@fitcoach/contracts';
import { data, type LoaderFunctionArgs } from '@remix-run/node';
import { api } from '~/utils/api/endpoints.server';
import { requireUser } from '~/utils/auth.server';
import { dataOrThrow } from '~/utils/invariant';
import { apiFieldErrors, type FieldErrors } from '~/utils/validation';

/*
 * The trainer's insights (docs/product.md §2.16). The API decides who may read them and which days make a range:
 * the page passes the form's From and To on as typed and shows the figures, or the refusal next to the fields.
 */

interface RangeValues {
  from: string;
  to: string;
}

interface QuickRange extends RangeValues {
  label: string;
}

type InsightsData =
  | { state: 'figures'; insights: TrainerInsightsResponse; quickRanges: QuickRange[] }
  | { state: 'refused'; values: RangeValues; errors: FieldErrors; message: string; quickRanges: QuickRange[] }
  | { state: 'notTrainer'; message: string };

const DAY_MS = 86_400_000;

const utcDay = (at: Date) => at.toISOString().slice(0, 10);

/** The quick links' ranges up to `today` (UTC, as the API counts days), both ends included. */
function quickRanges(today: string): QuickRange[] {
  const [year, month, day] = today.split('-').map(Number) as [number, number, number];
  const daysBack = (days: number) => utcDay(new Date(Date.parse(`${today}T00:00:00Z`) - days * DAY_MS));
  return [
    { label: 'Last 30 days', from: daysBack(29), to: today },
    { label: 'Last 90 days', from: daysBack(89), to: today },
    // The day after the same date a year ago: 365 days, or 366 across a 29 February, the most the API takes.
    { label: 'Last 12 months', from: utcDay(new Date(Date.UTC(year - 1, month - 1, day + 1))), to: today },
  ];
}

export async function loadInsights(args: LoaderFunctionArgs) {
  await requireUser(args);
  const params = new URL(args.request.url).searchParams;
  const values = { from: params.get('from') ?? '', to: params.get('to') ?? '' };
  const result = await api.insights(args, values);
  if (!result.ok && result.status === 403) {
    return data<InsightsData>(
      { state: 'notTrainer', message: INSIGHTS_MESSAGES.notTrainer },
      { status: 403 },
    );
  }
  const ranges = quickRanges(utcDay(new Date()));
  if (!result.ok && result.status === 400) {
    return data<InsightsData>(
      {
        state: 'refused',
        values,
        errors: apiFieldErrors(result.error),
        message: result.error.message,
        quickRanges: ranges,
      },
      { status: 400 },
    );
  }
  return data<InsightsData>({ state: 'figures', insights: dataOrThrow(result), quickRanges: ranges });
}
