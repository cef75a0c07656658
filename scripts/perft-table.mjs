// Perft of every variant: its leaves and times, with a bulk count of the last turn and with every leaf made.
//
// Depth 4 (Alea Evangelii 3), as BENCHMARKS.md's perft table. Needs `npm run build` first.
// Usage: node scripts/perft-table.mjs [variant ...]
import { execFileSync } from 'node:child_process';

const DEPTHS = {
  berserk: 4,
  'berserk-copenhagen': 4,
  copenhagen: 4,
  fetlar: 4,
  tablut: 4,
  brandubh: 4,
  'ard-ri': 4,
  tawlbwrdd: 4,
  'alea-evangelii': 3,
};
const variants = process.argv.length > 2 ? process.argv.slice(2) : Object.keys(DEPTHS);

function run(variant, full) {
  const args = ['dist/hnefi.js', 'perft', '--variant', variant, '--depth', String(DEPTHS[variant])];
  if (full) args.push('--full');
  const out = execFileSync(process.execPath, args, { encoding: 'utf8' });
  const nodes = /Nodes searched: (\d+)/.exec(out)?.[1];
  const ms = /Time: (\d+) ms/.exec(out)?.[1];
  if (!nodes || !ms) throw new Error(`unexpected perft output for ${variant}:\n${out}`);
  return { nodes: Number(nodes), ms: Number(ms) };
}

const fmt = (n) => n.toLocaleString('en-US');
console.log('| variant | depth | leaves | bulk: time | bulk: leaves/s | full: time | full: leaves/s |');
console.log('|---|---|---|---|---|---|---|');
for (const variant of variants) {
  const bulk = run(variant, false);
  const full = run(variant, true);
  if (bulk.nodes !== full.nodes) throw new Error(`${variant}: bulk ${bulk.nodes} != full ${full.nodes}`);
  const rate = (r) => fmt(Math.round(r.nodes / (r.ms / 1000)));
  console.log(
    `| ${variant} | ${DEPTHS[variant]} | ${fmt(bulk.nodes)} | ${(bulk.ms / 1000).toFixed(3)} s | ${rate(bulk)} | ${(full.ms / 1000).toFixed(3)} s | ${rate(full)} |`,
  );
}
