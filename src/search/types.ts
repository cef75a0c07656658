// The search's public vocabulary: limits of a `go`, progress reports, options.

import type { Network } from './network/nnue.js';

export interface GoLimits {
  /** Defenders' clock and increment (the light side), ms. */
  wtime?: number;
  winc?: number;
  /** Attackers' clock and increment (the dark side), ms. */
  btime?: number;
  binc?: number;
  movestogo?: number;
  movetime?: number;
  /** Depth in whole turns. */
  depth?: number;
  nodes?: number;
  /** Stop once a win in this many own turns is found. */
  mate?: number;
  infinite?: boolean;
  /**
   * Ponder: search without limits while `stop[1]` (the flag array given to the search) is non-zero;
   * once it is cleared (the ponderhit), the limits apply, the clock starting then.
   */
  ponder?: boolean;
  /** Only these whole turns (step lists) at the root. */
  searchmoves?: number[][];
  /**
   * When the `go` arrived, as performance.timeOrigin + performance.now() (ms): the clock runs from
   * then, however long the search thread takes to start. Now, when absent.
   */
  startTime?: number;
}

export interface SearchScore {
  kind: 'cp' | 'mate';
  value: number;
  bound?: 'lower' | 'upper';
}

export interface SearchInfo {
  depth: number;
  seldepth: number;
  multipv: number;
  score: SearchScore;
  nodes: number;
  nps: number;
  hashfull: number;
  timeMs: number;
  /** Whole turns, each a list of steps. */
  pv: number[][];
}

export interface SearchOptions {
  hashMB: number;
  threads: number;
  multiPV: number;
  moveOverheadMs: number;
  /** 0 weakest .. MAX_SKILL_LEVEL full strength. */
  skillLevel: number;
  /** The learned evaluation for the variants it fits (nnue.ts), or null: the hand-written one everywhere. */
  evalNet: Network | null;
}

export const MAX_SKILL_LEVEL = 20;
/** The largest values the search options take, whichever protocol or program sets them. */
export const MAX_HASH_MB = 2048;
export const MAX_THREADS = 64;
export const MAX_MULTIPV = 64;

export const DEFAULT_OPTIONS: SearchOptions = {
  hashMB: 64,
  threads: 1,
  multiPV: 1,
  moveOverheadMs: 30,
  skillLevel: MAX_SKILL_LEVEL,
  evalNet: null,
};
