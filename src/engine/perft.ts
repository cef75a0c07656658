// Perft (RULES.md section 7): the leaves of the tree of legal turns, each berserk chain prefix a turn.

import { countTurnsBulk, generateSteps, occupancyMasks, stepMayCapture } from './movegen.js';
import type { Position } from './position.js';
import { legalTurns, playTurn } from './turns.js';
import { END_RUN, NO_SQUARE } from './types.js';

/** Room for the steps of every level of the recursion: enough for 19x19 at any sensible depth. */
const STACK_SIZE = 1 << 20;

export interface PerftOptions {
  /** Make and unmake every leaf instead of counting the last ply. */
  full?: boolean;
  /**
   * Once `stop[0]` is non-zero the count winds down at once and its result is partial. Looked at in
   * nodes two or more turns from the leaves only, so that it costs nothing measurable.
   */
  stop?: Int32Array;
}

/** Turns from the leaves at which the stop flag is looked at. */
const STOP_CHECK_DEPTH = 3;

/** How the last turn is counted. */
const enum LastPly {
  /** Every step is a whole turn: count them from occupancy masks without generating them. */
  Count,
  /** Berserk runs or `forbidden` repetition: generate the steps; only possible captures are made. */
  MakeCaptures,
  /** Make and unmake every leaf. */
  MakeAll,
}

export class Perft {
  private readonly steps = new Int32Array(STACK_SIZE);
  private readonly lastPly: LastPly;
  /** Bulk counting's occupancy masks per rank and file, kept up to date around each step made. */
  private readonly rows = new Int32Array(32);
  private readonly columns = new Int32Array(32);
  private readonly stop: Int32Array;

  constructor(
    private readonly pos: Position,
    options: PerftOptions = {},
  ) {
    this.stop = options.stop ?? new Int32Array(1);
    const rules = pos.rules;
    if (options.full) this.lastPly = LastPly.MakeAll;
    else if (rules.berserk || rules.repetition === 'forbidden' || rules.repetition === 'defenders-forbidden')
      this.lastPly = LastPly.MakeCaptures;
    else this.lastPly = LastPly.Count;
  }

  /** Leaves `depth` turns deep from the current position. */
  count(depth: number): number {
    if (this.lastPly === LastPly.Count) occupancyMasks(this.pos, this.rows, this.columns);
    const leaves = this.lastPly === LastPly.MakeAll ? fullLeaves(this.pos, this.steps, depth, 0, this.stop) : this.node(depth, 0);
    // The last turn's steps left the hash unkept: from here on it is kept again.
    this.pos.keepsHash = true;
    return leaves;
  }

  /** Each legal first step with the leaves below it (berserk runs: by first step of the chain). */
  divide(depth: number): { step: number; nodes: number }[] {
    const n = generateSteps(this.pos, this.steps, 0);
    const result: { step: number; nodes: number }[] = [];
    if (this.lastPly === LastPly.Count) occupancyMasks(this.pos, this.rows, this.columns);
    for (let i = 0; i < n; i++) {
      const step = this.steps[i];
      this.make(step, depth);
      result.push({ step, nodes: this.after(depth, n) });
      this.unmake(step);
    }
    this.pos.keepsHash = true;
    return result;
  }

  /** Whether a count was cut short by the stop flag. */
  get stopped(): boolean {
    return this.stop[0] !== 0;
  }

  private node(depth: number, sp: number): number {
    const pos = this.pos;
    if (depth === 0) return 1;
    if (depth >= STOP_CHECK_DEPTH && this.stop[0] !== 0) return 0;
    const lastPly = depth === 1 ? this.lastPly : LastPly.MakeAll;
    if (lastPly === LastPly.Count && pos.berserker === NO_SQUARE) return countTurnsBulk(pos, this.rows, this.columns);
    const n = generateSteps(pos, this.steps, sp);
    let total = 0;
    for (let i = sp; i < sp + n; i++) {
      const step = this.steps[i];
      // A step that cannot capture is a whole turn (or, mid-run, ends the game at a corner).
      if (lastPly === LastPly.MakeCaptures && (step === END_RUN || !stepMayCapture(pos, step))) {
        total++;
        continue;
      }
      this.make(step, depth);
      total += this.after(depth, sp + n);
      this.unmake(step);
    }
    return total;
  }

  /** Makes a step of a turn `depth` turns from the leaves: the last turn's positions are taken back unasked, their hashes not kept. */
  private make(step: number, depth: number): void {
    this.pos.keepsHash = depth > 1;
    this.pos.makeStep(step);
    if (this.lastPly === LastPly.Count) this.toggleOccupancy(step);
  }

  private unmake(step: number): void {
    if (this.lastPly === LastPly.Count) this.toggleOccupancy(step);
    this.pos.unmakeStep();
  }

  /** The step just made (or about to be taken back) moves a piece and empties the captured squares. */
  private toggleOccupancy(step: number): void {
    const pos = this.pos;
    this.toggleSquare(step & 511);
    this.toggleSquare(step >>> 9);
    for (let i = pos.lastCaptureCount() - 1; i >= 0; i--) this.toggleSquare(pos.lastCaptureSquare(i));
  }

  private toggleSquare(sq: number): void {
    const file = this.pos.geo.fileIndex[sq];
    const rank = this.pos.geo.rankIndex[sq];
    this.rows[rank] ^= 1 << file;
    this.columns[file] ^= 1 << rank;
  }

  /** After a step: mid-run the turn goes on at the same depth; otherwise one turn is done. */
  private after(depth: number, sp: number): number {
    if (this.pos.berserker !== NO_SQUARE) return this.node(depth, sp);
    return depth === 1 ? 1 : this.node(depth - 1, sp);
  }
}

/**
 * Leaves `depth` turns deep, every one made and unmade: a plain recursive function, which V8 compiles
 * tighter than Perft's methods. Mid-run the turn goes on at the same depth.
 */
function fullLeaves(pos: Position, steps: Int32Array, depth: number, sp: number, stop: Int32Array): number {
  if (depth === 0) return 1;
  // The flag first: read at every node, it has type feedback before TurboFan compiles this function
  // (which happens below STOP_CHECK_DEPTH), so that the first node that looks at it does not deoptimize it.
  if (stop[0] !== 0 && depth >= STOP_CHECK_DEPTH) return 0;
  // Int32 sums (stack indices are small): no overflow checks in the loop.
  const end = (sp + generateSteps(pos, steps, sp)) | 0;
  let leaves = 0;
  // The last turn's positions are taken back unasked: their hashes need not be kept (set again after
  // each deeper count, which may be of the last turn).
  pos.keepsHash = depth > 1;
  for (let i = sp | 0; i < end; i = (i + 1) | 0) {
    pos.makeStep(steps[i]);
    if (pos.berserker !== NO_SQUARE) leaves += fullLeaves(pos, steps, depth, end, stop);
    else if (depth === 1) leaves++;
    else {
      leaves += fullLeaves(pos, steps, depth - 1, end, stop);
      pos.keepsHash = true;
    }
    pos.unmakeStep();
  }
  return leaves;
}

export interface TurnCount {
  /** The turn as its steps. */
  turn: number[];
  nodes: number;
}

/**
 * Perft split by whole turns: each legal turn of the position with the leaves below it, reported
 * through `onTurn` as it is counted. Stopped through `options.stop`, it reports only the turns counted
 * whole and returns false. `pos` is left as it was.
 */
export function perftByTurn(pos: Position, depth: number, options: PerftOptions, onTurn: (count: TurnCount) => void): boolean {
  const perft = new Perft(pos, options);
  const startPly = pos.ply;
  for (const turn of legalTurns(pos)) {
    playTurn(pos, turn);
    const nodes = depth === 1 ? 1 : perft.count(depth - 1);
    while (pos.ply > startPly) pos.unmakeStep();
    if (perft.stopped) return false;
    onTurn({ turn, nodes });
  }
  return true;
}
