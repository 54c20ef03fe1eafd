import { describe, expect, it } from '@jest/globals';
import {
  calendar,
  lockedUntil,
  nextReminderAt,
  nextUnlockAt,
  type ProgrammeDays,
  scheduleResponse,
  todayLesson,
  unlocksAt,
} from './schedule.js';

const at = (iso: string) => new Date(iso);
const daily = (completed: number[] = [], lessonNumbers = [1, 2, 3]): ProgrammeDays => ({
  unlock: 'daily',
  lessonNumbers,
  completed,
});

describe('a daily programme in UTC', () => {
  const schedule = { startDate: '2027-01-10', timezone: 'UTC' };

  it('opens lesson n at midnight of day n', () => {
    expect(unlocksAt(schedule, 'daily', 1)?.toISOString()).toBe('2027-01-10T00:00:00.000Z');
    expect(unlocksAt(schedule, 'daily', 3)?.toISOString()).toBe('2027-01-12T00:00:00.000Z');
  });

  it('keeps lesson 2 locked until the last millisecond of day 1', () => {
    expect(lockedUntil(schedule, 'daily', 2, at('2027-01-10T23:59:59.999Z'))?.toISOString()).toBe(
      '2027-01-11T00:00:00.000Z',
    );
    expect(lockedUntil(schedule, 'daily', 2, at('2027-01-11T00:00:00.000Z'))).toBeNull();
  });

  it("gives today's lesson: the first open one not done", () => {
    expect(todayLesson(schedule, daily(), at('2027-01-09T23:59:59Z'))).toBeNull();
    expect(todayLesson(schedule, daily(), at('2027-01-10T00:00:00Z'))).toBe(1);
    expect(todayLesson(schedule, daily([1]), at('2027-01-10T12:00:00Z'))).toBeNull();
    expect(todayLesson(schedule, daily([1]), at('2027-01-11T00:00:00Z'))).toBe(2);
    expect(todayLesson(schedule, daily([2]), at('2027-01-12T08:00:00Z'))).toBe(1);
  });

  it('tells when the next lesson opens, null once all are open', () => {
    expect(nextUnlockAt(schedule, daily(), at('2027-01-09T12:00:00Z'))?.toISOString()).toBe(
      '2027-01-10T00:00:00.000Z',
    );
    expect(nextUnlockAt(schedule, daily(), at('2027-01-11T00:00:00Z'))?.toISOString()).toBe(
      '2027-01-12T00:00:00.000Z',
    );
    expect(nextUnlockAt(schedule, daily(), at('2027-01-12T00:00:00Z'))).toBeNull();
  });

  it('lays out one calendar day per lesson number, days without a lesson included', () => {
    const days = calendar(schedule, daily([1], [1, 2, 4]), at('2027-01-12T09:00:00Z'));
    expect(days).toEqual([
      { day: 1, date: '2027-01-10', lesson_number: 1, state: 'done' },
      { day: 2, date: '2027-01-11', lesson_number: 2, state: 'missed' },
      { day: 3, date: '2027-01-12', lesson_number: null, state: 'today' },
      { day: 4, date: '2027-01-13', lesson_number: 4, state: 'upcoming' },
    ]);
    expect(calendar(schedule, daily([], []), at('2027-01-12T09:00:00Z'))).toEqual([]);
  });

  it('answers the schedule with its instants', () => {
    const subscription = { id: 7, reminderTime: '07:30', ...schedule };
    expect(scheduleResponse(subscription, daily([1]), at('2027-01-10T10:00:00Z'))).toEqual({
      subscription_id: 7,
      start_date: '2027-01-10',
      reminder_time: '07:30',
      timezone: 'UTC',
      today_lesson: null,
      next_unlock_at: '2027-01-11T00:00:00.000Z',
    });
  });
});

describe('a programme whose lessons all open at once', () => {
  const schedule = { startDate: '2027-01-10', timezone: 'UTC' };
  const all: ProgrammeDays = { unlock: 'all', lessonNumbers: [3, 1, 2], completed: [1] };

  it('never locks a lesson, even before day 1', () => {
    expect(unlocksAt(schedule, 'all', 3)).toBeNull();
    expect(lockedUntil(schedule, 'all', 3, at('2027-01-01T00:00:00Z'))).toBeNull();
    expect(nextUnlockAt(schedule, all, at('2027-01-01T00:00:00Z'))).toBeNull();
    expect(todayLesson(schedule, all, at('2027-01-01T00:00:00Z'))).toBe(2);
  });
});

describe("Berlin's change to summer time on the last Sunday of March 2027", () => {
  const schedule = { startDate: '2027-03-27', timezone: 'Europe/Berlin' };

  it('opens each lesson at local midnight, one hour earlier in UTC after the change', () => {
    expect(unlocksAt(schedule, 'daily', 1)?.toISOString()).toBe('2027-03-26T23:00:00.000Z');
    expect(unlocksAt(schedule, 'daily', 2)?.toISOString()).toBe('2027-03-27T23:00:00.000Z');
    expect(unlocksAt(schedule, 'daily', 3)?.toISOString()).toBe('2027-03-28T22:00:00.000Z');
  });

  it("counts the 23-hour Sunday as one day of the member's calendar", () => {
    const days = calendar(schedule, daily([1]), at('2027-03-28T22:30:00Z'));
    expect(days.map((day) => [day.date, day.state])).toEqual([
      ['2027-03-27', 'done'],
      ['2027-03-28', 'missed'],
      ['2027-03-29', 'today'],
    ]);
  });

  it('keeps the reminder at the same wall-clock time across the change', () => {
    expect(
      nextReminderAt('2027-03-27', '08:00', 'Europe/Berlin', at('2027-03-27T07:00:00Z'))?.toISOString(),
    ).toBe('2027-03-28T06:00:00.000Z');
    expect(
      nextReminderAt('2027-03-27', '08:00', 'Europe/Berlin', at('2027-03-27T06:59:59Z'))?.toISOString(),
    ).toBe('2027-03-27T07:00:00.000Z');
  });
});

describe('Asia/Kolkata, five and a half hours ahead of UTC', () => {
  const schedule = { startDate: '2027-01-10', timezone: 'Asia/Kolkata' };

  it('starts day 1 at 18:30 UTC the evening before', () => {
    expect(todayLesson(schedule, daily(), at('2027-01-09T18:29:59Z'))).toBeNull();
    expect(nextUnlockAt(schedule, daily(), at('2027-01-09T18:29:59Z'))?.toISOString()).toBe(
      '2027-01-09T18:30:00.000Z',
    );
    expect(todayLesson(schedule, daily(), at('2027-01-09T18:30:00Z'))).toBe(1);
  });

  it('dates the calendar in the local zone', () => {
    expect(calendar(schedule, daily(), at('2027-01-09T19:00:00Z'))[0]).toEqual({
      day: 1,
      date: '2027-01-10',
      lesson_number: 1,
      state: 'today',
    });
  });
});

describe('nextReminderAt', () => {
  it('is null without a reminder time', () => {
    expect(nextReminderAt('2027-01-10', null, 'UTC', at('2027-01-10T00:00:00Z'))).toBeNull();
  });

  it('waits for the start date', () => {
    expect(
      nextReminderAt('2027-01-10', '18:00', 'Asia/Kolkata', at('2027-01-01T00:00:00Z'))?.toISOString(),
    ).toBe('2027-01-10T12:30:00.000Z');
  });

  it('is today while the time is still to come, tomorrow from that instant on', () => {
    expect(nextReminderAt('2027-01-01', '18:00', 'UTC', at('2027-01-10T17:59:59Z'))?.toISOString()).toBe(
      '2027-01-10T18:00:00.000Z',
    );
    expect(nextReminderAt('2027-01-01', '18:00', 'UTC', at('2027-01-10T18:00:00Z'))?.toISOString()).toBe(
      '2027-01-11T18:00:00.000Z',
    );
  });

  it('reads "today" in the member\'s zone, not in UTC', () => {
    // 20:00 UTC on the 10th is already 01:30 on the 11th in Kolkata: the next 00:15 there is on the 12th.
    expect(
      nextReminderAt('2027-01-01', '00:15', 'Asia/Kolkata', at('2027-01-10T20:00:00Z'))?.toISOString(),
    ).toBe('2027-01-11T18:45:00.000Z');
  });
});
