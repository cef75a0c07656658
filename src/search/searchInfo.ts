// What the search reports of its lines: a SearchInfo made from a root step's line and the search's
// counts at that moment, and during an analysis the last iteration's lines repeated with fresh counts.

import type { Position } from '../engine/index.js';
import { PROGRESS_INTERVAL_MS } from './params.js';
import { wholeTurns, type RootMove } from './rootMoves.js';
import { isMateScore, mateInTurns } from './score.js';
import type { SearchInfo, SearchScore } from './types.js';

/** The search's counts when a report is made (nodes of all threads). */
export interface SearchCounts {
  nodes: number;
  timeMs: number;
  hashfull: number;
}

/** The report of line `pvIndex` (`rm`) at `depth`; `bound` when the score is only a bound. */
export function lineInfo(
  pos: Position,
  depth: number,
  pvIndex: number,
  rm: RootMove,
  bound: 'lower' | 'upper' | undefined,
  counts: SearchCounts,
): SearchInfo {
  const score: SearchScore = isMateScore(rm.score) ? { kind: 'mate', value: mateInTurns(rm.score) } : { kind: 'cp', value: rm.score };
  if (bound) score.bound = bound;
  return {
    depth,
    seldepth: Math.max(depth, rm.selDepth),
    multipv: pvIndex + 1,
    score,
    nodes: counts.nodes,
    nps: speed(counts),
    hashfull: counts.hashfull,
    timeMs: counts.timeMs,
    pv: wholeTurns(pos, rm.pv),
  };
}

/**
 * The lines of the last completed iteration, by MultiPV index: an analysis (infinite or pondering)
 * repeats them with fresh counts between iterations, so that a GUI's display keeps moving while a
 * deep iteration runs.
 */
export class ProgressReport {
  private lines: SearchInfo[] = [];
  private lastMs = 0;

  reset(): void {
    this.lines = [];
    this.lastMs = 0;
  }

  record(pvIndex: number, info: SearchInfo): void {
    this.lines[pvIndex] = info;
  }

  /** Whether a repeat is due at `timeMs` (one every PROGRESS_INTERVAL_MS, once a line is recorded). */
  due(timeMs: number): boolean {
    return this.lines.length > 0 && timeMs - this.lastMs >= PROGRESS_INTERVAL_MS;
  }

  repeat(counts: SearchCounts, onInfo: (info: SearchInfo) => void): void {
    this.lastMs = counts.timeMs;
    const nps = speed(counts);
    for (const line of this.lines) onInfo({ ...line, nodes: counts.nodes, nps, hashfull: counts.hashfull, timeMs: counts.timeMs });
  }
}

function speed(counts: SearchCounts): number {
  return counts.timeMs > 0 ? Math.round((counts.nodes * 1000) / counts.timeMs) : 0;
}
