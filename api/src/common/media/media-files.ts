import express, { type Router } from 'express';
import { MEDIA_URL_PREFIX } from './media.constants.js';

export interface MediaFilesOptions {
  /** Browsers enforce helmet's `Cross-Origin-Resource-Policy: same-origin` on `<img>` too. */
  crossOrigin: boolean;
  makeCopy: (path: string) => Promise<boolean>;
}

/**
 * A stored name is random and never reused, so a file is cached for a year. Narrower copies are made the first time
 * they are asked for.
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
