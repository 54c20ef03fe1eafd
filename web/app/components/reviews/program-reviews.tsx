import { REVIEW_LIMITS, type ReviewListResponse, type ReviewResponse } from '@fitcoach/contracts';
import { Alert, Anchor, Group, Paper, Stack, Text, Title } from '@mantine/core';
import { Form, Link, useLocation } from '@remix-run/react';
import { Pager } from '~/components/catalogue/pager';
import { CompactField, CompactSelect, CompactTextarea } from '~/components/forms/compact-field';
import { PlainAlert } from '~/components/ui/alert';
import { SubmitButton } from '~/components/forms/form-actions';
import ui from '~/components/ui/ui.module.css';
import { REVIEW_INTENTS } from '~/utils/reviews';
import { Stars } from './stars';
import type { FieldErrors } from '~/utils/validation';
import classes from './reviews.module.css';

/** Who is looking: the reviews' actions depend on it. */
export interface ReviewViewer {
  userId: number;
  /** The programme's own trainer, who answers. */
  owner: boolean;
  /** A member, who may write a review (the API decides whether they qualify). */
  member: boolean;
}

/** A refused review form as the action sent it back. */
export interface ReviewFormValues {
  values: { stars: string; title: string; text: string };
  errors: FieldErrors;
  message: string;
}

const STAR_OPTIONS = [
  { value: '5', label: '5 stars: excellent' },
  { value: '4', label: '4 stars: good' },
  { value: '3', label: '3 stars: fair' },
  { value: '2', label: '2 stars: poor' },
  { value: '1', label: '1 star: bad' },
];

const day = (iso: string) => iso.slice(0, 10);

/** The form that writes a review, or edits the caller's (`review` given). */
function ReviewForm({ review, state }: { review?: ReviewResponse; state: ReviewFormValues | null }) {
  const values = state?.values ?? {
    stars: review ? String(review.stars) : '5',
    title: review?.title ?? '',
    text: review?.text ?? '',
  };
  return (
    <Form method="post" preventScrollReset>
      {review ? <input type="hidden" name="review" value={review.id} /> : null}
      <div className={classes.form}>
        {state ? <PlainAlert color="red">{state.message}</PlainAlert> : null}
        <CompactSelect
          name="stars"
          label="Your rating"
          data={STAR_OPTIONS}
          defaultValue={values.stars}
          error={state?.errors.stars}
        />
        <CompactField
          name="title"
          label="Title"
          maxLength={REVIEW_LIMITS.titleLength}
          defaultValue={values.title}
          error={state?.errors.title}
        />
        <CompactTextarea
          name="text"
          label="Your review"
          description={`At most ${REVIEW_LIMITS.textLength} characters`}
          maxLength={REVIEW_LIMITS.textLength}
          rows={3}
          defaultValue={values.text}
          error={state?.errors.text}
        />
        <div className={ui.group}>
          <SubmitButton name="intent" value={review ? REVIEW_INTENTS.edit : REVIEW_INTENTS.write}>
            {review ? 'Save your review' : 'Publish your review'}
          </SubmitButton>
        </div>
      </div>
    </Form>
  );
}

/** A form of one button and a hidden review id. */
function ReviewButton({ review, intent, label }: { review: number; intent: string; label: string }) {
  return (
    <Form method="post" preventScrollReset>
      <input type="hidden" name="review" value={review} />
      <SubmitButton size="xs" variant="default" name="intent" value={intent}>
        {label}
      </SubmitButton>
    </Form>
  );
}

/** A form behind a "details" summary: a text field and its button. */
function TextAction({
  review,
  summary,
  intent,
  name,
  label,
  maxLength,
  button,
}: {
  review: number;
  summary: string;
  intent: string;
  name: string;
  label: string;
  maxLength: number;
  button: string;
}) {
  return (
    <details>
      <summary className={classes.summary}>{summary}</summary>
      <Form method="post" preventScrollReset>
        <input type="hidden" name="review" value={review} />
        <div className={classes.textAction}>
          <CompactTextarea name={name} label={label} required maxLength={maxLength} rows={2} />
          <div className={ui.group}>
            <SubmitButton size="xs" name="intent" value={intent}>
              {button}
            </SubmitButton>
          </div>
        </div>
      </Form>
    </details>
  );
}

function Review({ review, viewer }: { review: ReviewResponse; viewer: ReviewViewer | null }) {
  const own = viewer?.userId === review.author.id;
  return (
    <li className={classes.review}>
      <article aria-labelledby={`review-${review.id}`}>
        <div className={classes.heading}>
          <Stars stars={review.stars} />
          <h3 className={`${ui.title} ${ui.h5}`} id={`review-${review.id}`}>
            {review.title}
          </h3>
        </div>
        <p className={`${ui.dimmed} ${classes.byline}`}>
          {review.author.name}, <time dateTime={review.created_at}>{day(review.created_at)}</time>
          {review.helpful_count > 0
            ? ` · ${review.helpful_count} ${review.helpful_count === 1 ? 'member' : 'members'} found it helpful`
            : ''}
        </p>
        <p className={classes.text}>{review.text}</p>
        {review.answer ? (
          <div className={classes.answer}>
            <p className={classes.answerTitle}>The trainer’s answer</p>
            <p className={classes.answerText}>{review.answer.text}</p>
          </div>
        ) : null}
        {viewer && !own ? (
          <div className={classes.actions}>
            <ReviewButton review={review.id} intent={REVIEW_INTENTS.helpful} label="Helpful" />
            {viewer.owner && !review.answer ? (
              <TextAction
                review={review.id}
                summary="Answer publicly"
                intent={REVIEW_INTENTS.answer}
                name="text"
                label="Your answer"
                maxLength={REVIEW_LIMITS.answerLength}
                button="Publish answer"
              />
            ) : null}
            <TextAction
              review={review.id}
              summary="Report"
              intent={REVIEW_INTENTS.report}
              name="reason"
              label="Why should moderators look at it?"
              maxLength={REVIEW_LIMITS.reasonLength}
              button="Send report"
            />
          </div>
        ) : null}
      </article>
    </li>
  );
}

/** The caller's own review: shown as others see it, with Edit and Delete. */
function MyReview({
  review,
  state,
}: {
  review: NonNullable<ReviewListResponse['mine']>;
  state: ReviewFormValues | null;
}) {
  return (
    <Paper withBorder p="md">
      <Stack gap="xs">
        <Title order={3} size="h4">
          Your review
        </Title>
        {review.hidden ? (
          <Alert color="yellow" variant="light">
            A moderator hid your review: others do not see it. You can edit or delete it.
          </Alert>
        ) : null}
        <Group gap="xs" align="baseline">
          <Stars stars={review.stars} />
          <Text fw={600}>{review.title}</Text>
        </Group>
        <Text style={{ whiteSpace: 'pre-line' }}>{review.text}</Text>
        <details open={state !== null}>
          <summary className={classes.summary}>Edit your review</summary>
          <ReviewForm review={review} state={state} />
        </details>
        <details>
          <summary className={classes.summary}>Delete your review</summary>
          <Group mt="xs">
            <ReviewButton review={review.id} intent={REVIEW_INTENTS.remove} label="Yes, delete my review" />
          </Group>
        </details>
      </Stack>
    </Paper>
  );
}

/** The programme page's reviews: the standing, the caller's review or the form to write one, then a page of them. */
export function ProgramReviews({
  reviews,
  viewer,
  state,
}: {
  reviews: ReviewListResponse | null;
  viewer: ReviewViewer | null;
  state: ReviewFormValues | null;
}) {
  const { search } = useLocation();
  const params = new URLSearchParams(search);
  const helpful = params.get('reviews') === 'helpful';
  params.delete('reviewPage');
  if (helpful) params.delete('reviews');
  else params.set('reviews', 'helpful');
  return (
    <section aria-labelledby="reviews-title" id="reviews">
      <Title order={2} id="reviews-title" mb="sm">
        Reviews
      </Title>
      {reviews === null ? (
        <Text>The reviews cannot be shown right now.</Text>
      ) : (
        <Stack gap="lg">
          <Text fw={600}>
            {reviews.rating.average === null ? (
              'No reviews yet: members who did at least 30 % of the programme can review it.'
            ) : (
              <>
                <Stars stars={reviews.rating.average} /> {reviews.rating.average.toFixed(1)} of 5 from{' '}
                {reviews.rating.count} {reviews.rating.count === 1 ? 'review' : 'reviews'}
              </>
            )}
          </Text>
          {reviews.mine ? (
            <MyReview review={reviews.mine} state={state} />
          ) : viewer?.member ? (
            <details open={state !== null}>
              <summary className={classes.summary}>Write a review</summary>
              <ReviewForm state={state} />
            </details>
          ) : null}
          {reviews.results.length > 0 ? (
            <>
              <Anchor component={Link} to={{ search: params.toString(), hash: 'reviews' }} preventScrollReset>
                {helpful ? 'Newest first' : 'Most helpful first'}
              </Anchor>
              <ul className={classes.list}>
                {reviews.results.map((review) => (
                  <Review key={review.id} review={review} viewer={viewer} />
                ))}
              </ul>
              <Pager
                page={reviews.page}
                pageSize={reviews.page_size}
                total={reviews.count}
                param="reviewPage"
                hash="reviews"
                label="Pages of reviews"
              />
            </>
          ) : null}
        </Stack>
      )}
    </section>
  );
}
