// A V8 .cpuprofile (node --cpu-prof) as a flame graph in SVG: each box a function, as wide as the time spent in it
// and in what it called, on top of its caller; coloured by part of the stack (parts.mjs). Idle time is left out, and
// each run of React's own frames is one box.
//
//   node docs/profiles/flamegraph.mjs FILE.cpuprofile OUT.svg [--title TEXT] [--last SECONDS] [--pages N]
//
// --last keeps the samples of the profile's last SECONDS (the measured row, not the start-up and warm-up);
// --pages divides the times shown in each box's tooltip by the pages served in them.
import { readFileSync, writeFileSync } from 'node:fs';
import { parseArgs } from 'node:util';
import { PARTS, partOf } from './parts.mjs';

const { positionals, values } = parseArgs({
  allowPositionals: true,
  options: { title: { type: 'string' }, last: { type: 'string' }, pages: { type: 'string' } },
});
const [file, out] = positionals;
if (!file || !out) {
  process.stderr.write(
    'usage: node docs/profiles/flamegraph.mjs FILE.cpuprofile OUT.svg [--title T] [--last S]\n',
  );
  process.exit(1);
}
const profile = JSON.parse(readFileSync(file, 'utf8'));
const pages = Number(values.pages ?? 0);

const nodes = new Map(profile.nodes.map((node) => [node.id, node]));
const parent = new Map();
for (const node of profile.nodes) for (const child of node.children ?? []) parent.set(child, node.id);

// Sample times: startTime plus the running sum of timeDeltas, in µs.
const since = values.last ? profile.endTime - Number(values.last) * 1e6 : -Infinity;
const selfUs = new Map();
let at = profile.startTime;
profile.samples.forEach((id, index) => {
  at += profile.timeDeltas[index] ?? 0;
  if (at >= since) selfUs.set(id, (selfUs.get(id) ?? 0) + (profile.timeDeltas[index] ?? 0));
});

const IDLE = new Set(['(idle)', '(root)']);
const FOLDED = 'React server render';
const label = ({ functionName, url, lineNumber }) => {
  const where = url.replace(/^.*\/(node_modules|api\/dist|web\/build)\//, '').replace(/^file:\/\//, '');
  return `${functionName || '(anonymous)'}${where ? ` ${where}:${lineNumber + 1}` : ''}`;
};

/** The call tree with siblings of the same function merged: { name, part, us, children }. */
const root = { name: 'all', part: 'all', us: 0, children: new Map() };
for (const [id, us] of selfUs) {
  const stack = [];
  for (let cur = id; cur !== undefined; cur = parent.get(cur)) stack.push(nodes.get(cur).callFrame);
  stack.reverse();
  if (stack.some((frame) => frame.functionName === '(idle)')) continue;
  let box = root;
  box.us += us;
  for (const frame of stack) {
    if (IDLE.has(frame.functionName)) continue;
    const part = partOf(frame);
    // React renders a tree by recursion, hundreds of frames deep: one box for each run of them shows the
    // components it rendered on top of it.
    if (part === FOLDED && box.part === FOLDED) continue;
    const name = part === FOLDED ? `${FOLDED} (its recursion folded)` : label(frame);
    let child = box.children.get(name);
    if (!child) {
      child = { name, part, us: 0, children: new Map() };
      box.children.set(name, child);
    }
    child.us += us;
    box = child;
  }
}

const WIDTH = 1200;
const ROW = 16;
const MIN_PX = 1;
// One colour a part, in the order of partNames below, hues far enough apart to tell neighbours apart.
const COLOURS = [
  '#d62728',
  '#ff7f0e',
  '#f2c531',
  '#2ca02c',
  '#17becf',
  '#1f77b4',
  '#9467bd',
  '#e377c2',
  '#8c564b',
  '#bcbd22',
  '#7f7f7f',
  '#aec7e8',
  '#ffbb78',
  '#98df8a',
  '#ff9896',
  '#c5b0d5',
  '#c49c94',
  '#dbdb8d',
  '#f7b6d2',
  '#9edae5',
  '#393b79',
];
const partNames = [...PARTS.map(([name]) => name), 'Garbage collection', 'V8 and native (program)', 'other'];
const colour = (part) => (part === 'all' ? '#cccccc' : COLOURS[partNames.indexOf(part) % COLOURS.length]);
const escape = (text) => text.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;');
const scale = WIDTH / Math.max(1, root.us);
const time = (us) =>
  pages > 0 ? `${(us / 1000 / pages).toFixed(2)} ms a page` : `${(us / 1000).toFixed(0)} ms`;

const boxes = [];
let depth = 0;
function place(box, x, level) {
  const width = box.us * scale;
  if (width < MIN_PX) return;
  depth = Math.max(depth, level);
  boxes.push({ box, x, width, level });
  let next = x;
  for (const child of [...box.children.values()].sort((a, b) => b.us - a.us)) {
    place(child, next, level + 1);
    next += child.us * scale;
  }
}
place(root, 0, 0);

const TOP = 40;
const LEGEND = 20 * Math.ceil(partNames.length / 4) + 10;
const height = TOP + (depth + 1) * ROW + LEGEND;
const svg = [
  `<svg xmlns="http://www.w3.org/2000/svg" width="${WIDTH}" height="${height}" font-family="Verdana, sans-serif" font-size="11">`,
  `<rect width="100%" height="100%" fill="#ffffff"/>`,
  `<text x="4" y="20" font-size="15">${escape(values.title ?? file)}</text>`,
  `<text x="4" y="34" fill="#555555">${escape(`${time(root.us)} of CPU; callers below, what they called above; hover for each function's time`)}</text>`,
];
for (const { box, x, width, level } of boxes) {
  // Flames grow upwards: the root at the bottom of the graph.
  const y = TOP + (depth - level) * ROW;
  const share = ((100 * box.us) / root.us).toFixed(1);
  const text = width > 30 ? escape(box.name.slice(0, Math.floor(width / 6.5))) : '';
  svg.push(
    `<g><title>${escape(`${box.name} (${box.part}): ${time(box.us)}, ${share} %`)}</title>` +
      `<rect x="${x.toFixed(1)}" y="${y}" width="${Math.max(0.5, width - 0.5).toFixed(1)}" height="${ROW - 1}" fill="${colour(box.part)}"/>` +
      (text ? `<text x="${(x + 3).toFixed(1)}" y="${y + 11}">${text}</text>` : '') +
      '</g>',
  );
}
partNames.forEach((part, index) => {
  const x = 4 + (index % 4) * 300;
  const y = TOP + (depth + 1) * ROW + 10 + Math.floor(index / 4) * 20;
  svg.push(`<rect x="${x}" y="${y}" width="12" height="12" fill="${colour(part)}"/>`);
  svg.push(`<text x="${x + 16}" y="${y + 10}">${escape(part)}</text>`);
});
svg.push('</svg>');
writeFileSync(out, `${svg.join('\n')}\n`);
process.stdout.write(`${out}: ${boxes.length} boxes, ${depth + 1} levels\n`);
