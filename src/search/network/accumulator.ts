// The learned evaluation in the search: the hidden layer's sums (the accumulator) follow the steps.
// One accumulator per ply of the position's path, each tagged with the hash of the board it sums; an
// evaluation finds the nearest ply at or below the current one whose tag is the path's hash there,
// then replays the steps made since from their undo records (the moved piece's column off its from
// square and onto its to square, the captured pieces' columns off), then adds the side-to-move input
// and computes the output layer. No board scan and no hook in make/unmake: whatever was made and
// taken back in between, a tag that matches the path's hash marks sums of the same board, so the
// result equals a computation from scratch (refresh()). Integer arithmetic on typed arrays; no
// allocation per evaluation.

import { Changed, DEFENDERS, EMPTY, END_RUN, OFF_BOARD, type Position, Undo } from '../../engine/index.js';
import { HAND_SCALE_ONE, type Network, OUTPUT_SCALE, pieceInput, QA, QB, sideInput } from './nnue.js';

const HAND_SHIFT = Math.log2(HAND_SCALE_ONE);
/** Steps replayed at most: with no matching tag this far down, a refresh is cheaper. */
const MAX_REPLAY = 8;
/** Plies below filled in after a refresh, backwards from its sums. */
const BACKFILL = 3;

export class NnueEvaluator {
  readonly net: Network;
  /** The padded board's squares (Geometry.cells) this evaluator is laid out for. */
  readonly cells: number;
  private readonly hidden: number;
  private readonly weights: Int16Array;
  private readonly outputWeights: Int8Array;
  /** Each padded square's input column for a piece code (by code * cells + square; 0 off the board). */
  private readonly columnOf: Int32Array;
  /** The padded squares from the first on the board to the last (for a refresh). */
  private readonly firstSquare: number;
  private readonly endSquare: number;
  private readonly sideColumn: number;
  /** The hidden sums (without the side-to-move input) of the board after k steps at k * hidden. */
  private sums: Int32Array;
  /** The hash halves of the board whose sums are at ply k, and whether there are any. */
  private tagLo: Int32Array;
  private tagHi: Int32Array;
  private tagged: Uint8Array;

  constructor(net: Network, pos: Position) {
    this.net = net;
    this.hidden = net.hidden;
    this.weights = net.inputWeights;
    this.outputWeights = net.outputWeights;
    const { geo } = pos;
    this.cells = geo.cells;
    const size = net.size;
    this.columnOf = new Int32Array(16 * geo.cells);
    let first = geo.cells;
    let last = 0;
    for (let sq = 0; sq < geo.cells; sq++) {
      const file = geo.fileIndex[sq];
      const rank = geo.rankIndex[sq];
      if (file >= size || rank >= size || pos.board[sq] === OFF_BOARD) continue;
      first = Math.min(first, sq);
      last = sq;
      // Piece codes: a side bit (1 or 2) and a type (0, 4, 8, 12).
      for (let piece = 1; piece < 16; piece++) {
        const side = piece & 3;
        if (side === 1 || side === 2) this.columnOf[piece * geo.cells + sq] = pieceInput(piece, rank * size + file, size) * net.hidden;
      }
    }
    this.firstSquare = first;
    this.endSquare = last + 1;
    this.sideColumn = sideInput(size) * net.hidden;
    this.sums = new Int32Array(0);
    this.tagLo = new Int32Array(0);
    this.tagHi = new Int32Array(0);
    this.tagged = new Uint8Array(0);
    this.makeRoom(255);
  }

  /** An on-hand network's evaluation: its own plus the hand-written one (`hand`, side to move's view) scaled. */
  withHand(learned: number, hand: number): number {
    return learned + ((hand * this.net.handScale) >> HAND_SHIFT);
  }

  /** Centipawns from the side to move's view (an on-hand network's own part: see withHand). */
  evaluate(pos: Position): number {
    const ply = pos.ply;
    if (ply >= this.tagged.length) this.makeRoom(ply);
    let known = ply;
    const lowest = ply > MAX_REPLAY ? ply - MAX_REPLAY : 0;
    while (known >= lowest && !this.holds(pos, known)) known--;
    if (known < lowest) {
      this.rebuild(pos);
      // The plies below from these sums, by the steps taken back: the next evaluations (siblings and
      // cousins of this node) find them.
      for (let k = ply - 1; k >= lowest && k >= ply - BACKFILL; k--) this.replay(pos, k, -1);
    } else if (known < ply) {
      for (let k = known; k < ply - 1; k++) this.replay(pos, k, 1);
      return this.stepAndOutput(pos, ply - 1, pos.side === DEFENDERS);
    }
    return this.output(ply * this.hidden, pos.side === DEFENDERS);
  }

  /**
   * replay(pos, ply, 1) and then output() at ply + 1, in one pass over the hidden units where the step
   * moved a piece and captured nothing (most steps).
   */
  private stepAndOutput(pos: Position, ply: number, defendersToMove: boolean): number {
    const undo = pos.undoRecords;
    const record = ply * Undo.Size;
    const step = undo[record + Undo.Step];
    const changes = undo[record + Undo.Changes];
    const hidden = this.hidden;
    const to = (ply + 1) * hidden;
    if (step === END_RUN || (changes & Changed.CapturesMask) !== 0) {
      this.replay(pos, ply, 1);
      return this.output(to, defendersToMove);
    }
    const from = to - hidden;
    const sums = this.sums;
    const w = this.weights;
    const out = this.outputWeights;
    const piece = ((changes >>> Changed.PieceShift) & 15) * this.cells;
    const removed = this.columnOf[piece + (step & 511)];
    const added = this.columnOf[piece + (step >>> 9)];
    let sum = this.net.outputBias;
    if (defendersToMove) {
      const side = this.sideColumn;
      for (let h = 0; h < hidden; h++) {
        const s = sums[from + h] - w[removed + h] + w[added + h];
        sums[to + h] = s;
        const a = s + w[side + h];
        sum += out[h] * clipToQa(a);
      }
    } else {
      for (let h = 0; h < hidden; h++) {
        const a = sums[from + h] - w[removed + h] + w[added + h];
        sums[to + h] = a;
        sum += out[h] * clipToQa(a);
      }
    }
    this.tag(pos, ply + 1);
    return this.centipawns(sum, defendersToMove);
  }

  /** The same value computed from scratch: the sums rebuilt from the pieces on the board. */
  refresh(pos: Position): number {
    if (pos.ply >= this.tagged.length) this.makeRoom(pos.ply);
    this.rebuild(pos);
    return this.output(pos.ply * this.hidden, pos.side === DEFENDERS);
  }

  /** The sums at `ply` are those of the board the position had after `ply` steps. */
  private holds(pos: Position, ply: number): boolean {
    return this.tagged[ply] === 1 && this.tagLo[ply] === pos.hashLoAt(ply) && this.tagHi[ply] === pos.hashHiAt(ply);
  }

  /**
   * By the undo record of step `ply`: forwards (direction 1) the sums after ply + 1 steps from those
   * after `ply`, backwards (-1) the sums after `ply` steps from those after ply + 1.
   */
  private replay(pos: Position, ply: number, direction: 1 | -1): void {
    const hidden = this.hidden;
    const sums = this.sums;
    const w = this.weights;
    const from = direction === 1 ? ply * hidden : (ply + 1) * hidden;
    const to = direction === 1 ? from + hidden : from - hidden;
    const undo = pos.undoRecords;
    const record = ply * Undo.Size;
    const step = undo[record + Undo.Step];
    if (step === END_RUN) {
      sums.copyWithin(to, from, from + hidden);
    } else {
      const changes = undo[record + Undo.Changes];
      const piece = ((changes >>> Changed.PieceShift) & 15) * this.cells;
      const left = this.columnOf[piece + (step & 511)];
      const arrived = this.columnOf[piece + (step >>> 9)];
      const removed = direction === 1 ? left : arrived;
      const added = direction === 1 ? arrived : left;
      for (let h = 0; h < hidden; h++) sums[to + h] = sums[from + h] - w[removed + h] + w[added + h];
      const count = (changes & Changed.CapturesMask) >>> Changed.CapturesShift;
      if (count !== 0) {
        const captured = pos.capturedPieces;
        const start = undo[record + Undo.CapturedAt];
        for (let i = start; i < start + 2 * count; i += 2) {
          const column = this.columnOf[captured[i + 1] * this.cells + captured[i]];
          for (let h = 0; h < hidden; h++) sums[to + h] -= direction * w[column + h];
        }
      }
    }
    this.tag(pos, direction === 1 ? ply + 1 : ply);
  }

  /** The sums at the position's ply from the pieces on its board. */
  private rebuild(pos: Position): void {
    const hidden = this.hidden;
    const sums = this.sums;
    const w = this.weights;
    const at = pos.ply * hidden;
    sums.set(this.net.hiddenBias, at);
    const board = pos.board;
    for (let sq = this.firstSquare; sq < this.endSquare; sq++) {
      const piece = board[sq];
      if (piece === EMPTY || piece === OFF_BOARD) continue;
      const column = this.columnOf[piece * this.cells + sq];
      for (let h = 0; h < hidden; h++) sums[at + h] += w[column + h];
    }
    this.tag(pos, pos.ply);
  }

  private tag(pos: Position, ply: number): void {
    this.tagLo[ply] = pos.hashLoAt(ply);
    this.tagHi[ply] = pos.hashHiAt(ply);
    this.tagged[ply] = 1;
  }

  /** Room for the sums up to `ply` steps (a game's path grows without bound). */
  private makeRoom(ply: number): void {
    const plies = Math.max(2 * this.tagged.length, ply + 1);
    const sums = new Int32Array(plies * this.hidden);
    sums.set(this.sums);
    this.sums = sums;
    const tagLo = new Int32Array(plies);
    tagLo.set(this.tagLo);
    this.tagLo = tagLo;
    const tagHi = new Int32Array(plies);
    tagHi.set(this.tagHi);
    this.tagHi = tagHi;
    const tagged = new Uint8Array(plies);
    tagged.set(this.tagged);
    this.tagged = tagged;
  }

  private output(at: number, defendersToMove: boolean): number {
    const sums = this.sums;
    const out = this.outputWeights;
    const hidden = this.hidden;
    let sum = this.net.outputBias;
    if (defendersToMove) {
      const w = this.weights;
      const side = this.sideColumn;
      for (let h = 0; h < hidden; h++) {
        const a = sums[at + h] + w[side + h];
        sum += out[h] * clipToQa(a);
      }
    } else {
      for (let h = 0; h < hidden; h++) {
        const a = sums[at + h];
        sum += out[h] * clipToQa(a);
      }
    }
    return this.centipawns(sum, defendersToMove);
  }

  /** The output layer's sum in centipawns, from the side to move's view. */
  private centipawns(sum: number, defendersToMove: boolean): number {
    // From the defenders' view, then the side to move's; `| 0` keeps them integers (no -0, which would
    // make the compiler treat the result as a float).
    const cp = Math.round((sum * OUTPUT_SCALE) / (QA * QB)) | 0;
    return defendersToMove ? cp : -cp | 0;
  }
}

/**
 * A hidden unit's activation, clipped to 0..QA without branches (their outcomes are as good as random):
 * `a & ~(a >> 31)` is max(a, 0), and `c - (over & ~(over >> 31))` with over = c - QA is min(c, QA).
 */
function clipToQa(a: number): number {
  const c = a & ~(a >> 31);
  const over = c - QA;
  return c - (over & ~(over >> 31));
}
