// `bench`: a fixed-depth search of fixed positions from several variants. The node count depends
// only on the code (fresh tables, one thread, no clock), so it fingerprints the search.

import { getVariant, Position } from '../engine/index.js';
import { parseTfen } from '../notation/index.js';
import type { Network } from './network/nnue.js';
import { Searcher } from './searcher.js';

/** Variant and tfen (`startpos` for the variant's start position). */
// Middle games are positions of recorded aagenielsen.dk games (README.md, "Recorded games") after 24-30 plies.
const BENCH_POSITIONS: readonly [string, string][] = [
  ['berserk', 'startpos'],
  ['berserk', '3t1t5/2N2c5/1c4t4/2KT4t1t/2t3T3t/2tTT2t1ct/t3T1T3t/t4c4T/11/11/3ttttt3 a -'],
  ['berserk', '5t5/4t1t4/3t1TTtc2/t6TTt1/t3N2T2t/tc1TT4ct/t3T3K1t/t7Tt1/6T1c2/5T5/3ttttt3 a -'],
  ['berserk', '4ttt4/5c2T2/6T4/t2t1TK1t1t/t3N5T/tc1TT5T/t3T4Tt/4t1tt1t1/11/5c5/3ttt5 a -'],
  ['copenhagen', 'startpos'],
  ['copenhagen', '1t1ttt2t2/5t3t1/6T1T1t/t4T5/t3TT4t/t2TT6/t3TT5/tT8t/2Kt3T1t1/1t7t1/2t2tt1T2 a -'],
  ['copenhagen', '4tt5/3t1t5/Tt4t4/7t1t1/t4T4t/t3T2T1tt/t3T3t2/2K2t2t1t/t10/11/3t1ttt3 a -'],
  ['copenhagen', '3tt6/3t7/11/3t6t/3t1t1T2t/tt9/t9t/t1T2K5/6t4/3tT3T2/4t1tT3 a -'],
  ['berserk-copenhagen', 'startpos'],
  ['fetlar', 'startpos'],
  ['tablut', 'startpos'],
  ['brandubh', 'startpos'],
  ['ard-ri', 'startpos'],
  ['tawlbwrdd', 'startpos'],
];

export const DEFAULT_BENCH_DEPTH = 6;

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

/** `stopped`: cut short by `stop[0]` (set by another thread), the figures are partial. */
export function bench(
  depth: number = DEFAULT_BENCH_DEPTH,
  stop: Int32Array = new Int32Array(1),
): { nodes: number; timeMs: number; nps: number; stopped: boolean } {
  // Time the search as the engine runs it: compiled, after the same warm-up as at start-up (a cold
  // first position runs at a fraction of the speed). Warm-up searches use their own searchers and
  // tables, so the node count below does not depend on them.
  warmUp(undefined, stop);
  // The engine maps its table's memory while idle (Searcher.prepareTableSlice), before any search:
  // so here too, outside the timed span (mapping 16 MB of fresh pages takes tens of ms of CPU).
  const searcher = benchSearcher();
  while (searcher.prepareTableSlice());
  const start = performance.now();
  const nodes = nodesToDepth(benchPositions(), depth, stop, searcher);
  const timeMs = Math.max(1, Math.round(performance.now() - start));
  return { nodes, timeMs, nps: Math.round((nodes * 1000) / timeMs), stopped: stop[0] !== 0 };
}

/** bench's searcher: one thread, a table of 16 MB (and a learned evaluation, for scripts that time one). */
export function benchSearcher(evalNet: Network | null = null): Searcher {
  return new Searcher({ hashMB: 16, threads: 1, multiPV: 1, evalNet });
}

/**
 * The nodes that searches of `positions` to `depth` take together, each from an empty table, one
 * thread, no clock; the searches after `stop[0]` is set are skipped.
 */
export function nodesToDepth(
  positions: readonly Position[],
  depth: number,
  stop: Int32Array = new Int32Array(1),
  searcher: Searcher = benchSearcher(),
): number {
  // One searcher, as in a real session: its table is allocated (and its memory touched) once, and
  // cleared by newGame() for each position, so each search starts from the same empty state.
  let nodes = 0;
  for (const pos of positions) {
    if (stop[0] !== 0) break;
    searcher.newGame();
    let last = 0;
    searcher.search(pos, { depth }, stop, (info) => {
      last = info.nodes;
    });
    nodes += last;
  }
  return nodes;
}

/**
 * Runs short searches so that V8 compiles the search before the first real one (a cold first
 * search is much slower). Nothing is kept; about `budgetMs` ms, less if `stop[0]` is set (a real
 * search is waiting). `nodes`: a node budget per position instead of the clock (the same work on
 * every machine, for scripts/first-run-probe.ts).
 */
export function warmUp(budgetMs = 500, stop: Int32Array = new Int32Array(1), nodes?: number): void {
  // A berserk and a copenhagen middle game, and tablut's start (edge escapes).
  const all = benchPositions();
  const picks = [all[1], all[5], all[10]];
  // One searcher, a new game for each, as a session plays: the table's clear() then takes the path
  // that a session's second game takes, while the search is compiled (else it deoptimizes there).
  const searcher = new Searcher({ hashMB: 1, threads: 1 });
  for (const pos of picks) {
    if (stop[0] !== 0) return;
    searcher.newGame();
    const limits = nodes !== undefined ? { nodes } : { movetime: Math.max(1, Math.floor(budgetMs / picks.length)) };
    searcher.search(pos, limits, stop, () => undefined);
  }
}
