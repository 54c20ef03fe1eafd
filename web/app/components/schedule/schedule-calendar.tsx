import type { ScheduleDay, ScheduleDayState } from '@fitcoach/contracts';
import ui from '~/components/ui/ui.module.css';
import { DAY_STATE_LABELS, formatDay } from '~/utils/schedule';
import classes from './calendar.module.css';

/** What each state shows besides its colour. */
const SYMBOLS: Record<ScheduleDayState, string> = { done: '✓', today: '●', missed: '✗', upcoming: '' };

/** One day as a reader hears it: "Day 2, Mon, 29 Mar 2027, Lesson 2: Missed". */
function dayLabel(day: ScheduleDay): string {
  const lesson = day.lesson_number === null ? 'no lesson' : `Lesson ${day.lesson_number}`;
  return `Day ${day.day}, ${formatDay(day.date)}, ${lesson}: ${DAY_STATE_LABELS[day.state]}`;
}

/**
 * docs/product.md §2.8: the programme's days from the member's start, each done, today, missed or upcoming; a list
 * whose items say their state in words (hidden visually, where the symbol and colour show it).
 */
export function ScheduleCalendar({ days, label }: { days: ScheduleDay[]; label: string }) {
  return (
    <div>
      <ol className={classes.grid} aria-label={label}>
        {days.map((day) => (
          <li key={day.day} className={`${classes.day} ${classes[day.state] ?? ''}`} title={dayLabel(day)}>
            <span aria-hidden="true">
              {day.day}
              {SYMBOLS[day.state] ? ` ${SYMBOLS[day.state]}` : ''}
            </span>
            <span className={ui.visuallyHidden}>{dayLabel(day)}</span>
          </li>
        ))}
      </ol>
      <ul className={classes.legend} aria-hidden="true">
        {(Object.keys(SYMBOLS) as ScheduleDayState[]).map((state) => (
          <li key={state}>
            {SYMBOLS[state] || '·'} {DAY_STATE_LABELS[state]}
          </li>
        ))}
      </ul>
    </div>
  );
}
