import summaryClasses from '~/components/layout/summary.module.css';
import ui from '~/components/ui/ui.module.css';
import classes from './home.module.css';

/* "READ MORE" reveals the rest of the story in place: a native <details>, so it also works without JavaScript. */
export function OurStory() {
  return (
    <div className={classes.story}>
      <div className={`${ui.container} ${ui.containerMd} ${classes.section}`}>
        <p className={classes.eyebrow}>OUR STORY</p>
        <h2 className={`${ui.title} ${classes.sectionTitle} ${classes.storyTitle}`}>
          We Are the Get-fit Family
        </h2>
        <p className={`${ui.text} ${ui.textLg}`}>
          We Are the Get-fit Family, a community of trainers and members who believe that fitness is built one
          day at a time.
        </p>
        <details className={classes.readMore}>
          <summary className={`${summaryClasses.summary} ${classes.readMoreSummary}`}>READ MORE</summary>
          <p className={`${ui.text} ${classes.more}`}>
            Every programme on Get-Fit is a day-by-day plan made by a trainer we know, with a video for each
            lesson and a progress bar that shows how far you have come. Pick a programme, follow it at your
            pace, and talk to your trainer whenever you need a hand.
          </p>
        </details>
      </div>
    </div>
  );
}
