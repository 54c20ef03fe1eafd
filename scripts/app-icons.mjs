// Writes the installed app's icons (web/public/icons/) from the brand's mark, as web/public/favicon.svg draws it:
// `node scripts/app-icons.mjs` after a change of the mark or its colour. The PNGs are committed.
import { mkdirSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import sharp from 'sharp';

const out = fileURLToPath(new URL('../web/public/icons/', import.meta.url));
const BRAND = '#e8590c';
// The dumbbell of favicon.svg, on its 32-unit grid.
const MARK =
  '<path d="M8 12v8M24 12v8M5 14v4M27 14v4M8 16h16" stroke="#fff" stroke-width="3" stroke-linecap="round" fill="none"/>';

/** The favicon's rounded tile. */
const tile = `<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 32 32"><rect width="32" height="32" rx="7" fill="${BRAND}"/>${MARK}</svg>`;

// A maskable icon is cut to any shape inside its central 80%: the colour fills the square, the mark sits well inside.
const maskable = `<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 32 32"><rect width="32" height="32" fill="${BRAND}"/><g transform="translate(16 16) scale(0.6) translate(-16 -16)">${MARK}</g></svg>`;

mkdirSync(out, { recursive: true });
const icons = [
  ['icon-192.png', tile, 192],
  ['icon-512.png', tile, 512],
  ['maskable-512.png', maskable, 512],
  ['apple-touch-icon.png', maskable, 180],
];
for (const [name, svg, size] of icons) {
  await sharp(Buffer.from(svg), { density: (72 * size) / 32 })
    .resize(size, size)
    .png({ compressionLevel: 9 })
    .toFile(`${out}${name}`);
  console.log(`web/public/icons/${name}`);
}
