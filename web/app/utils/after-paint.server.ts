import { StringDecoder } from 'node:string_decoder';
import { Transform } from 'node:stream';
import { MODULE_AFTER_PAINT, PRELOAD_AFTER_PAINT } from './after-paint';

// As React writes the elements of Remix's <Scripts />. Text and attribute values are escaped, and the data in
// inline scripts has its "<" written as \u003c, so neither can be mistaken for one of these tags.
const MODULE_PRELOAD = /<link rel="modulepreload"/g;
// Only inline module scripts, the kind Remix writes: the browser's stand-in script takes the text, not a `src`.
const MODULE_SCRIPT = /(<script\b(?![^>]*\bsrc=)[^>]*?) type="module"/g;

/** The document with its module preloads and module scripts inert until the page has painted (utils/after-paint.ts). */
export function deferModuleScripts(html: string): string {
  return html
    .replace(MODULE_PRELOAD, `<link rel="${PRELOAD_AFTER_PAINT}"`)
    .replace(MODULE_SCRIPT, `$1 type="${MODULE_AFTER_PAINT}"`);
}

/**
 * `deferModuleScripts` over a streamed document: a tag cut by the end of a chunk waits for the rest of it, so the
 * document streams as before but for that piece.
 */
export function deferModuleScriptsStream(): Transform {
  const decoder = new StringDecoder('utf8');
  let held = '';
  return new Transform({
    transform(chunk: Buffer, _encoding, done) {
      const text = held + decoder.write(chunk);
      const lastOpen = text.lastIndexOf('<');
      const cut = lastOpen > text.lastIndexOf('>') ? lastOpen : text.length;
      held = text.slice(cut);
      done(null, deferModuleScripts(text.slice(0, cut)));
    },
    flush(done) {
      done(null, deferModuleScripts(held + decoder.end()));
    },
  });
}
