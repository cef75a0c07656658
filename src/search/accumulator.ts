// The learned evaluation in the search: the hidden layer's sums (the accumulator) follow the board
// incrementally. The accumulator remembers the board it was last brought to; an evaluation adds the
// input columns of the pieces that arrived on a square since and takes away those of the pieces that
// left it (a step moves one piece and captures a few, so consecutive evaluations in a search differ
// in a handful of squares), then the side-to-move input, then the output layer. This needs no hook
// in make/unmake: whatever sequence of steps, captures, berserk runs and take-backs led from the last
// evaluated board to this one, the result equals a computation from scratch (refresh()).
// Integer arithmetic on typed arrays; no allocation per evaluation.

import { DEFENDERS, EMPTY, OFF_BOARD, type Position } from '../engine/index.js';
import { HAND_SCALE_ONE, type Network, OUTPUT_SCALE, pieceInput, QA, QB, sideInput } from './nnue.js';

const HAND_SHIFT = Math.log2(HAND_SCALE_ONE);

export class NnueEvaluator {
  readonly net: Network;
  /** The padded board's squares (Geometry.cells) this evaluator is laid out for. */
  readonly cells: number;
  private readonly hidden: number;
  private readonly weights: Int16Array;
  private readonly outputWeights: Int8Array;
  /** Each padded square's input column for a piece code (by code * cells + square). */
  private readonly columnOf: Int32Array;
  /** The padded squares from the first on the board to the last (off-board ones never change). */
  private readonly firstSquare: number;
  private readonly endSquare: number;
  private readonly sideColumn: number;
  /** The hidden sums of `board` (without the side-to-move input). */
  private readonly accumulator: Int32Array;
  /** The board the accumulator holds, padded squares as in Position.board (OFF_BOARD off it). */
  private readonly board: Int32Array;
  /** The empty board, as `board` starts. */
  private readonly emptyBoard: Int32Array;

  constructor(net: Network, pos: Position) {
    this.net = net;
    this.hidden = net.hidden;
    this.weights = net.inputWeights;
    this.outputWeights = net.outputWeights;
    const { geo } = pos;
    this.cells = geo.cells;
    const size = net.size;
    this.columnOf = new Int32Array(16 * geo.cells);
    this.emptyBoard = new Int32Array(geo.cells).fill(OFF_BOARD);
    let first = geo.cells;
    let last = 0;
    for (let sq = 0; sq < geo.cells; sq++) {
      const file = geo.fileIndex[sq];
      const rank = geo.rankIndex[sq];
      if (file >= size || rank >= size) continue;
      this.emptyBoard[sq] = EMPTY;
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
    this.accumulator = Int32Array.from(net.hiddenBias);
    this.board = Int32Array.from(this.emptyBoard);
  }

  /** An on-hand network's evaluation: its own plus the hand-written one (`hand`, side to move's view) scaled. */
  withHand(learned: number, hand: number): number {
    return learned + ((hand * this.net.handScale) >> HAND_SHIFT);
  }

  /** Centipawns from the side to move's view (an on-hand network's own part: see withHand). */
  evaluate(pos: Position): number {
    this.follow(pos);
    return this.output(pos.side === DEFENDERS);
  }

  /** The same value computed from scratch: the accumulator rebuilt from the pieces on the board. */
  refresh(pos: Position): number {
    this.accumulator.set(this.net.hiddenBias);
    this.board.set(this.emptyBoard);
    this.follow(pos);
    return this.output(pos.side === DEFENDERS);
  }

  /** Brings the accumulator from the board it holds to `pos.board`, square by square. */
  private follow(pos: Position): void {
    const board = pos.board;
    const held = this.board;
    const columnOf = this.columnOf;
    const cells = this.cells;
    const end = this.endSquare;
    for (let sq = this.firstSquare; sq < end; sq++) {
      const piece = board[sq];
      const old = held[sq];
      if (piece === old) continue;
      held[sq] = piece;
      if (old === EMPTY) this.add(columnOf[piece * cells + sq]);
      else if (piece === EMPTY) this.subtract(columnOf[old * cells + sq]);
      else this.replace(columnOf[old * cells + sq], columnOf[piece * cells + sq]);
    }
  }

  private add(column: number): void {
    const acc = this.accumulator;
    const w = this.weights;
    const hidden = this.hidden;
    for (let h = 0; h < hidden; h++) acc[h] += w[column + h];
  }

  private subtract(column: number): void {
    const acc = this.accumulator;
    const w = this.weights;
    const hidden = this.hidden;
    for (let h = 0; h < hidden; h++) acc[h] -= w[column + h];
  }

  /** One piece for another on a square (a capture in a berserk run's square, or a take-back). */
  private replace(removed: number, added: number): void {
    const acc = this.accumulator;
    const w = this.weights;
    const hidden = this.hidden;
    for (let h = 0; h < hidden; h++) acc[h] += w[added + h] - w[removed + h];
  }

  private output(defendersToMove: boolean): number {
    const acc = this.accumulator;
    const out = this.outputWeights;
    const hidden = this.hidden;
    let sum = this.net.outputBias;
    if (defendersToMove) {
      const w = this.weights;
      const side = this.sideColumn;
      for (let h = 0; h < hidden; h++) {
        const a = acc[h] + w[side + h];
        sum += out[h] * (a <= 0 ? 0 : a < QA ? a : QA);
      }
    } else {
      for (let h = 0; h < hidden; h++) {
        const a = acc[h];
        sum += out[h] * (a <= 0 ? 0 : a < QA ? a : QA);
      }
    }
    // Centipawns from the defenders' view, then the side to move's; `| 0` keeps them integers (no -0,
    // which would make the compiler treat the result as a float).
    const cp = Math.round((sum * OUTPUT_SCALE) / (QA * QB)) | 0;
    return defendersToMove ? cp : -cp | 0;
  }
}
