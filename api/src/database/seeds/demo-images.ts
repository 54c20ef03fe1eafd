import type { ProgramCategory } from '@fitcoach/contracts';
import sharp from 'sharp';

/**
 * Pictures for the demo content, drawn as SVG and rasterised by sharp: no network and no binary files in the
 * repository. They contain no text, so they look the same whatever fonts the machine has.
 */

const CATEGORY_COLOURS: Record<ProgramCategory, [string, string]> = {
  'Weight Loss': ['#f7971e', '#ffd200'],
  'Strength Training': ['#232526', '#c0392b'],
  Cardio: ['#ee0979', '#ff6a00'],
  Yoga: ['#56ab2f', '#a8e063'],
  Pilates: ['#7f7fd5', '#91eae4'],
  HIIT: ['#cb2d3e', '#ef473a'],
  CrossFit: ['#0f2027', '#2c5364'],
  Other: ['#614385', '#516395'],
};

function gradient(id: string, [from, to]: [string, string]): string {
  return (
    `<linearGradient id="${id}" x1="0" y1="0" x2="1" y2="1">` +
    `<stop offset="0" stop-color="${from}"/><stop offset="1" stop-color="${to}"/></linearGradient>`
  );
}

function png(svg: string): Promise<Buffer> {
  return sharp(Buffer.from(svg)).png().toBuffer();
}

/** A head-and-shoulders silhouette on the trainer's two colours. */
export function avatarImage(colours: [string, string]): Promise<Buffer> {
  return png(
    `<svg xmlns="http://www.w3.org/2000/svg" width="400" height="400" viewBox="0 0 400 400">` +
      `<defs>${gradient('bg', colours)}</defs>` +
      `<rect width="400" height="400" fill="url(#bg)"/>` +
      `<circle cx="200" cy="160" r="78" fill="#ffffff" fill-opacity="0.85"/>` +
      `<path d="M60 400 C60 290 130 250 200 250 C270 250 340 290 340 400 Z" fill="#ffffff" fill-opacity="0.85"/>` +
      `</svg>`,
  );
}

/**
 * A 16:9 cover in the category's colours. `variant` moves the circles and the stripe so that covers of the same
 * category still differ.
 */
export function coverImage(category: ProgramCategory, variant: number): Promise<Buffer> {
  const x = 560 + ((variant * 137) % 300);
  const y = 120 + ((variant * 89) % 260);
  const r = 160 + ((variant * 53) % 120);
  const tilt = -20 + ((variant * 29) % 40);
  return png(
    `<svg xmlns="http://www.w3.org/2000/svg" width="960" height="540" viewBox="0 0 960 540">` +
      `<defs>${gradient('bg', CATEGORY_COLOURS[category])}</defs>` +
      `<rect width="960" height="540" fill="url(#bg)"/>` +
      `<circle cx="${x}" cy="${y}" r="${r}" fill="#ffffff" fill-opacity="0.14"/>` +
      `<circle cx="${x - r}" cy="${y + r / 2}" r="${r / 2}" fill="#ffffff" fill-opacity="0.10"/>` +
      `<rect x="-100" y="380" width="1200" height="70" fill="#000000" fill-opacity="0.12" ` +
      `transform="rotate(${tilt} 480 415)"/>` +
      // A dumbbell: the one shape that says "fitness" without words.
      `<g fill="#ffffff" fill-opacity="0.9" transform="translate(120 220)">` +
      `<rect x="0" y="0" width="36" height="100" rx="8"/><rect x="40" y="15" width="24" height="70" rx="6"/>` +
      `<rect x="64" y="42" width="112" height="16" rx="4"/>` +
      `<rect x="176" y="15" width="24" height="70" rx="6"/><rect x="204" y="0" width="36" height="100" rx="8"/>` +
      `</g></svg>`,
  );
}
