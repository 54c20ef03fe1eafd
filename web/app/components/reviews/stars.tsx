import type { RatingSummary } from '@fitcoach/contracts';
import { starsLabel, starsText } from '~/utils/reviews';
import classes from './reviews.module.css';

/** Five characters for the eye, "4 of 5 stars" for screen readers. */
export function Stars({ stars }: { stars: number }) {
  return (
    <span role="img" aria-label={starsLabel(stars)} className={classes.stars}>
      {starsText(stars)}
    </span>
  );
}

/** A programme's or a trainer's standing in one line: "★★★★☆ 4.3 (12 reviews)", or that there are none yet. */
export function Standing({ rating, className = '' }: { rating: RatingSummary; className?: string }) {
  return (
    <p className={`${classes.standing} ${className}`}>
      {rating.average === null ? (
        'No reviews yet'
      ) : (
        <>
          <Stars stars={rating.average} /> {rating.average.toFixed(1)} ({rating.count}{' '}
          {rating.count === 1 ? 'review' : 'reviews'})
        </>
      )}
    </p>
  );
}
