// The position: board, piece lists, side to move, berserker, hash, history, and exact incremental
// make/unmake of one step (step.ts encodes steps; undoRecord.ts is what a step keeps to be taken back).
// Hot code: typed arrays, no allocation per step.

import { captureBuffer } from './captureBuffer.js';
import { type CaptureKernel, type ContinuationKernel, enemyNextTo, findCaptures, mayCapture } from './capture.js';
import { END_REASONS, Reason } from './endReasons.js';
import { encircled, exitFortHolds } from './gameEnd.js';
import { makeGeometry, toSquare, type Geometry } from './geometry.js';
import { Mem } from './layout.js';
import { hasContinuation } from './movegen.js';
import { RepetitionResult, repetitionResult } from './repetition.js';
import { ok, type Result } from './result.js';
import type { RuleSet } from './rules.js';
import { checkBoardSize, checkPieces, loadedResult, startSetup, type Setup } from './setup.js';
import {
  ATTACKERS,
  DEFENDERS,
  DRAW,
  EMPTY,
  END_RUN,
  KING,
  NO_SQUARE,
  NO_WINNER,
  OFF_BOARD,
  SIDE_MASK,
  SQ_CORNER,
  SQ_EDGE,
  type Outcome,
  type Side,
} from './types.js';
import { Changed, grow, Undo } from './undoRecord.js';
import { zobristKeys, type ZobristKeys } from './zobrist.js';

export class Position {
  readonly rules: RuleSet;
  readonly geo: Geometry;
  readonly zobrist: ZobristKeys;
  /**
   * The position's hot state (see Mem); board, pieceList and pieceIndex are views of it. Its own array,
   * or one a searcher gives clone() (on its WebAssembly memory, where its kernels read it).
   */
  readonly memory: Int32Array;
  readonly board: Int32Array;
  side: Side = ATTACKERS;
  /** Square of the piece that may continue its berserk run, or NO_SQUARE. */
  berserker = NO_SQUARE;
  kingSq = NO_SQUARE;
  /**
   * The 64-bit Zobrist key as two int32 halves, after k steps at 2k and 2k + 1, kept by makeStep (one
   * more entry than the undo records hold steps: they grow together).
   */
  private hashes = new Int32Array(2 * 256 + 2);
  /**
   * Whether makeStep keeps the hash: true but where perft makes its last turn, whose positions are taken
   * back unasked (their hashes, and the turn-end results that need them, are not to be asked for while
   * it is false), so that its leaves do not pay for it.
   */
  keepsHash = true;
  get hashLo(): number {
    return this.hashes[2 * this.ply];
  }
  get hashHi(): number {
    return this.hashes[2 * this.ply + 1];
  }
  /** NO_WINNER, a Side, or DRAW; with the reason index into END_REASONS. */
  get winner(): number {
    if (this.turnEndPending === true) this.resolveTurnEnd();
    return this.winnerCode;
  }
  get reason(): number {
    if (this.turnEndPending === true) this.resolveTurnEnd();
    return this.reasonCode;
  }
  private winnerCode = NO_WINNER;
  private reasonCode = 0;
  /**
   * A turn ended and its results are not decided yet (fort, encirclement, repetition; the position
   * joins the history then too): they are decided when first asked for, so a leaf that nobody asks
   * about (perft's last ply, a search cut-off) does not pay for them.
   */
  private turnEndPending = false;

  /** Piece lists per side, with each piece's index in its list. */
  readonly pieceList: [Int32Array, Int32Array];
  readonly pieceCount = new Int32Array(2);
  readonly pieceIndex: Int32Array;

  /** Hashes of the positions at the ends of turns (the start included), for repetition. */
  historyLo = new Int32Array(256);
  historyHi = new Int32Array(256);
  /** For each history entry: how often its position has occurred up to it (1 = first time). */
  historyCount = new Int32Array(256);
  private historyEnd = 0;
  /** Entries in the history (the position at the end of the last turn included). */
  get historyLength(): number {
    if (this.turnEndPending === true) this.resolveTurnEnd();
    return this.historyEnd;
  }
  /** Index in the history of the first position after the last capture: nothing before it can repeat. */
  irreversible = 0;

  /** Steps made since the setup. */
  ply = 0;
  private undo = new Int32Array(256 * Undo.Size);
  /** Captured pieces of the steps made: square and piece code, in pairs. */
  private captured = new Int32Array(1024);
  private capturedTop = 0;

  // Scratch space for flood fills and capture tests (see gameEnd.ts, movegen.ts).
  readonly stamp: Uint32Array;
  readonly stack: Int16Array;
  readonly wallList: Int16Array;
  /** Encirclement: the last open path from the king to the edge, king first, and the flood's parents. */
  readonly escapePath: Int16Array;
  escapePathLength = 0;
  readonly parent: Int16Array;
  /** One piece's steps, while testing whether it may continue a berserk run. */
  readonly continuationScratch = new Int32Array(128);
  private stampCounter = 0;
  /** findCaptures' twin given by useCaptureKernel, or null; and the array of the squares it finds. */
  captureKernel: CaptureKernel | null = null;
  private foundCaptures: Int32Array = captureBuffer;
  /** movegen.ts's continuations' twin given by useCaptureKernel, or null; and the array of the steps it finds. */
  continuationKernel: ContinuationKernel | null = null;
  continuationsFound: Int32Array = captureBuffer;

  // The rule set and geometry flattened into fields for the hot path. Their tests (and turnEndPending's)
  // are written `=== true`: compiled code does not know a field to hold a boolean and otherwise tests
  // it as a value of any type (BENCHMARKS.md).
  private readonly stride: number;
  private readonly escapeFlag: number;
  private readonly exitFortRule: boolean;
  private readonly encirclementRule: boolean;
  /** What a third occurrence does (a RepetitionResult). */
  private readonly repetitionResult: number;
  /** Repetitions matter (any rule but `ignore`): occurrences are counted at every turn end. */
  private readonly repetitionCounted: boolean;
  /** Some turn-end result needs a look at the board or the history: fort, encirclement, repetition. */
  private readonly turnEndChecks: boolean;
  private readonly berserkRule: boolean;
  private readonly shieldWallRule: boolean;
  /** Relaxed shield walls: any step may capture (see Geometry.anyStepCaptures). */
  private readonly anyStepCaptures: boolean;
  /** The side to move's Zobrist key halves (zobrist.sideLo / sideHi). */
  private readonly sideLo: number;
  private readonly sideHi: number;

  private constructor(rules: RuleSet, memory: Int32Array | undefined) {
    if (memory !== undefined && memory.length !== Mem.Size) throw new Error(`a position's memory holds ${Mem.Size} int32s`);
    this.memory = memory ?? new Int32Array(Mem.Size);
    this.rules = rules;
    this.geo = makeGeometry(rules);
    this.zobrist = zobristKeys(this.geo.cells);
    const cells = this.geo.cells;
    this.stride = this.geo.stride;
    this.escapeFlag = rules.escape === 'corner' ? SQ_CORNER : SQ_EDGE;
    this.exitFortRule = rules.exitFort;
    this.encirclementRule = rules.encirclement;
    this.repetitionResult = repetitionResult(rules);
    this.repetitionCounted = rules.repetition !== 'ignore';
    this.turnEndChecks = this.exitFortRule || this.encirclementRule || this.repetitionCounted;
    this.berserkRule = rules.berserk;
    this.shieldWallRule = rules.shieldWall;
    this.anyStepCaptures = this.geo.anyStepCaptures;
    this.sideLo = this.zobrist.sideLo;
    this.sideHi = this.zobrist.sideHi;
    if (cells > Mem.Region) throw new Error(`a ${rules.size}x${rules.size} board is larger than Position.memory has room for`);
    const m = this.memory;
    this.board = m.subarray(Mem.Board, Mem.Board + cells);
    this.pieceList = [m.subarray(Mem.Lists, Mem.Lists + cells), m.subarray(Mem.Lists + Mem.Region, Mem.Lists + Mem.Region + cells)];
    this.pieceIndex = m.subarray(Mem.PieceIndex, Mem.PieceIndex + cells);
    m.set(this.geo.flags, Mem.Flags);
    for (let piece = 0; piece < 16; piece++) {
      m.set(this.zobrist.pieceLo.subarray(piece * cells, (piece + 1) * cells), Mem.ZobristLo + piece * Mem.Region);
      m.set(this.zobrist.pieceHi.subarray(piece * cells, (piece + 1) * cells), Mem.ZobristHi + piece * Mem.Region);
    }
    this.stamp = new Uint32Array(cells);
    this.stack = new Int16Array(cells * 4);
    this.wallList = new Int16Array(cells);
    this.escapePath = new Int16Array(cells);
    this.parent = new Int16Array(cells);
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

  /**
   * Captures are found by `kernel` (into `found`) from now on, in makeStep and stepCaptures, and berserk
   * runs' continuations by `continuations` (into `continuationsFound`) if given; clones do not keep them.
   */
  useCaptureKernel(
    kernel: CaptureKernel,
    found: Int32Array,
    continuations: ContinuationKernel | null,
    continuationsFound: Int32Array,
  ): void {
    this.captureKernel = kernel;
    this.foundCaptures = found;
    this.continuationKernel = continuations;
    this.continuationsFound = continuationsFound;
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
    const piece = m[Mem.Board + from];
    m[Mem.Board + from] = EMPTY;
    m[Mem.Board + to] = piece;
    const index = m[Mem.PieceIndex + from];
    m[Mem.Lists + this.side * Mem.Region + index] = to;
    m[Mem.PieceIndex + to] = index;
    changes |= piece << Changed.PieceShift;
    // The hash after the step: the one before it with the step's keys (and the side's) XORed in.
    if (this.keepsHash === true) this.hashStep(ply, changes, from, to);
    if (piece === KING) this.kingMoved(to);
    // A step next to no enemy captures nothing (but under relaxed shield walls): the rest of the capture
    // tests are out of line, so that makeStep stays small enough for V8 to inline it beside unmakeStep.
    if (enemyNextTo(m, to, (piece & SIDE_MASK) ^ SIDE_MASK, this.stride) || this.anyStepCaptures === true) {
      this.captureStep(base, changes, from, to, piece);
      return;
    }
    undo[base + Undo.Changes] = changes | Changed.TurnEnded;
    this.endTurn(false);
  }

  /**
   * Writes the hash after the step at `ply` from the one before it: the moved piece's keys on `from`
   * and `to`, the closed run's berserker key (from `changes`), and the side's keys (captureStep takes them
   * out again where a berserk run goes on).
   */
  private hashStep(ply: number, changes: number, from: number, to: number): void {
    const hashes = this.hashes;
    const m = this.memory;
    const keys = (changes >>> Changed.PieceShift) * Mem.Region;
    let lo = hashes[2 * ply] ^ m[Mem.ZobristLo + keys + from] ^ m[Mem.ZobristLo + keys + to] ^ this.sideLo;
    let hi = hashes[2 * ply + 1] ^ m[Mem.ZobristHi + keys + from] ^ m[Mem.ZobristHi + keys + to] ^ this.sideHi;
    if ((changes & Changed.RunOpen) !== 0) {
      const berserker = (changes >>> Changed.BerserkerShift) & 511;
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
    // Most steps next to an enemy surely capture nothing: the quick test spares them the full one.
    const found =
      kernel !== null
        ? kernel(from, to, 0)
        : this.anyStepCaptures === true || mayCapture(this.memory, to, piece, this.stride, this.shieldWallRule)
          ? findCaptures(this, from, to, piece, captureBuffer)
          : 0;
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
   * inlining budget for mayCapture and flanked (BENCHMARKS.md, speed24).
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

  /**
   * The ended turn's position joins the history (section 5), and its fort, encirclement and repetition
   * results are decided, when first asked for.
   */
  private resolveTurnEnd(): void {
    this.turnEndPending = false;
    const last = this.historyEnd++;
    if (last === this.historyLo.length) {
      this.historyLo = grow(this.historyLo);
      this.historyHi = grow(this.historyHi);
      this.historyCount = grow(this.historyCount);
    }
    const lo = this.hashes[2 * this.ply];
    const hi = this.hashes[2 * this.ply + 1];
    const historyLo = this.historyLo;
    const historyHi = this.historyHi;
    historyLo[last] = lo;
    historyHi[last] = hi;
    this.historyCount[last] = 1;
    if (this.winnerCode !== NO_WINNER || this.turnEndChecks !== true) return;
    const mover = this.side ^ 1;
    if (mover === DEFENDERS) {
      if (this.exitFortRule === true && (this.memory[Mem.Flags + this.kingSq] & SQ_EDGE) !== 0 && exitFortHolds(this)) {
        this.winnerCode = DEFENDERS;
        this.reasonCode = Reason.Fort;
        return;
      }
    } else if (this.encirclementRule === true && (this.memory[Mem.Flags + this.kingSq] & SQ_EDGE) === 0 && encircled(this)) {
      this.winnerCode = ATTACKERS;
      this.reasonCode = Reason.Encirclement;
      return;
    }
    // The occurrences counted here (countOccurrences and repetitionWinner of repetition.ts written out),
    // which also keeps this function over V8's inlining limit (460 bytes of bytecode), so that the
    // getters that call it (get winner) stay small enough to be inlined at their many call sites
    // (BENCHMARKS.md, speed14 and speed22).
    let count = 1;
    if (this.repetitionCounted === true) {
      const first = this.irreversible;
      for (let i = last - 2; i >= first; i -= 2) if (historyLo[i] === lo && historyHi[i] === hi) count++;
    }
    this.historyCount[last] = count;
    const result = this.repetitionResult;
    if (count >= 3 && result !== RepetitionResult.None) {
      // repetitionWinner (repetition.ts) written out too.
      this.winnerCode =
        result === RepetitionResult.RepeaterLoses ? this.side : result === RepetitionResult.RepeaterWins ? this.side ^ 1 : result;
      this.reasonCode = Reason.Repetition;
    }
  }

  /**
   * How often the current position (board and side to move) has occurred at turn ends since the
   * last capture, this time included. Meaningful between turns (no berserk run open); 1 under `ignore`.
   */
  repetitionCount(): number {
    if (this.turnEndPending === true) this.resolveTurnEnd();
    return this.historyCount[this.historyEnd - 1];
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
    const piece = m[Mem.Board + to];
    m[Mem.Board + from] = piece;
    m[Mem.Board + to] = EMPTY;
    if (piece === KING) this.kingSq = from;
    const index = m[Mem.PieceIndex + to];
    m[Mem.Lists + this.side * Mem.Region + index] = from;
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

  /** How many pieces the last step made captured (0 before any step). */
  lastCaptureCount(): number {
    if (this.ply === 0) return 0;
    return (this.undo[(this.ply - 1) * Undo.Size + Undo.Changes] & Changed.CapturesMask) >>> Changed.CapturesShift;
  }

  /** The square of a piece the last step captured, 0 <= i < lastCaptureCount(). */
  lastCaptureSquare(i: number): number {
    return this.captured[this.capturedTop - 2 * (i + 1)];
  }

  /** The undo records of the steps made, one per ply (undoRecord.ts): for following the path, read-only. */
  get undoRecords(): Int32Array {
    return this.undo;
  }

  /** The pieces the steps made captured, square and code in pairs (from Undo.CapturedAt): read-only. */
  get capturedPieces(): Int32Array {
    return this.captured;
  }

  /** The hash's halves after `ply` of the steps made (ply <= this.ply), as hashLo and hashHi are now. */
  hashLoAt(ply: number): number {
    return this.hashes[2 * ply];
  }
  hashHiAt(ply: number): number {
    return this.hashes[2 * ply + 1];
  }

  /** The steps made since the setup, oldest first (for replaying a game, not for hot code). */
  stepsMade(): number[] {
    const steps: number[] = [];
    for (let i = 0; i < this.ply; i++) steps.push(this.undo[i * Undo.Size + Undo.Step]);
    return steps;
  }
}
