/**
 * Checks that every "§" reference in the repository names a section that exists: `docs/product.md §2.6`,
 * `docs/architecture.md §5`, and the further sections a reference lists (`§3, §4`, `§2 and §8`). A "§" that follows
 * no such document name fails too, so comments cannot cite documents that are not in the repository. Part of
 * `npm run lint`.
 */
import { execFileSync } from 'node:child_process';
import { readFileSync } from 'node:fs';

const DOCS = ['product', 'architecture'];
const sections = Object.fromEntries(
  DOCS.map((doc) => {
    const numbers = new Set();
    for (const line of readFileSync(`docs/${doc}.md`, 'utf8').split('\n')) {
      const heading = /^#{2,3} (\d+(?:\.\d+)?)\.? /.exec(line);
      if (heading) numbers.add(heading[1]);
    }
    return [doc, numbers];
  }),
);

const files = execFileSync('git', ['ls-files', '-co', '--exclude-standard'], { encoding: 'utf8' })
  .split('\n')
  .filter((file) => file && file !== 'scripts/doc-refs.mjs' && !file.endsWith('package-lock.json'));

/** A document name, then one or more section numbers joined by commas, "and", "or" or "/", with prose between. */
const REFERENCE =
  /(product|architecture)\.md\b([\s*]{0,6}§[\d.]*\d(?:[^§\n]{0,60}?(?:,|\band\b|\bor\b|\/)\s*§[\d.]*\d)*)/g;

const problems = [];
for (const file of files) {
  let text;
  try {
    text = readFileSync(file, 'utf8');
  } catch {
    continue;
  }
  if (!text.includes('§')) continue;
  const cited = new Set();
  for (const match of text.matchAll(REFERENCE)) {
    for (const number of match[2].matchAll(/§([\d.]*\d)/g)) {
      cited.add(match.index + match[0].indexOf(number[0], match[1].length));
      if (!sections[match[1]].has(number[1])) problems.push(`${file}: ${match[1]}.md has no §${number[1]}`);
    }
  }
  const ownDoc = DOCS.find((doc) => file === `docs/${doc}.md`);
  for (const match of text.matchAll(/§([\d.]*\d)?/g)) {
    if (cited.has(match.index)) continue;
    if (ownDoc && match[1] && sections[ownDoc].has(match[1])) continue;
    const line = text.slice(0, match.index).split('\n').length;
    problems.push(`${file}:${line}: "§" that cites no docs/product.md or docs/architecture.md section`);
  }
}

if (problems.length > 0) {
  console.error(problems.join('\n'));
  process.exit(1);
}
