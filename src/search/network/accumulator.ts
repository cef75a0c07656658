// The learned evaluation in the search: the hidden layer's sums (the accumulator) follow the steps.
// One set of sums per ply of the position's path (slots of a HiddenSums keeper, by ply modulo
// SUM_SLOTS), each tagged with the hash of the board it sums; an evaluation finds the nearest ply at
// or below the current one whose tag is the path's hash there, then replays the steps made since
// from their undo records (the moved piece's column off its from square and onto its to square, the
// captured pieces' columns off), then computes the output layer with the side-to-move input. No
// board scan and no hook in make/unmake: whatever was made and taken back in between, a tag that
// matches the path's hash marks sums of the same board, so the result equals a computation from
// scratch (refresh()). The sums are kept by the arena's WebAssembly kernels where the search has an
// arena and they fit the network (kernels/networkKernel.ts), else in JavaScript (referenceSums.ts).

import { Changed, DEFENDERS, EMPTY, END_RUN, OFF_BOARD, type Position, Undo } from '../../engine/index.js';
import type { SearchArena } from '../kernels/arena.js';
import { type HiddenSums, SLOT_MASK, SUM_SLOTS } from './hiddenSums.js';
import { HAND_SCALE_ONE, type Network, pieceInput, pieceKind } from './nnue.js';
import { ReferenceSums } from './referenceSums.js';

const HAND_SHIFT = Math.log2(HAND_SCALE_ONE);
/** Steps replayed at most: with no matching tag this far down, a refresh is cheaper. */
const MAX_REPLAY = 8;
/** Plies below filled in after a refresh, backwards from its sums. */
const BACKFILL = 3;

export class NnueEvaluator {
  readonly net: Network;
  /** The padded board's squares (Geometry.cells) this evaluator is laid out for. */
  readonly cells: number;
  /** Each padded square's input for a piece code (by code * cells + square; -1 off the board or for kinds without inputs). */
  private readonly columnOf: Int32Array;
  /** The padded squares from the first on the board to the last (for a refresh). */
  private readonly firstSquare: number;
  private readonly endSquare: number;
  private sums: HiddenSums;
  /** The hash halves of the board whose sums are in slot k, and whether there are any. */
  private readonly tagLo = new Int32Array(SUM_SLOTS);
  private readonly tagHi = new Int32Array(SUM_SLOTS);
  private readonly tagged = new Uint8Array(SUM_SLOTS);

  constructor(net: Network, pos: Position) {
    this.net = net;
    const { geo } = pos;
    this.cells = geo.cells;
    const size = net.size;
    this.columnOf = new Int32Array(16 * geo.cells).fill(-1);
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
        if ((side === 1 || side === 2) && (net.kinds & (1 << pieceKind(piece))) !== 0)
          this.columnOf[piece * geo.cells + sq] = pieceInput(net, piece, rank * size + file);
      }
    }
    this.firstSquare = first;
    this.endSquare = last + 1;
    this.sums = new ReferenceSums(net);
  }

  /**
   * Before a search: the sums kept by `arena`'s kernels where it has them for this network, else in
   * JavaScript; no tag holds (the arena's sums may have been another searcher's since).
   */
  startSearch(arena: SearchArena | null): void {
    const kernels = arena?.networkSums(this.net) ?? null;
    if (kernels !== null) this.sums = kernels;
    else if (!(this.sums instanceof ReferenceSums)) this.sums = new ReferenceSums(this.net);
    this.tagged.fill(0);
  }

  /** An on-hand network's evaluation: its own plus the hand-written one (`hand`, side to move's view) scaled. */
  withHand(learned: number, hand: number): number {
    return learned + ((hand * this.net.handScale) >> HAND_SHIFT);
  }

  /** Centipawns from the side to move's view (an on-hand network's own part: see withHand). */
  evaluate(pos: Position): number {
    const ply = pos.ply;
    let known = ply;
    const lowest = ply > MAX_REPLAY ? ply - MAX_REPLAY : 0;
    while (known >= lowest && !this.holds(pos, known)) known--;
    const defendersToMove = pos.side === DEFENDERS;
    if (known < lowest) {
      this.rebuild(pos);
      // The plies below from these sums, by the steps taken back: the next evaluations (siblings and
      // cousins of this node) find them.
      for (let k = ply - 1; k >= lowest && k >= ply - BACKFILL; k--) this.replay(pos, k, -1);
    } else if (known < ply) {
      for (let k = known; k < ply - 1; k++) this.replay(pos, k, 1);
      return this.stepAndOutput(pos, ply - 1, defendersToMove);
    }
    return this.sideToMove(this.sums.output(ply & SLOT_MASK, defendersToMove), defendersToMove);
  }

  /**
   * replay(pos, ply, 1) and then the output at ply + 1, in one call where the step moved a piece and
   * captured nothing (most steps).
   */
  private stepAndOutput(pos: Position, ply: number, defendersToMove: boolean): number {
    const undo = pos.undoRecords;
    const record = ply * Undo.Size;
    const step = undo[record + Undo.Step];
    const changes = undo[record + Undo.Changes];
    const to = (ply + 1) & SLOT_MASK;
    if (step === END_RUN || (changes & Changed.CapturesMask) !== 0) {
      this.replay(pos, ply, 1);
      return this.sideToMove(this.sums.output(to, defendersToMove), defendersToMove);
    }
    const piece = ((changes >>> Changed.PieceShift) & 15) * this.cells;
    const removed = this.columnOf[piece + (step & 511)];
    const added = this.columnOf[piece + (step >>> 9)];
    const cp = this.sums.moveAndOutput(ply & SLOT_MASK, to, removed, added, defendersToMove);
    this.tag(pos, ply + 1);
    return this.sideToMove(cp, defendersToMove);
  }

  /** The same value computed from scratch: the sums rebuilt from the pieces on the board. */
  refresh(pos: Position): number {
    this.rebuild(pos);
    const defendersToMove = pos.side === DEFENDERS;
    return this.sideToMove(this.sums.output(pos.ply & SLOT_MASK, defendersToMove), defendersToMove);
  }

  /** The sums of slot `ply` are those of the board the position had after `ply` steps. */
  private holds(pos: Position, ply: number): boolean {
    const slot = ply & SLOT_MASK;
    return this.tagged[slot] === 1 && this.tagLo[slot] === pos.hashLoAt(ply) && this.tagHi[slot] === pos.hashHiAt(ply);
  }

  /**
   * By the undo record of step `ply`: forwards (direction 1) the sums after ply + 1 steps from those
   * after `ply`, backwards (-1) the sums after `ply` steps from those after ply + 1.
   */
  private replay(pos: Position, ply: number, direction: 1 | -1): void {
    const sums = this.sums;
    const from = (direction === 1 ? ply : ply + 1) & SLOT_MASK;
    const to = (direction === 1 ? ply + 1 : ply) & SLOT_MASK;
    const undo = pos.undoRecords;
    const record = ply * Undo.Size;
    const step = undo[record + Undo.Step];
    if (step === END_RUN) {
      sums.copy(from, to);
    } else {
      const changes = undo[record + Undo.Changes];
      const piece = ((changes >>> Changed.PieceShift) & 15) * this.cells;
      const left = this.columnOf[piece + (step & 511)];
      const arrived = this.columnOf[piece + (step >>> 9)];
      if (direction === 1) sums.move(from, to, left, arrived);
      else sums.move(from, to, arrived, left);
      const count = (changes & Changed.CapturesMask) >>> Changed.CapturesShift;
      if (count !== 0) {
        const captured = pos.capturedPieces;
        const start = undo[record + Undo.CapturedAt];
        for (let i = start; i < start + 2 * count; i += 2) {
          const column = this.columnOf[captured[i + 1] * this.cells + captured[i]];
          if (direction === 1) sums.subtract(to, column);
          else sums.add(to, column);
        }
      }
    }
    this.tag(pos, direction === 1 ? ply + 1 : ply);
  }

  /** The sums at the position's ply from the pieces on its board. */
  private rebuild(pos: Position): void {
    const sums = this.sums;
    const slot = pos.ply & SLOT_MASK;
    sums.reset(slot);
    const board = pos.board;
    for (let sq = this.firstSquare; sq < this.endSquare; sq++) {
      const piece = board[sq];
      if (piece === EMPTY || piece === OFF_BOARD) continue;
      sums.add(slot, this.columnOf[piece * this.cells + sq]);
    }
    this.tag(pos, pos.ply);
  }

  private tag(pos: Position, ply: number): void {
    const slot = ply & SLOT_MASK;
    this.tagLo[slot] = pos.hashLoAt(ply);
    this.tagHi[slot] = pos.hashHiAt(ply);
    this.tagged[slot] = 1;
  }

  /** Centipawns from the defenders' view as the side to move's; `| 0` keeps them integers (no -0, which would make the compiler treat the result as a float). */
  private sideToMove(cp: number, defendersToMove: boolean): number {
    return defendersToMove ? cp | 0 : -cp | 0;
  }
}
