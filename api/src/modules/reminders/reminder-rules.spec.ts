import { nextReminderAt } from '../subscriptions/schedule.js';
import { lessonOfTheDay } from './reminder-rules.js';

const lessons = [1, 2, 3].map((number) => ({ id: number * 10, number, title: `Lesson ${number}` }));

describe('the reminder rules', () => {
  it('find the first reminder time after now, on day 1 or later', () => {
    const at = (now: string, start = '2031-01-10') =>
      nextReminderAt(start, '07:00', 'UTC', new Date(now))?.toISOString();
    expect(at('2031-01-10T06:59:59Z')).toBe('2031-01-10T07:00:00.000Z');
    expect(at('2031-01-10T07:00:00Z')).toBe('2031-01-11T07:00:00.000Z');
    expect(at('2031-01-01T12:00:00Z')).toBe('2031-01-10T07:00:00.000Z');
    expect(nextReminderAt('2031-01-10', null, 'UTC', new Date('2031-01-10T00:00:00Z'))).toBeNull();
  });

  it("name today's lesson: the first open one not completed", () => {
    const day = (unlock: 'all' | 'daily', today: string, completed: number[]) =>
      lessonOfTheDay({ unlock, startDate: '2031-01-10', today, lessons, completed: new Set(completed) });
    expect(day('all', '2031-01-10', [10])).toEqual({ kind: 'lesson', lesson: lessons[1], opensToday: false });
    expect(day('daily', '2031-01-11', [10])).toEqual({
      kind: 'lesson',
      lesson: lessons[1],
      opensToday: true,
    });
    expect(day('daily', '2031-01-12', [])).toEqual({ kind: 'lesson', lesson: lessons[0], opensToday: false });
    expect(day('daily', '2031-01-10', [10])).toEqual({ kind: 'nothing-today' });
    expect(day('all', '2031-01-09', [])).toEqual({ kind: 'nothing-today' });
    expect(day('daily', '2031-01-10', [10, 20, 30])).toEqual({ kind: 'programme-done' });
  });
});
