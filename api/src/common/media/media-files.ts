import express, { type Router } from 'express';
import { MEDIA_URL_PREFIX } from './media.constants.js';

export interface MediaFilesOptions {
  /**
   * The images may be shown by pages of other origins (CORS_ORIGINS is set): they then carry
   * `Cross-Origin-Resource-Policy: cross-origin` instead of helmet's `same-origin`, which browsers enforce on
   * `<img>` too. Only the images: every other answer keeps `same-origin`.
   */
  crossOrigin: boolean;
  /** Makes the narrower copy of a stored image that a path names, resolving false when it names none. */
  makeCopy: (path: string) => Promise<boolean>;
}

/**
 * Serves `DATA_DIR/media` under `/media`. A stored name is random and never reused, so a file can be cached
 * for a year without revalidation. serve-static refuses paths that leave its root (`..`, also
 * percent-encoded) and dotfiles (temp files); anything it does not serve ends in a plain 404 here, never in
 * the web app's not-found page, and there are no directory listings or index files. A narrower copy of a stored
 * image (`<name>-640w.webp`, IMAGE_WIDTHS in libs/contracts/src/limits.ts) is made the first time it is asked for.
 */
export function mediaFiles(rootDir: string, { crossOrigin, makeCopy }: MediaFilesOptions): Router {
  const resourcePolicy = crossOrigin ? 'cross-origin' : 'same-origin';
  const router = express.Router();
  const files = express.static(rootDir, {
    index: false,
    redirect: false,
    dotfiles: 'ignore',
    fallthrough: true,
    immutable: true,
    maxAge: '1y',
    setHeaders: (res) => {
      res.setHeader('X-Content-Type-Options', 'nosniff');
      res.setHeader('Cross-Origin-Resource-Policy', resourcePolicy);
    },
  });
  router.use(
    MEDIA_URL_PREFIX,
    files,
    (req, res, next) => {
      makeCopy(req.path).then((made) => (made ? files(req, res, next) : next()), next);
    },
    (_req, res) => {
      res.status(404).type('text/plain').send('Not found');
    },
  );
  return router;
}
