import { isProgramLevel } from '@fitcoach/contracts';
import { Anchor, Button } from '@mantine/core';
import type { ActionFunctionArgs, LoaderFunctionArgs, MetaFunction } from '@remix-run/node';
import { Form, Link, useActionData, useLoaderData, useLocation } from '@remix-run/react';
import { cardProgram, ProgramCover } from '~/components/catalogue/program-card';
import { LessonOutline, MoreFromTrainer, TrainerSummary } from '~/components/catalogue/program-details';
import { KeyBenefits } from '~/components/catalogue/program-extras';
import { PaymentStep, UnsubscribeStep } from '~/components/catalogue/checkout';
import { SubmitButton } from '~/components/forms/form-actions';
import { FlashToast } from '~/components/toast';
import { api } from '~/utils/api/endpoints.server';
import { getUser } from '~/utils/auth.server';
import { formatDays, formatLessons, LEVEL_LABELS, parseId } from '~/utils/catalogue';
import { useFormatMoney } from '~/utils/locale';
import { CHECKOUT_INTENTS, CHECKOUT_SEARCH, UNSUBSCRIBE_SEARCH } from '~/utils/checkout';
import { sessionAction, sessionLoader } from '~/utils/route.server';
import { type CheckoutView, loadCheckout, programDetailsAction } from './checkout.server';
import { loadReviews } from './reviews.server';
import { ProgramReviews, type ReviewViewer } from '~/components/reviews/program-reviews';
import { dataOrThrow, invariantResponse } from '~/utils/invariant';
import { GeneralErrorBoundary } from '~/components/error-boundary';
import catalogue from '~/components/catalogue/catalogue.module.css';
import ui from '~/components/ui/ui.module.css';
import { JsonLd } from '~/components/json-ld';
import {
  courseJsonLd,
  errorPageMeta,
  programPath,
  publicUrlOf,
  sharedPageMeta,
  summary,
  usePublicUrl,
} from '~/utils/seo';

export const meta: MetaFunction<typeof loader> = ({ data, error, matches }) => {
  if (!data) return errorPageMeta(error);
  const { program } = data;
  return sharedPageMeta({
    title: `${program.program_name} by ${program.trainer_name}`,
    description: summary(program.description),
    publicUrl: publicUrlOf(matches),
    path: programPath(program.id),
    type: 'website',
    image: program.cover_image,
    imageAlt: program.program_name,
  });
};

/** How many of the trainer's other programmes the page suggests. */
const MORE_PROGRAMMES = 3;

async function readProgram(args: LoaderFunctionArgs | ActionFunctionArgs) {
  const id = parseId(args.params.id);
  invariantResponse(id !== null, 'Not Found', { status: 404 });
  return dataOrThrow(await api.program(args, id));
}

export const loader = sessionLoader(async (args: LoaderFunctionArgs) => {
  // The owner and superusers may open an unpublished programme. Reading the user first settles the session
  // for the reads: a blocked account is signed out, an expired token renewed once.
  const user = await getUser(args);
  const program = await readProgram(args);
  const [checkout, trainer, lessons, trainerPrograms, reviews] = await Promise.all([
    loadCheckout(args, user, program),
    api.trainer(args, program.trainer),
    api.lessons(args, program.id),
    api.trainerPrograms(args, program.trainer),
    loadReviews(args, program.id),
  ]);
  const viewer: ReviewViewer | null = user && {
    userId: user.id,
    owner: trainer.ok && trainer.data.user === user.id,
    member: !user.is_trainer && !user.is_superuser,
  };
  return {
    program,
    checkout,
    reviews,
    viewer,
    // The trainer's card and other programmes are extras: the page stands without them (an owner's draft, say).
    trainer: trainer.ok ? trainer.data : null,
    lessons: dataOrThrow(lessons),
    morePrograms: trainerPrograms.ok
      ? trainerPrograms.data
          .filter((other) => other.id !== program.id && other.is_published)
          .slice(0, MORE_PROGRAMMES)
          .map(cardProgram)
      : [],
  };
});

/** Subscribing (paying) and unsubscribing; the API decides who may, and its refusals are shown as toasts. */
export const action = sessionAction(async (args: ActionFunctionArgs) => {
  await getUser(args);
  return programDetailsAction(args, await readProgram(args));
});

type Program = ReturnType<typeof useLoaderData<typeof loader>>['program'];

function LessonsLink({ program, label }: { program: Program; label: string }) {
  return (
    <Button component={Link} to={`/programLesson/${program.id}`} variant="light">
      {label}
    </Button>
  );
}

function LessonsAccess({ checkout }: { checkout: CheckoutView }) {
  const { pathname } = useLocation();
  if (checkout.kind === 'visitor') {
    return (
      <Anchor component={Link} to={`/login?redirectTo=${encodeURIComponent(pathname)}`} fw={600}>
        Login to view the lessons
      </Anchor>
    );
  }
  if (checkout.kind === 'member' && checkout.subscribed) return null;
  if (checkout.kind === 'trainer' && checkout.preview) return null;
  return <p className={`${ui.text} ${ui.strong}`}>Subscribe to view the lessons</p>;
}

/**
 * docs/product.md §2: the Subscribe button (a form answering "Please Login First !" when signed out) or the
 * subscriber's links.
 */
function SubscriptionActions({ program, checkout }: { program: Program; checkout: CheckoutView }) {
  const { pathname } = useLocation();
  const formatMoney = useFormatMoney();
  const subscribeLabel = `Subscribe at just ${formatMoney(program.price, program.currency)}`;
  switch (checkout.kind) {
    case 'visitor':
      return (
        <Form method="post">
          <input type="hidden" name="intent" value={CHECKOUT_INTENTS.subscribe} />
          <SubmitButton size="md">{subscribeLabel}</SubmitButton>
        </Form>
      );
    // docs/product.md §6: trainers see no subscribe button; the owner (and a superuser) may preview the lessons.
    case 'trainer':
      return checkout.preview ? <LessonsLink program={program} label="Preview lessons" /> : null;
    case 'member':
      if (checkout.subscribed) {
        return (
          <div className={catalogue.actions}>
            <LessonsLink program={program} label="Go to Lessons" />
            <Button
              component={Link}
              to={pathname + UNSUBSCRIBE_SEARCH}
              color="red"
              variant="outline"
              preventScrollReset
            >
              UnSubscribe
            </Button>
          </div>
        );
      }
      return (
        <div className={catalogue.actions}>
          <Button component={Link} to={pathname + CHECKOUT_SEARCH} size="md" preventScrollReset>
            {subscribeLabel}
          </Button>
          {checkout.preview ? <LessonsLink program={program} label="Preview lessons" /> : null}
        </div>
      );
  }
}

function CheckoutSteps({ program, checkout }: { program: Program; checkout: CheckoutView }) {
  if (checkout.kind !== 'member') return null;
  return checkout.subscribed ? (
    <UnsubscribeStep opened={checkout.step === 'unsubscribe'} />
  ) : (
    <PaymentStep
      program={program}
      opened={checkout.step === 'checkout'}
      config={checkout.config}
      configError={checkout.configError}
      schedule={checkout.schedule}
    />
  );
}

export default function ProgramDetailsRoute() {
  const { program, checkout, trainer, lessons, morePrograms, reviews, viewer } =
    useLoaderData<typeof loader>();
  const formatMoney = useFormatMoney();
  const publicUrl = usePublicUrl();
  const result = useActionData<typeof action>();

  return (
    <div className={`${ui.container} ${catalogue.detailsPage}`}>
      <JsonLd data={courseJsonLd(program, publicUrl, reviews?.rating)} />
      <FlashToast toast={result && 'toast' in result ? result.toast : null} />
      <div className={catalogue.detailsHero}>
        <div>
          <ProgramCover program={program} large />
        </div>
        <div className={ui.stack}>
          <h1 className={`${ui.title} ${ui.h1} ${ui.name}`}>{program.program_name}</h1>
          <p className={`${ui.text} ${ui.textLg}`}>
            {formatMoney(program.price, program.currency)} · {formatDays(program.duration)} ·{' '}
            {formatLessons(lessons.length)}
          </p>
          <p className={ui.text}>
            Level: {isProgramLevel(program.level) ? LEVEL_LABELS[program.level] : program.level} ·{' '}
            {program.category}
          </p>
          <SubscriptionActions program={program} checkout={checkout} />
          <LessonsAccess checkout={checkout} />
          <CheckoutSteps program={program} checkout={checkout} />
        </div>
      </div>
      <div className={catalogue.detailsSections}>
        {trainer ? <TrainerSummary trainer={trainer} /> : null}
        <section aria-labelledby="programme-description">
          <h2 className={`${ui.title} ${ui.h2} ${ui.gapBelowSm}`} id="programme-description">
            About the programme
          </h2>
          <p className={`${ui.text} ${catalogue.description}`}>{program.description}</p>
        </section>
        <LessonOutline lessons={lessons} />
        <ProgramReviews
          reviews={reviews}
          viewer={viewer}
          state={result && 'form' in result && result.form === 'review' ? result : null}
        />
        <KeyBenefits />
        {trainer ? <MoreFromTrainer trainer={trainer} programs={morePrograms} /> : null}
      </div>
    </div>
  );
}

export function ErrorBoundary() {
  return <GeneralErrorBoundary />;
}
