import { Alert } from '@mantine/core';
import type { ActionFunctionArgs, LoaderFunctionArgs, MetaFunction } from '@remix-run/node';
import { useActionData, useLoaderData } from '@remix-run/react';
import { DashboardMenu } from '~/components/dashboard/dashboard-menu';
import classes from '~/components/dashboard/dashboard.module.css';
import { LessonsManager } from '~/components/dashboard/lessons-manager';
import { ProgramForm } from '~/components/dashboard/program-form';
import { ProgramsTable } from '~/components/dashboard/programs-table';
import { SubscribedPrograms } from '~/components/dashboard/subscribed-programs';
import { StreakCard } from '~/components/dashboard/streak-card';
import { SubscribersView } from '~/components/dashboard/subscribers-view';
import { ProfilePanel } from '~/components/profile/profile-view';
import { FlashToast } from '~/components/toast';
import type { FormRejection } from '~/types/form';
import { INTENTS } from '~/utils/dashboard';
import { dashboardAction, loadDashboard } from './dashboard.server';
import { sessionAction, sessionLoader } from '~/utils/route.server';
import { GeneralErrorBoundary } from '~/components/error-boundary';
import { privatePageMeta } from '~/utils/seo';
import ui from '~/components/ui/ui.module.css';

export const loader = sessionLoader((args: LoaderFunctionArgs) => loadDashboard(args));

/** A trainer's dashboard manages programmes; everybody else's shows what they follow (docs/product.md §2). */
export const meta: MetaFunction<typeof loader> = ({ data }) =>
  data?.user.is_trainer
    ? privatePageMeta('Trainer dashboard', 'Your programmes, their lessons and your subscribers.')
    : privatePageMeta('Dashboard', 'The programmes you follow, your progress and your profile.');

export const action = sessionAction((args: ActionFunctionArgs) => dashboardAction(args));

type DashboardData = ReturnType<typeof useLoaderData<typeof loader>>;

/** The answer of the last submission when it came from the form `intent`, so it shows next to that form only. */
function resultOf(result: FormRejection | undefined, intent: string): FormRejection | undefined {
  return result?.intent === intent ? result : undefined;
}

function TrainerUnavailable() {
  return <Alert color="red">Error: Trainer data cannot be retrieved</Alert>;
}

function DashboardContent({ data, result }: { data: DashboardData; result: FormRejection | undefined }) {
  const { view, user, trainer } = data;
  if (view.name === 'profile') {
    return (
      <ProfilePanel
        user={user}
        editing={data.editing}
        result={resultOf(result, INTENTS.updateProfile)}
        trainer={trainer}
        trainerUnavailable={data.trainerUnavailable}
        headingOrder={2}
      />
    );
  }
  if (view.name === 'subscribed') {
    return (
      <>
        <StreakCard streak={data.subscribed?.streak ?? null} />
        <SubscribedPrograms data={data.subscribed} result={resultOf(result, INTENTS.unsubscribe)} />
      </>
    );
  }
  if (!trainer) return <TrainerUnavailable />;
  switch (view.name) {
    case 'programmes':
      return <ProgramsTable programs={data.programs} />;
    case 'create':
      return <ProgramForm program={null} result={resultOf(result, INTENTS.createProgram)} />;
    case 'edit':
      return data.program ? (
        <ProgramForm program={data.program} result={resultOf(result, INTENTS.updateProgram)} />
      ) : null;
    case 'lessons':
      return data.program ? (
        <LessonsManager
          program={data.program}
          lessons={data.lessons}
          openLesson={view.lesson}
          result={resultOf(result, INTENTS.saveLesson)}
        />
      ) : null;
    case 'subscribers':
      return <SubscribersView data={data.subscribers} />;
  }
}

export default function TrainerDashboardRoute() {
  const data = useLoaderData<typeof loader>();
  const result = useActionData<typeof action>();
  return (
    <div className={`${ui.container} ${classes.page}`}>
      <FlashToast toast={result?.toast ?? null} />
      <h1 className={`${ui.title} ${ui.h1} ${ui.gapBelowXl}`}>
        {data.user.is_trainer ? 'Trainer Dashboard' : 'Dashboard'}
      </h1>
      <div className={classes.layout}>
        <div>
          <DashboardMenu user={data.user} view={data.view} />
        </div>
        <div>
          <DashboardContent data={data} result={result} />
        </div>
      </div>
    </div>
  );
}

export function ErrorBoundary() {
  return <GeneralErrorBoundary />;
}
