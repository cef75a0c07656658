// The position: board, piece lists, side to move, berserker, hash, history, and exact incremental
// make/unmake of one step. Steps are integers `from | to << 9` (padded squares); END_RUN (0) ends a
// berserk run without another step (`0000`). Hot code: typed arrays, no allocation per step.

import { captureBuffer } from './captureBuffer.js';
import { findCaptures } from './capture.js';
import { encircled, exitFortHolds } from './gameEnd.js';
import { makeGeometry, NO_SQUARE, SQ_CORNER, SQ_EDGE, SQ_THRONE, toSquare, type Geometry } from './geometry.js';
import { hasContinuation } from './movegen.js';
import type { RuleSet } from './rules.js';
import {
  ATTACKERS, DEFENDERS, EMPTY, err, KING, OFF_BOARD, ok, type EndReason, type Outcome, type Result, type Side,
} from './types.js';
import { zobristKeys, type ZobristKeys } from './zobrist.js';

export const END_RUN = 0;
export const stepFrom = (step: number): number => step & 511;
export const stepTo = (step: number): number => step >>> 9;
export const makeStep = (from: number, to: number): number => from | (to << 9);

/** Outcome codes kept in the hot state. */
export const NO_WINNER = -1;
export const DRAW = 2;
export const END_REASONS: readonly EndReason[] = ['escape', 'king-captured', 'fort', 'encirclement', 'repetition', 'no-moves'];
const R_ESCAPE = 0;
const R_KING_CAPTURED = 1;
const R_FORT = 2;
const R_ENCIRCLEMENT = 3;
const R_REPETITION = 4;

// Undo record layout (one per step made).
const U_STEP = 0;
const U_BERSERKER = 1;
const U_SIDE = 2;
const U_HASH_LO = 3;
const U_HASH_HI = 4;
const U_WINNER = 5;
const U_REASON = 6;
const U_KING = 7;
const U_HISTORY = 8;
const U_IRREVERSIBLE = 9;
const U_CAPTURE_TOP = 10;
const U_PIECE = 11;
const UNDO_SIZE = 12;

/** What a position is made from: the board (rank 1 first, file a first), side to move, berserker. */
export interface Setup {
  rules: RuleSet;
  /** size*size piece codes, index rank * size + file. */
  cells: Uint8Array;
  side: Side;
  /** file/rank index (rank * size + file) of the piece that may continue a berserk run, or -1. */
  berserker: number;
}

export class Position {
  readonly rules: RuleSet;
  readonly geo: Geometry;
  readonly zobrist: ZobristKeys;
  readonly board: Uint8Array;
  side: Side = ATTACKERS;
  /** Square of the piece that may continue its berserk run, or NO_SQUARE. */
  berserker = NO_SQUARE;
  kingSq = NO_SQUARE;
  hashLo = 0;
  hashHi = 0;
  /** NO_WINNER, a Side, or DRAW; with the reason index into END_REASONS. */
  winner = NO_WINNER;
  reason = 0;

  /** Piece lists per side, with each piece's index in its list. */
  readonly pieceList: [Int16Array, Int16Array];
  readonly pieceCount = new Int32Array(2);
  readonly pieceIndex: Int16Array;

  /** Hashes of the positions at the ends of turns (the start included), for repetition. */
  historyLo = new Int32Array(256);
  historyHi = new Int32Array(256);
  historyLength = 0;
  /** Index in the history of the first position after the last capture: nothing before it can repeat. */
  irreversible = 0;

  /** Steps made since the setup. */
  ply = 0;
  private undo = new Int32Array(256 * UNDO_SIZE);
  private captured = new Int32Array(1024);
  private capturedTop = 0;

  // Scratch space for flood fills and capture tests (see gameEnd.ts, movegen.ts).
  readonly stamp: Uint32Array;
  readonly stack: Int16Array;
  readonly wallList: Int16Array;
  /** One piece's steps, while testing whether it may continue a berserk run. */
  readonly continuationScratch = new Int32Array(128);
  private stampCounter = 0;

  private constructor(rules: RuleSet) {
    this.rules = rules;
    this.geo = makeGeometry(rules);
    this.zobrist = zobristKeys(this.geo.cells);
    const cells = this.geo.cells;
    this.board = new Uint8Array(cells);
    this.pieceList = [new Int16Array(cells), new Int16Array(cells)];
    this.pieceIndex = new Int16Array(cells);
    this.stamp = new Uint32Array(cells);
    this.stack = new Int16Array(cells * 4);
    this.wallList = new Int16Array(cells);
  }

  /** Builds a position from a setup, checking that it is one the rules can play (section 8.9). */
  static fromSetup(setup: Setup): Result<Position> {
    const { rules, cells, side } = setup;
    const size = rules.size;
    if (cells.length !== size * size) return err('bad-setup', `the board has ${cells.length} squares, expected ${size * size}`);
    const pos = new Position(rules);
    const geo = pos.geo;
    pos.board.fill(OFF_BOARD);
    let kings = 0;
    for (let rank = 0; rank < size; rank++) {
      for (let file = 0; file < size; file++) {
        const sq = toSquare(geo.stride, file, rank);
        const piece = cells[rank * size + file];
        pos.board[sq] = EMPTY;
        if (piece === EMPTY) continue;
        const name = String.fromCharCode(97 + file) + (rank + 1);
        if (piece === KING) {
          kings++;
          if (kings > 1) return err('two-kings', `a second king on ${name}: a position has at most one king`);
          pos.kingSq = sq;
        } else if ((geo.flags[sq] & (SQ_CORNER | SQ_THRONE)) !== 0) {
          return err('restricted-square', `only the king may stand on ${name} (a ${geo.flags[sq] & SQ_CORNER ? 'corner' : 'throne'})`);
        }
        pos.putPiece(sq, piece);
      }
    }
    pos.side = side;
    if (side === DEFENDERS) {
      pos.hashLo ^= pos.zobrist.sideLo;
      pos.hashHi ^= pos.zobrist.sideHi;
    }
    if (setup.berserker >= 0) {
      const sq = toSquare(geo.stride, setup.berserker % size, Math.floor(setup.berserker / size));
      const piece = pos.board[sq];
      if (!rules.berserk) return err('no-berserk', `the rules have no berserk runs, so there can be no berserker square`);
      if (piece === EMPTY || (piece & 3) !== side + 1) {
        return err('bad-berserker', `the berserker square ${String.fromCharCode(97 + (setup.berserker % size))}${Math.floor(setup.berserker / size) + 1} does not hold a piece of the side to move`);
      }
      pos.berserker = sq;
      pos.hashLo ^= pos.zobrist.berserkLo[sq];
      pos.hashHi ^= pos.zobrist.berserkHi[sq];
    }
    pos.historyLo[0] = pos.hashLo;
    pos.historyHi[0] = pos.hashHi;
    pos.historyLength = 1;
    pos.evaluateLoadedResult();
    return ok(pos);
  }

  /** The rule set's start position. */
  static start(rules: RuleSet): Position {
    const size = rules.size;
    const cells = new Uint8Array(size * size);
    const letters: Record<string, number> = { t: 1, n: 9, c: 13, T: 2, K: 6, N: 10, C: 14 };
    rules.start.forEach((row, top) => {
      for (let file = 0; file < size; file++) {
        const letter = row[file];
        if (letter !== '.') cells[(size - 1 - top) * size + file] = letters[letter];
      }
    });
    const result = Position.fromSetup({ rules, cells, side: rules.firstSide, berserker: -1 });
    if (!result.ok) throw new Error(`variant ${rules.name} has a bad start position: ${result.error.message}`);
    return result.value;
  }

  clone(): Position {
    const copy = Object.create(Position.prototype) as Position;
    Object.assign(copy, this);
    const mutable = copy as unknown as Record<string, unknown>;
    for (const key of Object.keys(this)) {
      const value = (this as unknown as Record<string, unknown>)[key];
      if (ArrayBuffer.isView(value)) mutable[key] = (value as Int32Array).slice();
    }
    mutable.pieceList = [this.pieceList[0].slice(), this.pieceList[1].slice()];
    return copy;
  }

  /** The finished game's result, or undefined while it goes on (a side with no turn loses). */
  outcome(hasTurn: (pos: Position) => boolean): Outcome | undefined {
    if (this.winner !== NO_WINNER) {
      return { winner: this.winner === DRAW ? null : (this.winner as Side), reason: END_REASONS[this.reason] };
    }
    if (!hasTurn(this)) return { winner: (this.side ^ 1) as Side, reason: 'no-moves' };
    return undefined;
  }

  nextStamp(): number {
    if (++this.stampCounter === 0xffffffff) {
      this.stamp.fill(0);
      this.stampCounter = 1;
    }
    return this.stampCounter;
  }

  private putPiece(sq: number, piece: number): void {
    const side = (piece & 3) - 1;
    this.board[sq] = piece;
    this.pieceIndex[sq] = this.pieceCount[side];
    this.pieceList[side][this.pieceCount[side]++] = sq;
    this.hashLo ^= this.zobrist.pieceLo[piece * this.geo.cells + sq];
    this.hashHi ^= this.zobrist.pieceHi[piece * this.geo.cells + sq];
  }

  private removePiece(sq: number): void {
    const piece = this.board[sq];
    const side = (piece & 3) - 1;
    const list = this.pieceList[side];
    const index = this.pieceIndex[sq];
    const last = list[--this.pieceCount[side]];
    list[index] = last;
    this.pieceIndex[last] = index;
    this.board[sq] = EMPTY;
    this.hashLo ^= this.zobrist.pieceLo[piece * this.geo.cells + sq];
    this.hashHi ^= this.zobrist.pieceHi[piece * this.geo.cells + sq];
  }

  /** Makes one step (or END_RUN). The step must be legal here. */
  makeStep(step: number): void {
    const base = this.ply * UNDO_SIZE;
    if (base + UNDO_SIZE > this.undo.length) this.undo = grow(this.undo);
    const undo = this.undo;
    undo[base + U_STEP] = step;
    undo[base + U_BERSERKER] = this.berserker;
    undo[base + U_SIDE] = this.side;
    undo[base + U_HASH_LO] = this.hashLo;
    undo[base + U_HASH_HI] = this.hashHi;
    undo[base + U_WINNER] = this.winner;
    undo[base + U_REASON] = this.reason;
    undo[base + U_KING] = this.kingSq;
    undo[base + U_HISTORY] = this.historyLength;
    undo[base + U_IRREVERSIBLE] = this.irreversible;
    undo[base + U_CAPTURE_TOP] = this.capturedTop;
    this.ply++;
    const zobrist = this.zobrist;
    if (this.berserker !== NO_SQUARE) {
      this.hashLo ^= zobrist.berserkLo[this.berserker];
      this.hashHi ^= zobrist.berserkHi[this.berserker];
      this.berserker = NO_SQUARE;
    }
    if (step === END_RUN) {
      this.endTurn(true);
      return;
    }

    const from = step & 511;
    const to = step >>> 9;
    const board = this.board;
    const piece = board[from];
    undo[base + U_PIECE] = piece;
    const cells = this.geo.cells;
    board[from] = EMPTY;
    board[to] = piece;
    const side = this.side;
    const index = this.pieceIndex[from];
    this.pieceList[side][index] = to;
    this.pieceIndex[to] = index;
    this.hashLo ^= zobrist.pieceLo[piece * cells + from] ^ zobrist.pieceLo[piece * cells + to];
    this.hashHi ^= zobrist.pieceHi[piece * cells + from] ^ zobrist.pieceHi[piece * cells + to];

    const found = findCaptures(this, from, to, piece, captureBuffer);
    if (found > 0) {
      if (this.capturedTop + 2 * found > this.captured.length) this.captured = grow(this.captured);
      for (let i = 0; i < found; i++) {
        const sq = captureBuffer[i];
        this.captured[this.capturedTop++] = sq;
        this.captured[this.capturedTop++] = board[sq];
        if (board[sq] === KING) {
          this.kingSq = NO_SQUARE;
          this.winner = ATTACKERS;
          this.reason = R_KING_CAPTURED;
        }
        this.removePiece(sq);
      }
    }

    if (piece === KING) {
      this.kingSq = to;
      const escapeFlag = this.rules.escape === 'corner' ? SQ_CORNER : SQ_EDGE;
      if ((this.geo.flags[to] & escapeFlag) !== 0) {
        this.winner = DEFENDERS;
        this.reason = R_ESCAPE;
      }
    }

    if (this.winner === NO_WINNER && found > 0 && this.rules.berserk && hasContinuation(this, to)) {
      this.berserker = to;
      this.hashLo ^= zobrist.berserkLo[to];
      this.hashHi ^= zobrist.berserkHi[to];
      return;
    }
    this.endTurn(found > 0);
  }

  /** The turn is over: the other side moves; then fort, encirclement and repetition (section 5). */
  private endTurn(captured: boolean): void {
    const mover = this.side;
    this.side = (mover ^ 1) as Side;
    this.hashLo ^= this.zobrist.sideLo;
    this.hashHi ^= this.zobrist.sideHi;
    let length = this.historyLength;
    if (length === this.historyLo.length) {
      this.historyLo = grow(this.historyLo);
      this.historyHi = grow(this.historyHi);
    }
    this.historyLo[length] = this.hashLo;
    this.historyHi[length] = this.hashHi;
    this.historyLength = ++length;
    if (captured) this.irreversible = length - 1;
    if (this.winner !== NO_WINNER) return;

    const rules = this.rules;
    if (mover === DEFENDERS) {
      if (rules.exitFort && exitFortHolds(this)) {
        this.winner = DEFENDERS;
        this.reason = R_FORT;
        return;
      }
    } else if (rules.encirclement && encircled(this)) {
      this.winner = ATTACKERS;
      this.reason = R_ENCIRCLEMENT;
      return;
    }
    const repetition = rules.repetition;
    if (repetition === 'ignore' || repetition === 'forbidden' || captured) return;
    if (this.occurrences(this.hashLo, this.hashHi) >= 3) {
      this.winner = repetition === 'draw' ? DRAW : repetition === 'defenders-lose' ? ATTACKERS : this.side;
      this.reason = R_REPETITION;
    }
  }

  /**
   * How often a position with these hash halves, the side to move being the one after the last
   * history entry's, occurs among the turn ends since the last capture, the last entry included.
   * Only every second entry can match (the side to move alternates).
   */
  occurrences(lo: number, hi: number): number {
    let count = 0;
    const historyLo = this.historyLo;
    const historyHi = this.historyHi;
    for (let i = this.historyLength - 1; i >= this.irreversible; i -= 2) {
      if (historyLo[i] === lo && historyHi[i] === hi) count++;
    }
    return count;
  }

  /** Takes back the last step made. */
  unmakeStep(): void {
    const base = --this.ply * UNDO_SIZE;
    const undo = this.undo;
    const step = undo[base + U_STEP];
    const capturedTop = undo[base + U_CAPTURE_TOP];
    this.side = undo[base + U_SIDE] as Side;
    this.berserker = undo[base + U_BERSERKER];
    this.winner = undo[base + U_WINNER];
    this.reason = undo[base + U_REASON];
    this.kingSq = undo[base + U_KING];
    this.historyLength = undo[base + U_HISTORY];
    this.irreversible = undo[base + U_IRREVERSIBLE];
    if (step !== END_RUN) {
      const from = step & 511;
      const to = step >>> 9;
      const board = this.board;
      const piece = undo[base + U_PIECE];
      board[to] = EMPTY;
      board[from] = piece;
      const index = this.pieceIndex[to];
      this.pieceList[this.side][index] = from;
      this.pieceIndex[from] = index;
      const captured = this.captured;
      for (let i = this.capturedTop - 2; i >= capturedTop; i -= 2) {
        const sq = captured[i];
        const victim = captured[i + 1];
        const victimSide = (victim & 3) - 1;
        board[sq] = victim;
        this.pieceIndex[sq] = this.pieceCount[victimSide];
        this.pieceList[victimSide][this.pieceCount[victimSide]++] = sq;
      }
      this.capturedTop = capturedTop;
    }
    this.hashLo = undo[base + U_HASH_LO];
    this.hashHi = undo[base + U_HASH_HI];
  }

  /** The results a loaded position shows without history (section 8.9), but for "no turn". */
  private evaluateLoadedResult(): void {
    if (this.kingSq === NO_SQUARE) {
      this.winner = ATTACKERS;
      this.reason = R_KING_CAPTURED;
      return;
    }
    const escapeFlag = this.rules.escape === 'corner' ? SQ_CORNER : SQ_EDGE;
    if ((this.geo.flags[this.kingSq] & escapeFlag) !== 0) {
      this.winner = DEFENDERS;
      this.reason = R_ESCAPE;
    } else if (this.side === ATTACKERS && this.rules.exitFort && exitFortHolds(this)) {
      this.winner = DEFENDERS;
      this.reason = R_FORT;
    } else if (this.side === DEFENDERS && this.rules.encirclement && encircled(this)) {
      this.winner = ATTACKERS;
      this.reason = R_ENCIRCLEMENT;
    }
  }

  /** The steps made since the setup, oldest first (for replaying a game, not for hot code). */
  stepsMade(): number[] {
    const steps: number[] = [];
    for (let i = 0; i < this.ply; i++) steps.push(this.undo[i * UNDO_SIZE + U_STEP]);
    return steps;
  }
}

function grow<T extends Int32Array>(array: T): T {
  const bigger = new Int32Array(array.length * 2) as T;
  bigger.set(array);
  return bigger;
}
