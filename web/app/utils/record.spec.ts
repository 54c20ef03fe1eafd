import { describe, expect, it } from '@jest/globals';
import type { PhotoPose, ProgressPhotoResponse } from '@fitcoach/contracts';
import { photoComparison, photosByDay } from './record';

let nextId = 1;
function photo(taken_on: string, pose: PhotoPose): ProgressPhotoResponse {
  const id = nextId++;
  return { id, taken_on, pose, url: `/api/users/photos/${id}/image/`, width: 10, height: 10, created_at: '' };
}

const frontJan = photo('2026-01-01', 'front');
const frontFeb = photo('2026-02-01', 'front');
const frontMar = photo('2026-03-01', 'front');
const sideFeb = photo('2026-02-01', 'side');
// Newest day first, as the API lists them.
const photos = [frontMar, frontFeb, sideFeb, frontJan];
const params = (query: string) => new URLSearchParams(query);

describe(photoComparison.name, () => {
  it('shows the pose with the most photos, its first day before its latest', () => {
    expect(photoComparison(photos, params(''))).toEqual({
      pose: 'front',
      poses: ['front', 'side'],
      dates: ['2026-01-01', '2026-02-01', '2026-03-01'],
      before: frontJan,
      after: frontMar,
    });
  });

  it('takes the pose and days the address asks for', () => {
    expect(photoComparison(photos, params('pose=front&before=2026-02-01&after=2026-01-01'))).toMatchObject({
      before: frontFeb,
      after: frontJan,
    });
  });

  it('falls back where the address names a day or pose without a photo', () => {
    expect(photoComparison(photos, params('pose=back&before=2025-12-31&after=bad'))).toMatchObject({
      pose: 'front',
      before: frontJan,
      after: frontMar,
    });
  });

  it('has nothing to compare a single photo with, and nothing at all without photos', () => {
    expect(photoComparison(photos, params('pose=side'))).toMatchObject({
      pose: 'side',
      before: sideFeb,
      after: null,
    });
    expect(photoComparison([], params(''))).toBeNull();
  });
});

describe(photosByDay.name, () => {
  it('groups the photos by day, newest day first', () => {
    expect(photosByDay([frontJan, sideFeb, frontFeb])).toEqual([
      { date: '2026-02-01', photos: [sideFeb, frontFeb] },
      { date: '2026-01-01', photos: [frontJan] },
    ]);
  });
});
