/**
 * Checks that what docs and comments cite exists: sections (`docs/product.md §2.6`), repository paths (or ones git
 * ignores), ADR numbers and Markdown links with their anchors. A path with a placeholder or glob is a pattern, not
 * checked. Part of `npm run lint`; it tests itself first, so a check that stops finding anything fails.
 */
import { execFileSync } from 'node:child_process';
import { readFileSync } from 'node:fs';
import path from 'node:path';

const DOCS = ['product', 'architecture'];

/** A document name, then one or more section numbers joined by commas, "and", "or" or "/", with prose between. */
const REFERENCE =
  /(product|architecture)\.md\b([\s*]{0,6}§[\d.]*\d(?:[^§\n]{0,60}?(?:,|\band\b|\bor\b|\/)\s*§[\d.]*\d)*)/g;

/** A path from the repository's root, not part of a longer path, URL or package name; it ends on a name or "/". */
const PATH = /(?<![\w@/.\-$])((?:api|web|libs|scripts|test|docs|docker)\/[\w.$\-/]*[\w/])/g;

/** What may follow a path that is a pattern rather than a file: a placeholder, a glob or an ellipsis. */
const PATTERN_NEXT = /^[<{*…[]|^\.\.\./;

/** "ADR 41", "ADR 041", "ADRs 029, 042 and 044"; and a record cited by its folder and number alone. */
const ADR = /\bADRs? (\d{1,3}(?:(?:,| and| or|, and)\s+\d{1,3}\b)*)/g;
const ADR_PATH = /(?<![\w/])docs\/decisions\/(\d{3})(?![\w-])/g;

const MARKDOWN_LINK = /\]\(([^)\s]+)\)/g;

/** A Markdown file named without its folder (`API.md`); some file of the repository must have that name. */
const BARE_MARKDOWN = /(?<![\w/.\-$])([A-Za-z][\w-]*\.md)\b/g;

/** Whether `index` is in a comment (`//`, `/*`, a `*` line, a `#` line): paths in code are the code's business. */
function inComment(text, index) {
  const line = text.slice(text.lastIndexOf('\n', index - 1) + 1, index);
  return /\/\/|\/\*/.test(line) || /^\s*(?:\*|#)/.test(line);
}

/** GitHub's anchor of a heading: lower case, punctuation dropped, spaces as hyphens. */
function anchorOf(heading) {
  return heading
    .trim()
    .toLowerCase()
    .replace(/[^\p{L}\p{N}\s_-]/gu, '')
    .replace(/\s/g, '-');
}

function headingsOf(text) {
  const anchors = new Set();
  for (const line of text.split('\n')) {
    const heading = /^#{1,6} (.+)$/.exec(line);
    if (heading) anchors.add(anchorOf(heading[1]));
  }
  return anchors;
}

function sectionsOf(text) {
  const numbers = new Set();
  for (const line of text.split('\n')) {
    const heading = /^#{2,3} (\d+(?:\.\d+)?)\.? /.exec(line);
    if (heading) numbers.add(heading[1]);
  }
  return numbers;
}

/** The problems of one file; `repo` answers what exists, is ignored or named, and the ADRs and sections recorded. */
export function problemsOf(file, text, repo) {
  const problems = [];
  const lineOf = (index) => text.slice(0, index).split('\n').length;

  if (text.includes('§')) {
    const cited = new Set();
    for (const match of text.matchAll(REFERENCE)) {
      for (const number of match[2].matchAll(/§([\d.]*\d)/g)) {
        cited.add(match.index + match[0].indexOf(number[0], match[1].length));
        if (!repo.sections[match[1]].has(number[1]))
          problems.push(`${file}: ${match[1]}.md has no §${number[1]}`);
      }
    }
    const ownDoc = DOCS.find((doc) => file === `docs/${doc}.md`);
    for (const match of text.matchAll(/§([\d.]*\d)?/g)) {
      if (cited.has(match.index)) continue;
      if (ownDoc && match[1] && repo.sections[ownDoc].has(match[1])) continue;
      problems.push(
        `${file}:${lineOf(match.index)}: "§" that cites no docs/product.md or docs/architecture.md section`,
      );
    }
  }

  const markdown = file.endsWith('.md');
  for (const match of text.matchAll(PATH)) {
    const cited = match[1];
    if (!markdown && !inComment(text, match.index)) continue;
    const next = text.slice(match.index + cited.length, match.index + cited.length + 3);
    if (PATTERN_NEXT.test(next) || cited.includes('NNN')) continue;
    if (/^docs\/decisions\/\d{3}$/.test(cited)) continue; // an ADR by number: checked below
    if (repo.exists(cited) || repo.ignored(cited)) continue;
    problems.push(`${file}:${lineOf(match.index)}: ${cited} is not in the repository`);
  }

  for (const match of text.matchAll(BARE_MARKDOWN)) {
    if ((!markdown && !inComment(text, match.index)) || match[1].includes('NNN')) continue;
    if (!repo.named(match[1]))
      problems.push(`${file}:${lineOf(match.index)}: no file of the repository is named ${match[1]}`);
  }

  const adrNumbers = [...text.matchAll(ADR)].flatMap((match) =>
    [...match[1].matchAll(/\d+/g)].map((number) => ({ number: Number(number[0]), index: match.index })),
  );
  for (const match of text.matchAll(ADR_PATH))
    adrNumbers.push({ number: Number(match[1]), index: match.index });
  for (const { number, index } of adrNumbers) {
    if (!repo.adrs.has(number))
      problems.push(`${file}:${lineOf(index)}: ADR ${number} is not in docs/decisions/`);
  }

  if (markdown) {
    for (const match of text.matchAll(MARKDOWN_LINK)) {
      const target = match[1];
      if (/^[a-z]+:/i.test(target) || target.startsWith('/')) continue; // a URL, or a page of the site
      const [where, anchor] = target.split('#');
      const linked =
        where === '' ? file : path.posix.normalize(path.posix.join(path.posix.dirname(file), where));
      const at = `${file}:${lineOf(match.index)}`;
      if (linked.startsWith('..') || !repo.exists(linked.replace(/\/$/, ''))) {
        problems.push(`${at}: link to ${target}, which is not in the repository`);
      } else if (anchor && linked.endsWith('.md') && !headingsOf(repo.read(linked)).has(anchor)) {
        problems.push(`${at}: link to ${target}, whose file has no heading #${anchor}`);
      }
    }
  }
  return problems;
}

/** Made-up files that each reference kind must catch, and a clean one it must pass. */
function selfTest() {
  const files = new Map([
    ['docs/architecture.md', '# Arch\n\n## 5. Identity\n\n## Where it runs\n'],
    ['docs/product.md', '## 2. Pages\n\n### 2.6 Lessons\n'],
    ['docs/decisions/041-kept.md', '# 041\n'],
    ['api/src/main.ts', ''],
  ]);
  const folders = new Set(
    [...files.keys()].flatMap((file) => file.split('/').map((_, i, p) => p.slice(0, i).join('/'))),
  );
  const repo = {
    exists: (p) => files.has(p) || folders.has(p.replace(/\/$/, '')),
    ignored: (p) => p.startsWith('api/dist/'),
    named: (name) => [...files.keys()].some((file) => file.endsWith(`/${name}`) || file === name),
    read: (p) => files.get(p) ?? '',
    adrs: new Set([41]),
    sections: {
      product: sectionsOf(files.get('docs/product.md')),
      architecture: sectionsOf(files.get('docs/architecture.md')),
    },
  };
  const clean = [
    '// docs/architecture.md §5 and docs/product.md §2.6, api/src/main.ts, api/dist/main.js, api/src/',
    '// ADR 041, ADR 41, docs/decisions/041-kept.md, ADR 041, test/api/<file>, api/src/modules/**',
    '// https://example.com/docs/x.md, @fitcoach/api/src, [a](docs/architecture.md#where-it-runs)',
  ].join('\n');
  const broken = [
    '// docs/architecture.md §6, a lone § here, web/app/utils/api.server.ts, docs/decisions/042-gone.md',
    '// ADR 042, ADRs 041 and 043, ADR 044',
    '/* the room name of API.md; architecture.md is fine */',
  ].join('\n');
  const brokenLinks = '[a](architecture.md#nowhere) [b](decisions/099-gone.md) [c](../../outside.md)';
  const expected = [
    'api/src/x.ts: architecture.md has no §6',
    'api/src/x.ts:1: "§" that cites no docs/product.md or docs/architecture.md section',
    'api/src/x.ts:1: web/app/utils/api.server.ts is not in the repository',
    'api/src/x.ts:1: docs/decisions/042-gone.md is not in the repository',
    'api/src/x.ts:3: no file of the repository is named API.md',
    'api/src/x.ts:2: ADR 42 is not in docs/decisions/',
    'api/src/x.ts:2: ADR 43 is not in docs/decisions/',
    'api/src/x.ts:2: ADR 44 is not in docs/decisions/',
    'docs/guide.md:1: link to architecture.md#nowhere, whose file has no heading #nowhere',
    'docs/guide.md:1: link to decisions/099-gone.md, which is not in the repository',
    'docs/guide.md:1: link to ../../outside.md, which is not in the repository',
  ];
  const found = [
    ...problemsOf('api/src/clean.ts', clean, repo),
    ...problemsOf('api/src/x.ts', broken, repo),
    ...problemsOf('docs/guide.md', brokenLinks, repo),
  ];
  if (JSON.stringify(found) !== JSON.stringify(expected)) {
    console.error(
      `doc-refs self-test failed:\nexpected\n  ${expected.join('\n  ')}\nfound\n  ${found.join('\n  ')}`,
    );
    process.exit(1);
  }
}

selfTest();

const tree = execFileSync('git', ['ls-files', '-co', '--exclude-standard'], { encoding: 'utf8' })
  .split('\n')
  .filter(Boolean);
const present = new Set(tree);
const folders = new Set(
  tree.flatMap((file) => file.split('/').map((_, i, parts) => parts.slice(0, i).join('/'))),
);
const names = new Set(tree.map((file) => file.slice(file.lastIndexOf('/') + 1)));
const files = tree.filter((file) => file !== 'scripts/doc-refs.mjs' && !file.endsWith('package-lock.json'));

/** The cited paths missing from the tree that git ignores, asked of `git check-ignore` in one call. */
function ignoredAmong(texts) {
  const cited = new Set(texts.flatMap((text) => [...text.matchAll(PATH)].map((match) => match[1])));
  const missing = [...cited].filter((p) => !present.has(p) && !folders.has(p.replace(/\/$/, '')));
  const asked = missing.flatMap((p) => (p.endsWith('/') ? [p] : [p, `${p}/`]));
  let answer = '';
  try {
    answer = execFileSync('git', ['check-ignore', '--no-index', '--stdin'], {
      input: asked.join('\n'),
      encoding: 'utf8',
    });
  } catch (error) {
    if (error.status !== 1) throw error; // 1: none of them is ignored
  }
  return new Set(
    answer
      .split('\n')
      .filter(Boolean)
      .map((p) => p.replace(/\/$/, '')),
  );
}

const texts = new Map();
const read = (file) => {
  if (!texts.has(file)) texts.set(file, readFileSync(file, 'utf8'));
  return texts.get(file);
};

const textOf = (file) => {
  try {
    const text = read(file);
    return text.includes('\0') ? null : text;
  } catch {
    return null;
  }
};
const ignored = ignoredAmong(files.map(textOf).filter((text) => text !== null));

const repo = {
  exists: (p) => present.has(p) || folders.has(p.replace(/\/$/, '')),
  ignored: (p) => ignored.has(p.replace(/\/$/, '')),
  read,
  named: (name) => names.has(name),
  adrs: new Set(
    files
      .map((file) => /^docs\/decisions\/(\d{3})-[^/]+\.md$/.exec(file)?.[1])
      .filter(Boolean)
      .map(Number),
  ),
  sections: Object.fromEntries(DOCS.map((doc) => [doc, sectionsOf(read(`docs/${doc}.md`))])),
};

const problems = [];
for (const file of files) {
  const text = textOf(file);
  if (text !== null) problems.push(...problemsOf(file, text, repo));
}

if (problems.length > 0) {
  console.error(problems.join('\n'));
  process.exit(1);
}
