// The position (positionState.ts) with exact incremental make/unmake of one step (step.ts encodes steps;
// undoRecord.ts is what a step keeps to be taken back), built from a setup. Hot code: typed arrays, no
// allocation per step.

import { captureBuffer } from './captureBuffer.js';
import { enemyNextTo, findCaptures, mayCapture } from './capture.js';
import { Reason } from './endReasons.js';
import { toSquare } from './geometry.js';
import { Mem } from './layout.js';
import { hasContinuation } from './movegen.js';
import { PositionState } from './positionState.js';
import { ok, type Result } from './result.js';
import type { RuleSet } from './rules.js';
import { checkBoardSize, checkPieces, loadedResult, startSetup, type Setup } from './setup.js';
import { ATTACKERS, DEFENDERS, EMPTY, END_RUN, KING, NO_SQUARE, NO_WINNER, OFF_BOARD, SIDE_MASK, type Side } from './types.js';
import { Changed, grow, Undo } from './undoRecord.js';

export class Position extends PositionState {
  private constructor(rules: RuleSet, memory: Int32Array | undefined) {
    super(rules, memory);
  }

  /** Builds a position from a setup, checking that it is one the rules can play (section 8.9). */
  static fromSetup(setup: Setup): Result<Position> {
    const boardSize = checkBoardSize(setup);
    if (!boardSize.ok) return boardSize;
    const { rules, cells, side } = setup;
    const size = rules.size;
    const pos = new Position(rules, undefined);
    const geo = pos.geo;
    const pieces = checkPieces(setup, geo);
    if (!pieces.ok) return pieces;
    pos.board.fill(OFF_BOARD);
    for (let rank = 0; rank < size; rank++) {
      for (let file = 0; file < size; file++) {
        const sq = toSquare(geo.stride, file, rank);
        const piece = cells[rank * size + file];
        pos.board[sq] = EMPTY;
        if (piece === EMPTY) continue;
        if (piece === KING) pos.kingSq = sq;
        pos.putPiece(sq, piece);
      }
    }
    pos.side = side;
    if (side === DEFENDERS) {
      pos.hashes[0] ^= pos.zobrist.sideLo;
      pos.hashes[1] ^= pos.zobrist.sideHi;
    }
    if (setup.berserker >= 0) {
      const sq = toSquare(geo.stride, setup.berserker % size, Math.floor(setup.berserker / size));
      pos.berserker = sq;
      pos.hashes[0] ^= pos.zobrist.berserkLo[sq];
      pos.hashes[1] ^= pos.zobrist.berserkHi[sq];
    }
    pos.historyLo[0] = pos.hashes[0];
    pos.historyHi[0] = pos.hashes[1];
    pos.historyCount[0] = 1;
    pos.historyEnd = 1;
    const result = loadedResult(pos);
    if (result !== undefined) {
      pos.winnerCode = result.winner;
      pos.reasonCode = result.reason;
    }
    return ok(pos);
  }

  /** The rule set's start position. */
  static start(rules: RuleSet): Position {
    const result = Position.fromSetup(startSetup(rules));
    if (!result.ok) throw new Error(`variant ${rules.name} has a bad start position: ${result.error.message}`);
    return result.value;
  }

  /**
   * An independent copy (built by the constructor, so that hot code sees one object shape), its memory
   * on `memory` if given (Mem.Size int32s, which then belong to the copy).
   */
  clone(memory?: Int32Array): Position {
    const copy = new Position(this.rules, memory);
    copy.memory.set(this.memory);
    copy.side = this.side;
    copy.berserker = this.berserker;
    copy.kingSq = this.kingSq;
    copy.hashes = this.hashes.slice();
    copy.winnerCode = this.winner;
    copy.reasonCode = this.reasonCode;
    copy.pieceCount.set(this.pieceCount);
    copy.historyLo = this.historyLo.slice();
    copy.historyHi = this.historyHi.slice();
    copy.historyCount = this.historyCount.slice();
    copy.historyEnd = this.historyLength;
    copy.irreversible = this.irreversible;
    copy.ply = this.ply;
    copy.undo = this.undo.slice();
    copy.captured = this.captured.slice();
    copy.capturedTop = this.capturedTop;
    return copy;
  }

  private putPiece(sq: number, piece: number): void {
    const side = (piece & 3) - 1;
    this.board[sq] = piece;
    this.pieceIndex[sq] = this.pieceCount[side];
    this.pieceList[side][this.pieceCount[side]++] = sq;
    this.hashes[0] ^= this.zobrist.pieceLo[piece * this.geo.cells + sq];
    this.hashes[1] ^= this.zobrist.pieceHi[piece * this.geo.cells + sq];
  }

  private removePiece(sq: number): void {
    const m = this.memory;
    const piece = m[Mem.Board + sq];
    const side = (piece & 3) - 1;
    const list = Mem.Lists + side * Mem.Region;
    const index = m[Mem.PieceIndex + sq];
    const last = m[list + --this.pieceCount[side]];
    m[list + index] = last;
    m[Mem.PieceIndex + last] = index;
    m[Mem.Board + sq] = EMPTY;
  }

  /** Makes one step (or END_RUN). The step must be legal here. */
  makeStep(step: number): void {
    // An int32 from here on (V8 would convert the tagged argument through a double for the store).
    step |= 0;
    if (this.turnEndPending === true) this.resolveTurnEnd();
    const ply = this.ply++;
    const base = ply * Undo.Size;
    if (base + Undo.Size > this.undo.length) this.growStacks();
    const undo = this.undo;
    undo[base + Undo.Step] = step;
    // What else changes is recorded in Undo.Changes only when it does (see the Changed bits).
    let changes = 0;
    const berserker = this.berserker;
    if (berserker !== NO_SQUARE) {
      changes = Changed.RunOpen | (berserker << Changed.BerserkerShift);
      this.berserker = NO_SQUARE;
    }
    if (step === END_RUN) {
      this.endRun(ply, changes);
      return;
    }
    const from = step & 511;
    const to = step >>> 9;
    const m = this.memory;
    // The board indexed without Mem.Board (0): esbuild cannot fold the addition, and its bytecode counts
    // against V8's inlining budgets (makeStep and unmakeStep are inlined into perft's leaf loop).
    const piece = m[from];
    m[from] = EMPTY;
    m[to] = piece;
    const index = m[Mem.PieceIndex + from];
    // The list's side from the piece (an int32 of known range) rather than this.side: no overflow checks.
    m[Mem.Lists + ((piece & SIDE_MASK) - 1) * Mem.Region + index] = to;
    m[Mem.PieceIndex + to] = index;
    changes |= piece << Changed.PieceShift;
    if (this.keepsHash === true) this.hashStep(ply, piece, from, to, berserker);
    if (piece === KING) this.kingMoved(to);
    // Most steps surely capture nothing (but under relaxed shield walls): next to no enemy, or to none
    // that the quick test finds flanked. The quick test is asked here rather than in captureStep because
    // perft's leaf loop inlines makeStep but calls captureStep: it is called only for the few steps the
    // test lets through. (movegen.ts's stepMayCapture asks the same before a step is made.) The result
    // is tested `=== true`: compiled code does not know a call to return a boolean.
    if (
      (enemyNextTo(m, to, (piece & SIDE_MASK) ^ SIDE_MASK, this.stride) &&
        mayCapture(m, to, piece, this.stride, this.shieldWallRule) === true) ||
      this.anyStepCaptures === true
    ) {
      this.captureStep(base, changes, from, to, piece);
      return;
    }
    undo[base + Undo.Changes] = changes | Changed.TurnEnded;
    this.endTurn(false);
  }

  /**
   * The hash after the step: the one before it with the step's keys, the closed run's and the side's
   * XORed in (runGoesOn takes the side's out again where a berserk run goes on). A method of its own, so
   * that makeStep stays under V8's inlining limit and perft's leaf loop, which skips it, inlines makeStep.
   */
  private hashStep(ply: number, piece: number, from: number, to: number, berserker: number): void {
    const m = this.memory;
    const hashes = this.hashes;
    const keys = piece * Mem.Region;
    let lo = hashes[2 * ply] ^ m[Mem.ZobristLo + keys + from] ^ m[Mem.ZobristLo + keys + to] ^ this.sideLo;
    let hi = hashes[2 * ply + 1] ^ m[Mem.ZobristHi + keys + from] ^ m[Mem.ZobristHi + keys + to] ^ this.sideHi;
    if (berserker !== NO_SQUARE) {
      lo ^= this.zobrist.berserkLo[berserker];
      hi ^= this.zobrist.berserkHi[berserker];
    }
    hashes[2 * ply + 2] = lo;
    hashes[2 * ply + 3] = hi;
  }

  /** The undo records and the hashes with twice the room. */
  private growStacks(): void {
    this.undo = grow(this.undo);
    this.hashes = grow(this.hashes);
  }

  private kingMoved(to: number): void {
    this.kingSq = to;
    if ((this.memory[Mem.Flags + to] & this.escapeFlag) !== 0) {
      this.winnerCode = DEFENDERS;
      this.reasonCode = Reason.Escape;
    }
  }

  /** END_RUN: the berserk run ends without another step. */
  private endRun(ply: number, changes: number): void {
    const base = ply * Undo.Size;
    if (this.keepsHash === true) {
      const hashes = this.hashes;
      const berserker = (changes >>> Changed.BerserkerShift) & 511;
      // A pass (END_RUN outside a run, the search's null move) changes only the side to move.
      const runLo = (changes & Changed.RunOpen) !== 0 ? this.zobrist.berserkLo[berserker] : 0;
      const runHi = (changes & Changed.RunOpen) !== 0 ? this.zobrist.berserkHi[berserker] : 0;
      hashes[2 * ply + 2] = hashes[2 * ply] ^ runLo ^ this.sideLo;
      hashes[2 * ply + 3] = hashes[2 * ply + 1] ^ runHi ^ this.sideHi;
    }
    this.undo[base + Undo.Irreversible] = this.irreversible;
    this.undo[base + Undo.Changes] = changes | Changed.TurnEnded;
    this.endTurn(true);
  }

  /**
   * The rest of a step that may capture, the piece moved (and the hash written as if the turn ended):
   * takes what it captures, then ends the turn or, having captured, goes on with a berserk run.
   */
  private captureStep(base: number, changes: number, from: number, to: number, piece: number): void {
    const undo = this.undo;
    const kernel = this.captureKernel;
    const found = kernel !== null ? kernel(from, to, 0) : findCaptures(this, from, to, piece, captureBuffer);
    if (found > 0) {
      undo[base + Undo.Irreversible] = this.irreversible;
      undo[base + Undo.CapturedAt] = this.capturedTop;
      changes |= found << Changed.CapturesShift;
      this.removeCaptured(found);
      if (this.winnerCode === NO_WINNER && this.berserkRule === true && hasContinuation(this, to)) {
        this.runGoesOn(to);
        undo[base + Undo.Changes] = changes;
        return;
      }
    }
    undo[base + Undo.Changes] = changes | Changed.TurnEnded;
    this.endTurn(found > 0);
  }

  /**
   * The piece on `to` captured and goes on with a berserk run: the same side moves, so the hash gets the
   * run's key instead of the side's. A method of its own, so that captureStep leaves room in makeStep's
   * inlining budget for mayCapture and flanked.
   */
  private runGoesOn(to: number): void {
    this.berserker = to;
    if (this.keepsHash !== true) return;
    this.hashes[2 * this.ply] ^= this.sideLo ^ this.zobrist.berserkLo[to];
    this.hashes[2 * this.ply + 1] ^= this.sideHi ^ this.zobrist.berserkHi[to];
  }

  private removeCaptured(found: number): void {
    const board = this.board;
    const squares = this.foundCaptures;
    if (this.capturedTop + 2 * found > this.captured.length) this.captured = grow(this.captured);
    const m = this.memory;
    const hashes = this.hashes;
    const at = 2 * this.ply;
    const keepsHash = this.keepsHash === true;
    for (let i = 0; i < found; i++) {
      const sq = squares[i];
      this.captured[this.capturedTop++] = sq;
      this.captured[this.capturedTop++] = board[sq];
      if (keepsHash) {
        hashes[at] ^= m[Mem.ZobristLo + board[sq] * Mem.Region + sq];
        hashes[at + 1] ^= m[Mem.ZobristHi + board[sq] * Mem.Region + sq];
      }
      if (board[sq] === KING) {
        this.kingSq = NO_SQUARE;
        this.winnerCode = ATTACKERS;
        this.reasonCode = Reason.KingCaptured;
      }
      this.removePiece(sq);
    }
  }

  /** The turn is over: the other side moves (the rest waits for resolveTurnEnd). */
  private endTurn(captured: boolean): void {
    this.side = (this.side ^ 1) as Side;
    if (captured) this.irreversible = this.historyEnd;
    this.turnEndPending = true;
  }

  /** Takes back the last step made. */
  unmakeStep(): void {
    const ply = --this.ply;
    const base = ply * Undo.Size;
    const undo = this.undo;
    const step = undo[base + Undo.Step];
    const changes = undo[base + Undo.Changes];
    // A step is only made in an unfinished game, whose turn-end results were decided before it.
    this.winnerCode = NO_WINNER;
    if ((changes & Changed.TurnEnded) !== 0) {
      this.side = (this.side ^ 1) as Side;
      // The ended turn's position joined the history only if its results were asked for.
      if (this.turnEndPending !== true) this.historyEnd--;
    }
    this.turnEndPending = false;
    this.berserker = (changes & Changed.RunOpen) !== 0 ? (changes >>> Changed.BerserkerShift) & 511 : NO_SQUARE;
    if (step === END_RUN) {
      this.irreversible = undo[base + Undo.Irreversible];
      return;
    }
    const from = step & 511;
    const to = step >>> 9;
    const m = this.memory;
    // The board indexed without Mem.Board (0), as in makeStep.
    const piece = m[to];
    m[from] = piece;
    m[to] = EMPTY;
    if (piece === KING) this.kingSq = from;
    const index = m[Mem.PieceIndex + to];
    m[Mem.Lists + ((piece & SIDE_MASK) - 1) * Mem.Region + index] = from;
    m[Mem.PieceIndex + from] = index;
    if ((changes & Changed.CapturesMask) !== 0) this.restoreCaptured(changes, base);
  }

  /** Puts back what the step of the undo record at `base` captured, and the irreversible index before it. */
  private restoreCaptured(changes: number, base: number): void {
    this.irreversible = this.undo[base + Undo.Irreversible];
    const count = (changes & Changed.CapturesMask) >>> Changed.CapturesShift;
    const m = this.memory;
    const captured = this.captured;
    const stop = this.capturedTop - 2 * count;
    for (let i = this.capturedTop - 2; i >= stop; i -= 2) {
      const sq = captured[i];
      const victim = captured[i + 1];
      const victimSide = (victim & 3) - 1;
      m[Mem.Board + sq] = victim;
      if (victim === KING) this.kingSq = sq;
      m[Mem.PieceIndex + sq] = this.pieceCount[victimSide];
      m[Mem.Lists + victimSide * Mem.Region + this.pieceCount[victimSide]++] = sq;
    }
    this.capturedTop = stop;
  }
}
