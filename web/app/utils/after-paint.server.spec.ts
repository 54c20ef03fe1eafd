import { describe, expect, it } from '@jest/globals';
import { MODULE_AFTER_PAINT, PRELOAD_AFTER_PAINT } from './after-paint';
import { deferModuleScripts, deferModuleScriptsStream } from './after-paint.server';

// What Remix's <Scripts /> and the pages write, as React renders them.
const DOCUMENT =
  '<!DOCTYPE html><html lang="en"><head><script nonce="n1">try{document.documentElement.dataset.x="é"}catch(e){}</script>' +
  '<script type="application/ld+json">{"name":"Yoga \\u003cscript type=\\"module\\"\\u003e"}</script></head>' +
  '<body><p>&lt;link rel=&quot;modulepreload&quot;&gt; is text; so is type="module" here</p>' +
  '<link rel="modulepreload" href="/assets/manifest-1.js"/><link rel="modulepreload" href="/assets/entry.client-2.js"/>' +
  '<script nonce="n1">window.__remixContext = {"a":1};</script><script type="module" src="/assets/other.js"></script>' +
  '<script nonce="n1" type="module" async="">import "/assets/manifest-1.js";\nimport("/assets/entry.client-2.js");</script>' +
  '</body></html>';

const EXPECTED =
  '<!DOCTYPE html><html lang="en"><head><script nonce="n1">try{document.documentElement.dataset.x="é"}catch(e){}</script>' +
  '<script type="application/ld+json">{"name":"Yoga \\u003cscript type=\\"module\\"\\u003e"}</script></head>' +
  '<body><p>&lt;link rel=&quot;modulepreload&quot;&gt; is text; so is type="module" here</p>' +
  `<link rel="${PRELOAD_AFTER_PAINT}" href="/assets/manifest-1.js"/><link rel="${PRELOAD_AFTER_PAINT}" href="/assets/entry.client-2.js"/>` +
  '<script nonce="n1">window.__remixContext = {"a":1};</script><script type="module" src="/assets/other.js"></script>' +
  `<script nonce="n1" type="${MODULE_AFTER_PAINT}" async="">import "/assets/manifest-1.js";\nimport("/assets/entry.client-2.js");</script>` +
  '</body></html>';

async function streamed(chunks: Buffer[]): Promise<string> {
  const transform = deferModuleScriptsStream();
  const out: Buffer[] = [];
  transform.on('data', (chunk: Buffer) => out.push(chunk));
  const ended = new Promise((resolve) => transform.on('end', resolve));
  for (const chunk of chunks) transform.write(chunk);
  transform.end();
  await ended;
  return Buffer.concat(out).toString('utf8');
}

describe(deferModuleScripts.name, () => {
  it('makes the module preloads and the module script inert, and nothing else: text, data, other scripts and a module script with a src stay', () => {
    expect(deferModuleScripts(DOCUMENT)).toBe(EXPECTED);
  });
});

describe(deferModuleScriptsStream.name, () => {
  it('gives the same document whichever byte a chunk ends on, a tag or a character cut in two included', async () => {
    const bytes = Buffer.from(DOCUMENT, 'utf8');
    for (let cut = 1; cut < bytes.length; cut += 1) {
      expect(await streamed([bytes.subarray(0, cut), bytes.subarray(cut)])).toBe(EXPECTED);
    }
  });

  it('passes the document on as it comes, holding back only a tag that is not complete yet', async () => {
    const transform = deferModuleScriptsStream();
    const first = new Promise<string>((resolve) =>
      transform.once('data', (chunk: Buffer) => resolve(chunk.toString())),
    );
    transform.write(Buffer.from('<body><h1>Trainer</h1><link rel="module'));
    expect(await first).toBe('<body><h1>Trainer</h1>');
    const rest = new Promise<string>((resolve) =>
      transform.once('data', (chunk: Buffer) => resolve(chunk.toString())),
    );
    transform.write(Buffer.from('preload" href="/a.js"/>'));
    expect(await rest).toBe(`<link rel="${PRELOAD_AFTER_PAINT}" href="/a.js"/>`);
  });
});
