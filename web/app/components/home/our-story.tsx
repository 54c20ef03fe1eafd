import summaryClasses from '~/components/layout/summary.module.css';
import ui from '~/components/ui/ui.module.css';
import { siteName } from '~/utils/site-name';
import classes from './home.module.css';

/* "READ MORE" reveals the rest of the story in place: a native <details>, so it also works without JavaScript. */
export function OurStory() {
  return (
    <div className={classes.story}>
      <div className={`${ui.container} ${ui.containerMd} ${classes.section}`}>
        <p className={classes.eyebrow}>HOW IT WORKS</p>
        <h2 className={`${ui.title} ${classes.sectionTitle} ${classes.storyTitle}`}>One Day at a Time</h2>
        <p className={`${ui.text} ${ui.textLg}`}>
          On {siteName()}, trainers publish programmes and members follow them, one lesson a day.
        </p>
        <details className={classes.readMore}>
          <summary className={`${summaryClasses.summary} ${classes.readMoreSummary}`}>READ MORE</summary>
          <p className={`${ui.text} ${classes.more}`}>
            Every programme on {siteName()} is a day-by-day plan made by a trainer and reviewed by our team,
            with a video for each lesson and a progress bar that shows how far you have come. Pick a
            programme, follow it at your pace, and write to your trainer whenever you need a hand.
          </p>
        </details>
      </div>
    </div>
  );
}
