import { excerpt, isProgramLevel, type ProgramResponse } from '@fitcoach/contracts';
import { Alert } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { Link, useSearchParams } from '@remix-run/react';
import { useId } from 'react';
import { Standing } from '~/components/reviews/stars';
import ui from '~/components/ui/ui.module.css';
import { formatDays, LEVEL_LABELS } from '~/utils/catalogue';
import { coverInitials, coverStyle } from '~/utils/covers';
import { useFormatMoney } from '~/utils/locale';
import { IMAGE_SIZES, imageSources } from '~/utils/media';
import classes from './catalogue.module.css';

// docs/product.md §8: the text of an unpublished programme's card, spelt as the original.
const COMING_SOON = 'comming soon';
const SOON_PARAM = 'soon';

export type CardProgram = Pick<
  ProgramResponse,
  | 'id'
  | 'program_name'
  | 'cover_image'
  | 'is_published'
  | 'level'
  | 'price'
  | 'currency'
  | 'duration'
  | 'category'
  | 'rating'
>;

/** The fields of a card, and only those: a trainer's page lists hundreds, all in the page's data. */
export function cardProgram({
  id,
  program_name,
  cover_image,
  is_published,
  level,
  price,
  currency,
  duration,
  category,
  rating,
}: CardProgram): CardProgram {
  return { id, program_name, cover_image, is_published, level, price, currency, duration, category, rating };
}

interface ProgramCoverProps {
  program: Pick<ProgramResponse, 'id' | 'category' | 'cover_image' | 'program_name'>;
  large?: boolean;
  lazy?: boolean;
}

export function ProgramCover({ program, large = false, lazy = false }: ProgramCoverProps) {
  const size = large ? classes.coverLarge : '';
  if (program.cover_image) {
    return (
      <img
        {...imageSources(program.cover_image)}
        sizes={large ? IMAGE_SIZES.page : IMAGE_SIZES.card}
        loading={lazy ? 'lazy' : undefined}
        // The details page's cover is its largest paint: fetched first, shown as soon as it is there. Spelt in
        // lower case: React 18 drops the camel-cased prop.
        {...(large ? { fetchpriority: 'high' } : {})}
        decoding={large ? undefined : 'async'}
        alt={`Cover of ${program.program_name}`}
        className={`${classes.cover} ${size}`}
      />
    );
  }
  return (
    <div className={`${classes.coverPlaceholder} ${size}`} style={coverStyle(program)} aria-hidden="true">
      {coverInitials(program.program_name)}
    </div>
  );
}

/**
 * An unpublished programme's card says "comming soon": a notification with JavaScript, a `?soon=<id>` link without.
 * `plain` gives a plain anchor for lists that follow their own links (`useFollowLinks`): each `Link` costs hooks.
 */
function ViewButton({ program, plain }: { program: CardProgram; plain: boolean }) {
  if (!program.is_published) return <ComingSoonButton program={program} />;
  const to = `/programDetails/${program.id}`;
  const label = `View ${program.program_name}`;
  return plain ? (
    <a href={to} className={VIEW_CLASS} aria-label={label}>
      View
    </a>
  ) : (
    <Link to={to} className={VIEW_CLASS} aria-label={label}>
      View
    </Link>
  );
}

const VIEW_CLASS = `${ui.button} ${ui.light} ${ui.fullWidth} ${classes.cardAction}`;

function ComingSoonButton({ program }: { program: CardProgram }) {
  const [searchParams] = useSearchParams();
  const search = new URLSearchParams(searchParams);
  search.set(SOON_PARAM, String(program.id));
  return (
    <Link
      to={`?${search.toString()}`}
      preventScrollReset
      className={VIEW_CLASS}
      aria-label={`View ${program.program_name}`}
      onClick={(event) => {
        event.preventDefault();
        notifications.show({ id: `${COMING_SOON}-${program.id}`, message: COMING_SOON, color: 'yellow' });
      }}
    >
      View
    </Link>
  );
}

export function ComingSoonNotice() {
  const [searchParams] = useSearchParams();
  if (!searchParams.has(SOON_PARAM)) return null;
  return (
    <Alert color="yellow" mb="lg">
      {COMING_SOON}
    </Alert>
  );
}

type ProgramCardProps = {
  lazy?: boolean;
  /** The place the list gives the card (a slide of a row), on the card itself rather than on a wrapper. */
  className?: string;
  plainLink?: boolean;
} & (
  | { detailed: true; program: ProgramResponse }
  /** The trainer page's card: only the name. */
  | { detailed: false; program: CardProgram }
);

function ProgramOffer({ program }: { program: Pick<ProgramResponse, 'price' | 'currency' | 'duration'> }) {
  const formatMoney = useFormatMoney();
  return (
    <p className={classes.cardOffer}>
      <span>{formatMoney(program.price, program.currency)}</span> ·{' '}
      <span>{formatDays(program.duration)}</span>
    </p>
  );
}

/** Plain elements with CSS-module classes: a page lists many cards, and each Mantine component costs (docs/performance.md). */
export function ProgramCard(props: ProgramCardProps) {
  const { program, lazy = false, plainLink = false, className = '' } = props;
  const headingId = useId();
  const title = (
    <h3 id={headingId} className={classes.cardTitle}>
      {program.program_name}
    </h3>
  );
  return (
    <article aria-labelledby={headingId} className={`${classes.card} ${classes.programCard} ${className}`}>
      <ProgramCover program={program} lazy={lazy} />
      {props.detailed ? (
        <div className={classes.cardBody}>
          {title}
          <p className={classes.cardLevel}>
            Level: {isProgramLevel(program.level) ? LEVEL_LABELS[program.level] : program.level}
          </p>
          <ProgramOffer program={program} />
          <Standing rating={program.rating} className={classes.cardRating} />
          <p className={classes.cardText}>Trainer: {props.program.trainer_name}</p>
          <p className={`${classes.cardText} ${ui.dimmed}`}>{excerpt(props.program.description)}</p>
        </div>
      ) : (
        <div className={classes.cardBody}>
          {title}
          <ProgramOffer program={program} />
          <Standing rating={program.rating} className={classes.cardRating} />
        </div>
      )}
      <ViewButton program={program} plain={plainLink} />
    </article>
  );
}
