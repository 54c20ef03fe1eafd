import { isProgramCategory, type ProgramCategory } from '@fitcoach/contracts';
import type { CSSProperties } from 'react';

// A programme without a picture: initials on a gradient turned and shaded by its id, so neighbours never look
// alike; the hues are dark enough for white initials (4.5:1).

const CATEGORY_HUES: Readonly<Record<ProgramCategory, number>> = {
  'Weight Loss': 14,
  'Strength Training': 220,
  Cardio: 350,
  Yoga: 160,
  Pilates: 285,
  HIIT: 32,
  CrossFit: 195,
  Other: 250,
};

/** Up to two letters: the first of the name's first two words ("Morning Mobility Basics" is "MM"). */
export function coverInitials(name: string): string {
  const words = name.match(/[\p{L}\p{N}]+/gu) ?? [];
  const initials = words
    .slice(0, 2)
    .map((word) => word.charAt(0))
    .join('');
  return initials.toLocaleUpperCase() || '?';
}

export function coverStyle({ id, category }: { id: number; category: string }): CSSProperties {
  const hue = CATEGORY_HUES[isProgramCategory(category) ? category : 'Other'];
  const angle = 100 + ((id * 47) % 160);
  const shift = ((id * 29) % 50) - 25;
  return {
    background: `linear-gradient(${angle}deg, hsl(${hue} 60% 30%), hsl(${(hue + shift + 360) % 360} 55% 20%))`,
  };
}
