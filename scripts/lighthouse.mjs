// `npm run lighthouse`: Lighthouse in Debian's Chromium against the production build on four pages with the demo
// content; exits 1 below the targets (docs/performance.md, Lighthouse). Each page runs LIGHTHOUSE_RUNS times (3) and
// its median run is reported, as Lighthouse advises. CHROME_PATH names another Chromium; BENCH_SKIP_BUILD=1 as bench.
import { execFileSync } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { loadavg, tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import * as chromeLauncher from 'chrome-launcher';
import lighthouse from 'lighthouse';
import { computeMedianRun, filterToValidRuns } from 'lighthouse/core/lib/median-run.js';
import { startProductionServer } from './bench-support.mjs';

const root = fileURLToPath(new URL('..', import.meta.url));

export const TARGETS = { performance: 90, accessibility: 100, 'best-practices': 100, seo: 100 };

/** Runs a page: one run's score moves by several points from run to run on the same build (docs/performance.md). */
const RUNS = Math.max(1, Number(process.env.LIGHTHOUSE_RUNS ?? 3));

/** As the tests launch it: this machine has no network beyond the registries. */
const CHROME_FLAGS = [
  '--headless=new',
  '--no-sandbox',
  '--disable-gpu',
  '--disable-background-networking',
  '--disable-component-update',
];

export async function auditedPaths(url) {
  const [program] = await (await fetch(`${url}/api/fitness_programs/retrive_all/?page_size=1`)).json();
  const [trainer] = await (await fetch(`${url}/api/trainers/allTrainer/?page_size=1`)).json();
  if (!program || !trainer)
    throw new Error('the catalogue has no published programme or no trainer to audit');
  return ['/', '/programmes', `/programDetails/${program.id}`, `/trainerPage/${trainer.id}`];
}

/**
 * Lighthouse's default (simulated mid-range phone) run of each path, RUNS times in one Chromium: per page the scores
 * and failing audits of its median run (`computeMedianRun`), and every run's performance score.
 */
export async function auditPages(url, paths) {
  const chrome = await chromeLauncher.launch({
    chromePath: process.env.CHROME_PATH ?? '/usr/bin/chromium',
    chromeFlags: CHROME_FLAGS,
  });
  try {
    const pages = [];
    for (const path of paths) {
      const runs = [];
      for (let run = 0; run < RUNS; run += 1) {
        runs.push(
          (await lighthouse(`${url}${path}`, { port: chrome.port, output: 'json', logLevel: 'error' })).lhr,
        );
      }
      // A run that could not load the page (Lighthouse's runtimeError: no paint in time on a busy machine, say)
      // measured nothing: it is left out of the median, and its error printed when no run measured anything.
      const valid = filterToValidRuns(runs.filter((run) => !run.runtimeError));
      const lhr = valid.length > 0 ? computeMedianRun(valid) : runs[0];
      const scores = Object.fromEntries(
        Object.entries(lhr.categories).map(([id, category]) => [id, Math.round((category.score ?? 0) * 100)]),
      );
      const misses = Object.values(lhr.audits)
        .filter(
          (audit) => audit.score !== null && audit.score < 1 && audit.scoreDisplayMode !== 'informative',
        )
        .filter((audit) => audit.scoreDisplayMode !== 'manual' && audit.scoreDisplayMode !== 'notApplicable')
        .map((audit) => `${audit.id}${audit.displayValue ? ` (${audit.displayValue})` : ''}`);
      const problems = [
        ...(lhr.runtimeError ? [`${lhr.runtimeError.code}: ${lhr.runtimeError.message}`] : []),
        ...(lhr.runWarnings ?? []),
      ];
      const performanceRuns = runs.map((run) =>
        run.runtimeError ? 'no measure' : Math.round((run.categories.performance.score ?? 0) * 100),
      );
      pages.push({ path, scores, misses, problems, performanceRuns });
    }
    return pages;
  } finally {
    await chrome.kill();
  }
}

export function pageMeets(page) {
  return Object.keys(TARGETS).every((id) => (page.scores[id] ?? 0) >= TARGETS[id]);
}

/** The table for docs/performance.md; true when every page meets every target. */
export function printAudit(pages) {
  const ids = Object.keys(TARGETS);
  console.log(`\nLighthouse (default mobile run, Debian Chromium; median of ${RUNS} runs a page)\n`);
  console.log(
    `load average ${loadavg()
      .map((n) => n.toFixed(1))
      .join(', ')}\n`,
  );
  console.log(`| page | ${ids.join(' | ')} | verdict |`);
  console.log(`|---|${ids.map(() => '---:').join('|')}|---|`);
  let ok = true;
  for (const page of pages) {
    const meets = pageMeets(page);
    ok &&= meets;
    console.log(
      `| ${page.path} | ${ids.map((id) => page.scores[id]).join(' | ')} | ${meets ? 'meets' : 'MISSES'} |`,
    );
  }
  console.log(`\ntargets: ${ids.map((id) => `${id} ≥ ${TARGETS[id]}`).join(', ')}`);
  for (const page of pages)
    console.log(`${page.path} performance of each run: ${page.performanceRuns.join(', ')}`);
  for (const page of pages) {
    if (page.misses.length > 0) console.log(`${page.path} below full marks: ${page.misses.join(', ')}`);
    for (const warning of page.problems) console.log(`${page.path} warning: ${warning}`);
  }
  return ok;
}

async function main() {
  if (process.env.BENCH_SKIP_BUILD !== '1') {
    execFileSync('node', ['scripts/ensure-build.mjs'], { cwd: root, stdio: 'inherit' });
  }
  const dataDir = mkdtempSync(join(tmpdir(), 'fitcoach-lighthouse-'));
  try {
    execFileSync('node', ['api/dist/cli/seed.js'], {
      cwd: root,
      env: { ...process.env, DATA_DIR: dataDir },
      stdio: 'ignore',
    });
    const server = await startProductionServer({ DATA_DIR: dataDir });
    try {
      const ok = printAudit(await auditPages(server.url, await auditedPaths(server.url)));
      process.exitCode = ok ? 0 : 1;
    } finally {
      server.process.kill('SIGTERM');
    }
  } finally {
    rmSync(dataDir, { recursive: true, force: true });
  }
}

if (process.argv[1] === fileURLToPath(import.meta.url)) await main();
