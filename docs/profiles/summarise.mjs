// A V8 .cpuprofile (node --cpu-prof) as two ranked tables of its busy time: by part of the stack (self time of the
// functions each part's files hold) and by function.
//
//   node docs/profiles/summarise.mjs FILE.cpuprofile [functions=25]
import { readFileSync } from 'node:fs';
import { partOf } from './parts.mjs';

const print = (line = '') => process.stdout.write(`${line}\n`);

const [file, topArg = '25'] = process.argv.slice(2);
if (!file) {
  process.stderr.write('usage: node docs/profiles/summarise.mjs FILE.cpuprofile [functions]\n');
  process.exit(1);
}
const profile = JSON.parse(readFileSync(file, 'utf8'));

const nodes = new Map(profile.nodes.map((node) => [node.id, node]));
const selfUs = new Map();
const dt = profile.timeDeltas;
for (let i = 0; i < profile.samples.length; i += 1) {
  const id = profile.samples[i];
  selfUs.set(id, (selfUs.get(id) ?? 0) + (dt[i] ?? 0));
}

const byPart = new Map();
const byFunction = new Map();
let busy = 0;
let idle = 0;
for (const [id, us] of selfUs) {
  const { callFrame } = nodes.get(id);
  const name = callFrame.functionName || '(anonymous)';
  if (name === '(idle)') {
    idle += us;
    continue;
  }
  busy += us;
  const url = callFrame.url.replace(/^file:\/\/.*?\/(node_modules|api\/dist|web\/build)\//, '$1/');
  const part = partOf(callFrame);
  byPart.set(part, (byPart.get(part) ?? 0) + us);
  const key = `${name} ${url ? `${url.split('/').slice(-2).join('/')}:${callFrame.lineNumber + 1}` : ''}`;
  byFunction.set(key, (byFunction.get(key) ?? 0) + us);
}

const pct = (us) => `${((100 * us) / busy).toFixed(1)} %`;
const ms = (us) => `${Math.round(us / 1000)} ms`;
print(`busy ${ms(busy)}, idle ${ms(idle)} (${((100 * busy) / (busy + idle)).toFixed(0)} % busy)\n`);
print('| part of the stack | self time | share of busy |');
print('|---|---:|---:|');
for (const [part, us] of [...byPart].sort((a, b) => b[1] - a[1])) {
  print(`| ${part} | ${ms(us)} | ${pct(us)} |`);
}
print('\n| function | self time | share of busy |');
print('|---|---:|---:|');
for (const [name, us] of [...byFunction].sort((a, b) => b[1] - a[1]).slice(0, Number(topArg))) {
  print(`| \`${name.trim()}\` | ${ms(us)} | ${pct(us)} |`);
}
