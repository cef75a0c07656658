// The attackers' blocking squares for move ordering (stepScorer.ts): the squares of the king's open
// lines to an escape square, and in corner variants those of his routes (a slide to an edge square
// from which a run along the edge is open to a corner). A step onto one keeps him from winning or
// from threatening a fork next turn; as a quiet step it would be reduced or pruned.

import { ATTACKERS, EMPTY, NO_SQUARE, SQ_CORNER, SQ_EDGE, type Position } from '../../engine/index.js';
import { scratchArray, type SearchArena } from '../kernels/arena.js';
import { ArenaSlot } from '../kernels/arenaLayout.js';
import { openLine } from '../evaluation/evaluate.js';

/** The blocking squares of one node, stamped with its mark in arrays the ordering kernel reads too. */
export class KingLineMarks {
  /** Squares of the king's open lines, stamped with blockMark. */
  lineStamp = new Int32Array(0);
  /** The stamp of the open lines just marked, or 0 when none is open. */
  blockMark = 0;
  /** Squares of the king's routes, stamped with routeMark. */
  routeStamp = new Int32Array(0);
  /** The stamp of the routes just marked, or 0 when the king has no route. */
  routeMark = 0;

  /** Arrays for boards of `cells` squares (in the arena, if there is one). */
  resize(arena: SearchArena | null, cells: number): void {
    if (this.lineStamp.length === cells) return;
    this.lineStamp = scratchArray(arena, ArenaSlot.ScorerLines, cells);
    this.routeStamp = scratchArray(arena, ArenaSlot.ScorerRoutes, cells);
  }

  /** Forgets every stamp (before the stamps start again from 1). */
  clear(): void {
    this.lineStamp.fill(0);
    this.routeStamp.fill(0);
  }

  /**
   * With the attackers to move: stamps with `mark` the blocking squares of `pos`, in `special` too,
   * listed in `squares` after the `count` there unless `special` had them already; returns the new
   * count. With the defenders to move, or no king, marks nothing.
   */
  mark(pos: Position, escapeFlag: number, mark: number, special: Int32Array, squares: Int32Array, count: number): number {
    this.blockMark = 0;
    this.routeMark = 0;
    const king = pos.kingSq;
    if (pos.side !== ATTACKERS || king === NO_SQUARE) return count;
    count = this.markOpenLines(pos, king, escapeFlag, mark, special, squares, count);
    return escapeFlag === SQ_CORNER ? this.markRouteBlocks(pos, king, mark, special, squares, count) : count;
  }

  private markOpenLines(
    pos: Position,
    king: number,
    escapeFlag: number,
    mark: number,
    special: Int32Array,
    squares: Int32Array,
    count: number,
  ): number {
    const board = pos.board;
    const flags = pos.geo.flags;
    const dirs = pos.geo.dirs;
    const lineStamp = this.lineStamp;
    for (let j = 0; j < 4; j++) {
      const d = dirs[j];
      if (!openLine(board, flags, king, d, escapeFlag)) continue;
      this.blockMark = mark;
      for (let sq = king + d; (flags[sq] & escapeFlag) === 0; sq += d) {
        lineStamp[sq] = mark;
        count = markSquare(special, squares, count, sq, mark);
      }
    }
    return count;
  }

  /** The squares of the king's routes: his slide to the edge square, and the open runs from it to a corner. */
  private markRouteBlocks(pos: Position, king: number, mark: number, special: Int32Array, squares: Int32Array, count: number): number {
    const board = pos.board;
    const flags = pos.geo.flags;
    const dirs = pos.geo.dirs;
    const routeStamp = this.routeStamp;
    for (let i = 0; i < 4; i++) {
      const d = dirs[i];
      let end = king + d;
      while (board[end] === EMPTY && (flags[end] & SQ_CORNER) === 0) end += d;
      // A slide that leaves the edge meets it only at its last square (one into a corner is an open line).
      const edge = end - d;
      if (edge === king || (flags[edge] & SQ_EDGE) === 0 || (flags[end] & SQ_CORNER) !== 0) continue;
      const side1 = dirs[(i + 1) & 3];
      const side2 = dirs[(i + 3) & 3];
      const open1 = openLine(board, flags, edge, side1, SQ_CORNER);
      const open2 = openLine(board, flags, edge, side2, SQ_CORNER);
      if (!open1 && !open2) continue;
      this.routeMark = mark;
      for (let sq = king + d; sq !== end; sq += d) {
        routeStamp[sq] = mark;
        count = markSquare(special, squares, count, sq, mark);
      }
      if (open1) count = markRun(flags, routeStamp, edge + side1, side1, mark, special, squares, count);
      if (open2) count = markRun(flags, routeStamp, edge + side2, side2, mark, special, squares, count);
    }
    return count;
  }
}

/** markRouteBlocks: stamps the open run from `from` along `d` up to the corner. */
function markRun(
  flags: Uint8Array,
  routeStamp: Int32Array,
  from: number,
  d: number,
  mark: number,
  special: Int32Array,
  squares: Int32Array,
  count: number,
): number {
  for (let sq = from; (flags[sq] & SQ_CORNER) === 0; sq += d) {
    routeStamp[sq] = mark;
    count = markSquare(special, squares, count, sq, mark);
  }
  return count;
}

/** Marks `sq` with `mark` and lists it in `squares` (at `count`) unless it is marked already; returns the new count. */
function markSquare(special: Int32Array, squares: Int32Array, count: number, sq: number, mark: number): number {
  if (special[sq] === mark) return count;
  special[sq] = mark;
  squares[count] = sq;
  return count + 1;
}
