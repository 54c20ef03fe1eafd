import type { StreakResponse } from '@fitcoach/contracts';
import { BoltIcon } from '~/components/icons';
import ui from '~/components/ui/ui.module.css';
import { streakTexts } from '~/utils/subscriptions';
import classes from './dashboard.module.css';

/**
 * docs/product.md §2.8 Subscribed Programmes: the member's streak of days with a completed lesson, told in words
 * (the icon is decoration), beside the programmes they follow; plain elements with Mantine's Card look.
 */
export function StreakCard({ streak }: { streak: StreakResponse | null }) {
  if (!streak) return null;
  const texts = streakTexts(streak);
  return (
    <section aria-labelledby="streak-heading" className={`${ui.paper} ${classes.streak}`}>
      <BoltIcon size={32} />
      <div className={classes.streakTexts}>
        <h2 id="streak-heading" className={`${ui.title} ${ui.h3}`}>
          {texts.headline}
        </h2>
        <p className={`${ui.text} ${ui.textSm}`}>{texts.longest}</p>
        {texts.hint ? (
          <p className={`${ui.text} ${ui.textSm} ${ui.strong}`}>{texts.hint}</p>
        ) : (
          <p className={`${ui.text} ${ui.textSm}`}>Today&apos;s lesson is done.</p>
        )}
      </div>
    </section>
  );
}
