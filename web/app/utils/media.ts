import { IMAGE_WIDTHS, MAX_IMAGE_DIMENSION } from '@fitcoach/contracts';

/** A path of an image the API stored: `/media/<kind>/<name>.webp`. */
const STORED = /^(\/media\/[a-z]+\/[0-9a-f]{32})\.webp$/;

/** Where an image is shown: `sizes` tells the browser its width before the CSS is laid out. */
export const IMAGE_SIZES = {
  /** A catalogue card: the grid's one, two or three columns (components/catalogue/catalogue.module.css .grid). */
  card: '(min-width: 62em) 380px, (min-width: 48em) 50vw, 100vw',
  page: '(min-width: 75em) 1140px, 100vw',
  chat: '(min-width: 48em) 480px, 80vw',
} as const;

/** The API's narrower copies of a stored image as srcSet, so a phone downloads a fraction of a desktop's bytes. */
export function imageSources(src: string): { src: string; srcSet?: string } {
  const base = STORED.exec(src)?.[1];
  if (!base) return { src };
  const copies = IMAGE_WIDTHS.map((width) => `${base}-${width}w.webp ${width}w`);
  return { src, srcSet: [...copies, `${src} ${MAX_IMAGE_DIMENSION}w`].join(', ') };
}

export function avatarImage(src: string | null | undefined, size: number) {
  const srcSet = src ? imageSources(src).srcSet : undefined;
  return srcSet ? { srcSet, sizes: `${size}px` } : undefined;
}
