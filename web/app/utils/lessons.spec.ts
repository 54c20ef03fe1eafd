import { describe, expect, it } from '@jest/globals';
import {
  choosePosition,
  lessonPlayerPath,
  lessonSearch,
  parseLessonChoice,
  progressDegrees,
  nextLessonIndex,
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
    expect(choosePosition(numbers, [1, 2, 5], 'end', false)).toEqual({ kind: 'end' });
  });

  it('answers the end asked for before every lesson is done with what is left, from the first unfinished', () => {
    expect(choosePosition(numbers, [], 'end', false)).toEqual({ kind: 'unfinished', next: 0 });
    expect(choosePosition(numbers, [1, 2], 'end', false)).toEqual({ kind: 'unfinished', next: 2 });
  });

  it('opens the first lesson of a preview, which has no end', () => {
    expect(choosePosition(numbers, [], null, true)).toEqual({ kind: 'lesson', index: 0 });
    expect(choosePosition(numbers, [], 'end', true)).toEqual({ kind: 'lesson', index: 0 });
  });

  it('has nothing to open without lessons', () => {
    expect(choosePosition([], [], 1, false)).toEqual({ kind: 'empty' });
  });
});

describe(nextLessonIndex.name, () => {
  it('is the first lesson not completed, whatever the order they were done in', () => {
    expect(nextLessonIndex([1, 2, 5], [])).toBe(0);
    expect(nextLessonIndex([1, 2, 5], [1, 5])).toBe(1);
    expect(nextLessonIndex([1, 2, 5], [2])).toBe(0);
    expect(nextLessonIndex([1, 2, 5], [1, 2, 5])).toBeNull();
    expect(nextLessonIndex([], [])).toBeNull();
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
