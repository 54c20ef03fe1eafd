import { describe, expect, it } from '@jest/globals';
import { youtubeStartSeconds, youtubeVideoId } from './youtube.js';

describe(youtubeVideoId.name, () => {
  it.each([
    ['https://www.youtube.com/watch?v=dQw4w9WgXcQ', 'dQw4w9WgXcQ'],
    ['https://www.youtube.com/watch?v=dQw4w9WgXcQ&t=42s&list=PL1', 'dQw4w9WgXcQ'],
    ['https://youtube.com/watch?feature=share&v=dQw4w9WgXcQ', 'dQw4w9WgXcQ'],
    ['https://m.youtube.com/watch?v=dQw4w9WgXcQ', 'dQw4w9WgXcQ'],
    ['https://youtu.be/dQw4w9WgXcQ?si=abc', 'dQw4w9WgXcQ'],
    ['https://www.youtube.com/shorts/dQw4w9WgXcQ', 'dQw4w9WgXcQ'],
    ['https://www.youtube.com/embed/dQw4w9WgXcQ', 'dQw4w9WgXcQ'],
    ['  http://www.youtube.com/watch?v=dQw4w9WgXcQ  ', 'dQw4w9WgXcQ'],
  ])('reads the id of %s', (link, id) => {
    expect(youtubeVideoId(link)).toBe(id);
  });

  it.each([
    'https://vimeo.com/123456',
    'https://www.youtube.com.evil.example/watch?v=dQw4w9WgXcQ',
    'https://www.youtube.com/watch?v=short',
    'https://www.youtube.com/channel/UC123',
    'javascript:alert(1)//youtube.com/watch?v=dQw4w9WgXcQ',
    'not a url',
    '',
  ])('refuses %p', (link) => {
    expect(youtubeVideoId(link)).toBeNull();
  });
});

describe(youtubeStartSeconds.name, () => {
  it.each([
    ['https://www.youtube.com/watch?v=dQw4w9WgXcQ&t=10s', 10],
    ['https://www.youtube.com/watch?v=dQw4w9WgXcQ&t=1m5s', 65],
    ['https://www.youtube.com/watch?v=dQw4w9WgXcQ&t=1h2m3s', 3723],
    ['https://www.youtube.com/watch?v=dQw4w9WgXcQ&t=2m', 120],
    ['https://youtu.be/dQw4w9WgXcQ?t=42', 42],
    ['https://www.youtube.com/embed/dQw4w9WgXcQ?start=90', 90],
    ['https://www.youtube.com/watch?v=dQw4w9WgXcQ#t=30s', 30],
  ])('reads the start of %s', (link, seconds) => {
    expect(youtubeStartSeconds(link)).toBe(seconds);
  });

  it.each([
    'https://www.youtube.com/watch?v=dQw4w9WgXcQ',
    'https://www.youtube.com/watch?v=dQw4w9WgXcQ&t=0',
    'https://www.youtube.com/watch?v=dQw4w9WgXcQ&t=abc',
    'https://www.youtube.com/watch?v=dQw4w9WgXcQ&t=-5',
    'https://www.youtube.com/watch?v=dQw4w9WgXcQ&t=',
    'not a url',
    null,
  ])('finds no start in %p', (link) => {
    expect(youtubeStartSeconds(link)).toBeNull();
  });
});
