import { describe, expect, it } from '@jest/globals';
import {
  choosePosition,
  lessonPlayerPath,
  lessonSearch,
  parseLessonChoice,
  programDay,
  progressDegrees,
  todaysLessonIndex,
  youtubeEmbedUrl,
} from './lessons';

describe(parseLessonChoice.name, () => {
  it('reads a lesson number or the end', () => {
    expect(parseLessonChoice('3')).toBe(3);
    expect(parseLessonChoice('end')).toBe('end');
  });

  it('takes anything else for the default lesson', () => {
    for (const value of [null, undefined, '', '0', '-1', '1.5', 'abc', '1e3', '99999999']) {
      expect(parseLessonChoice(value)).toBeNull();
    }
  });
});

describe(choosePosition.name, () => {
  const numbers = [1, 2, 5];

  it('opens the lesson asked for', () => {
    expect(choosePosition(numbers, [], 5, false)).toEqual({ kind: 'lesson', index: 2 });
    expect(choosePosition(numbers, [], 2, true)).toEqual({ kind: 'lesson', index: 1 });
  });

  it("opens a member's first unfinished lesson by default, and the end once all are done", () => {
    expect(choosePosition(numbers, [1, 5], null, false)).toEqual({ kind: 'lesson', index: 1 });
    expect(choosePosition(numbers, [], 4, false)).toEqual({ kind: 'lesson', index: 0 });
    expect(choosePosition(numbers, [1, 2, 5], null, false)).toEqual({ kind: 'end' });
    expect(choosePosition(numbers, [], 'end', false)).toEqual({ kind: 'end' });
  });

  it('opens the first lesson of a preview, which has no end', () => {
    expect(choosePosition(numbers, [], null, true)).toEqual({ kind: 'lesson', index: 0 });
    expect(choosePosition(numbers, [], 'end', true)).toEqual({ kind: 'lesson', index: 0 });
  });

  it('has nothing to open without lessons', () => {
    expect(choosePosition([], [], 1, false)).toEqual({ kind: 'empty' });
  });
});

describe(programDay.name, () => {
  const start = '2026-11-20T23:30:00.000Z';

  it('counts the start day as day 1, by UTC calendar days', () => {
    expect(programDay(start, new Date('2026-11-20T23:59:00Z'), 30)).toBe(1);
    expect(programDay(start, new Date('2026-11-21T00:01:00Z'), 30)).toBe(2);
    expect(programDay(start, new Date('2026-11-23T12:00:00Z'), 30)).toBe(4);
  });

  it('stops at the last day and never goes below 1', () => {
    expect(programDay(start, new Date('2027-02-01T00:00:00Z'), 30)).toBe(30);
    expect(programDay(start, new Date('2026-11-01T00:00:00Z'), 30)).toBe(1);
    expect(programDay('not a date', new Date(), 30)).toBe(1);
  });
});

describe(todaysLessonIndex.name, () => {
  it('is the Nth lesson on day N, the last one after the lessons run out', () => {
    expect(todaysLessonIndex(1, 3)).toBe(0);
    expect(todaysLessonIndex(3, 3)).toBe(2);
    expect(todaysLessonIndex(10, 3)).toBe(2);
    expect(todaysLessonIndex(1, 0)).toBeNull();
  });
});

describe(progressDegrees.name, () => {
  it('is percent*3.6, within 0..360', () => {
    expect(progressDegrees(0)).toBe(0);
    expect(progressDegrees(50)).toBe(180);
    expect(progressDegrees(100)).toBe(360);
    expect(progressDegrees(140)).toBe(360);
    expect(progressDegrees(-5)).toBe(0);
    expect(progressDegrees(Number.NaN)).toBe(0);
  });
});

describe('lesson links', () => {
  it('address a lesson, its confirmation step and the end', () => {
    expect(lessonSearch(2)).toBe('?lesson=2');
    expect(lessonSearch(2, true)).toBe('?lesson=2&confirm=next');
    expect(lessonPlayerPath(7)).toBe('/programLesson/7');
    expect(lessonPlayerPath(7, 'end')).toBe('/programLesson/7?lesson=end');
  });

  it('embed a video through the privacy-enhanced YouTube host', () => {
    expect(youtubeEmbedUrl('dQw4w9WgXcQ')).toBe('https://www.youtube-nocookie.com/embed/dQw4w9WgXcQ');
  });
});
