// `bench`: a fixed-depth search of fixed positions from several variants. The node count depends
// only on the code (fresh tables, one thread, no clock), so it fingerprints the search.

import { getVariant, parseTfen, Position } from '../engine/index.js';
import { Searcher } from './searcher.js';

/** Variant and tfen (`startpos` for the variant's start position). */
const BENCH_POSITIONS: readonly [string, string][] = [
  ['berserk', 'startpos'],
  ['copenhagen', 'startpos'],
  ['berserk-copenhagen', 'startpos'],
  ['fetlar', 'startpos'],
  ['tablut', 'startpos'],
  ['brandubh', 'startpos'],
  ['ard-ri', 'startpos'],
  ['tawlbwrdd', 'startpos'],
];

export const DEFAULT_BENCH_DEPTH = 4;

export function benchPositions(): Position[] {
  return BENCH_POSITIONS.map(([variant, tfen]) => {
    const rules = getVariant(variant);
    if (!rules.ok) throw new Error(`bench: ${rules.error.message}`);
    if (tfen === 'startpos') return Position.start(rules.value);
    const pos = parseTfen(rules.value, tfen);
    if (!pos.ok) throw new Error(`bench position ${variant} '${tfen}': ${pos.error.message}`);
    return pos.value;
  });
}

export function bench(depth: number = DEFAULT_BENCH_DEPTH): { nodes: number; timeMs: number; nps: number } {
  const stop = new Int32Array(1);
  let nodes = 0;
  const start = performance.now();
  for (const pos of benchPositions()) {
    const searcher = new Searcher({ hashMB: 16, threads: 1, multiPV: 1 });
    let last = 0;
    searcher.search(pos, { depth }, stop, (info) => {
      last = info.nodes;
    });
    nodes += last;
  }
  const timeMs = Math.max(1, Math.round(performance.now() - start));
  return { nodes, timeMs, nps: Math.round((nodes * 1000) / timeMs) };
}
