import { IMAGE_WIDTHS, MAX_IMAGE_DIMENSION } from '@fitcoach/contracts';

/** A path of an image the API stored: `/media/<kind>/<name>.webp`. */
const STORED = /^(\/media\/[a-z]+\/[0-9a-f]{32})\.webp$/;

/** Where an image is shown: `sizes` tells the browser its width before the CSS is laid out. */
export const IMAGE_SIZES = {
  /** A catalogue card: the grid's one, two or three columns (components/catalogue/catalogue.module.css .grid). */
  card: '(min-width: 62em) 380px, (min-width: 48em) 50vw, 100vw',
  /** A programme's cover on its page, or a lesson's picture: the width of the page's container. */
  page: '(min-width: 75em) 1140px, 100vw',
  /** An image sent in the chat, at most 240 px high. */
  chat: '(min-width: 48em) 480px, 80vw',
} as const;

/**
 * The `src` and `srcSet` of an image: for an image the API stored, its narrower copies (IMAGE_WIDTHS, made by the
 * API on first request) and itself as the widest, so a phone downloads a fraction of a desktop's bytes.
 */
export function imageSources(src: string): { src: string; srcSet?: string } {
  const base = STORED.exec(src)?.[1];
  if (!base) return { src };
  const copies = IMAGE_WIDTHS.map((width) => `${base}-${width}w.webp ${width}w`);
  return { src, srcSet: [...copies, `${src} ${MAX_IMAGE_DIMENSION}w`].join(', ') };
}

/** The image props of a person's picture shown `size` px wide (Mantine Avatar's `imageProps`). */
export function avatarImage(src: string | null | undefined, size: number) {
  const srcSet = src ? imageSources(src).srcSet : undefined;
  return srcSet ? { srcSet, sizes: `${size}px` } : undefined;
}
