// What the rules' functions (captures, step generation, the game-end tests, a loaded position's result)
// take of a position, and the kernels a searcher may give it: types only, so that those functions need not
// import position.ts, whose make/unmake calls them. PositionState (positionState.ts) implements it.

import type { Geometry } from './geometry.js';
import type { RuleSet } from './rules.js';
import type { Side } from './types.js';
import type { ZobristKeys } from './zobrist.js';

/**
 * A twin of findCaptures that a position may be given from outside the engine (a searcher's WebAssembly
 * kernel over the position's memory, Position.useCaptureKernel): the captures of the piece stepping
 * from `from` to `to`, the same squares in the same order, written into the array given with it; returns
 * how many. `tried` 0: the step is made; 1: the piece still stands on `from` (as stepCaptures: the board
 * is left as it was).
 */
export type CaptureKernel = (from: number, to: number, tried: number) => number;

/**
 * movegen.ts's berserk continuations as a twin from outside the engine (Position.useCaptureKernel): the
 * steps of the piece on `from` (`noStop` and `block` its slide flags) that continue a run, in
 * generatePieceSteps' order, written into the array given with it; returns how many, or 1 at the first
 * with `firstOnly` 1.
 */
export type ContinuationKernel = (from: number, noStop: number, block: number, firstOnly: number) => number;

/** A position as the rules' functions read it (each member is described on PositionState). */
export interface PositionView {
  readonly rules: RuleSet;
  readonly geo: Geometry;
  readonly zobrist: ZobristKeys;
  // The state: the memory (layout.ts) with its views, and what lives outside it.
  readonly memory: Int32Array;
  readonly board: Int32Array;
  readonly pieceList: readonly [Int32Array, Int32Array];
  readonly pieceCount: Int32Array;
  readonly side: Side;
  readonly berserker: number;
  readonly kingSq: number;
  readonly winner: number;
  readonly hashLo: number;
  readonly hashHi: number;
  // The turn ends' history, for repetition.
  readonly historyLo: Int32Array;
  readonly historyHi: Int32Array;
  readonly historyCount: Int32Array;
  readonly historyLength: number;
  readonly irreversible: number;
  // Scratch space of the flood fills (gameEnd.ts, noEscape.ts) and of the berserk continuations (movegen.ts).
  readonly stamp: Uint32Array;
  readonly stack: Int16Array;
  readonly wallList: Int16Array;
  readonly escapePath: Int16Array;
  escapePathLength: number;
  readonly parent: Int16Array;
  readonly cornerPath: Int16Array;
  cornerPathLength: number;
  nextStamp(): number;
  readonly continuationScratch: Int32Array;
  // The kernels a searcher gave, and the arrays they write into.
  readonly captureKernel: CaptureKernel | null;
  readonly continuationKernel: ContinuationKernel | null;
  readonly continuationsFound: Int32Array;
}
