import express, { type Router } from 'express';
import { MEDIA_URL_PREFIX } from './media.constants.js';

export interface MediaFilesOptions {
  /**
   * The images may be shown by pages of other origins (CORS_ORIGINS is set): they then carry
   * `Cross-Origin-Resource-Policy: cross-origin` instead of helmet's `same-origin`, which browsers enforce on
   * `<img>` too. Only the images: every other answer keeps `same-origin`.
   */
  crossOrigin: boolean;
}

/**
 * Serves `DATA_DIR/media` under `/media`. A stored name is random and never reused, so a file can be cached
 * for a year without revalidation. serve-static refuses paths that leave its root (`..`, also
 * percent-encoded) and dotfiles (temp files); anything it does not serve ends in a plain 404 here, never in
 * the web app's not-found page, and there are no directory listings or index files.
 */
export function mediaFiles(rootDir: string, { crossOrigin }: MediaFilesOptions): Router {
  const resourcePolicy = crossOrigin ? 'cross-origin' : 'same-origin';
  const router = express.Router();
  router.use(
    MEDIA_URL_PREFIX,
    express.static(rootDir, {
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
    }),
    (_req, res) => {
      res.status(404).type('text/plain').send('Not found');
    },
  );
  return router;
}
