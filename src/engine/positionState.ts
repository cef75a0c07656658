// The position's state: board, piece lists, side to move, berserker, hash, the history of the turns' ends
// and the results decided at them (fort, encirclement, hnefatafl.org's turn limit and adjudication,
// repetition: decided when first asked for), and the records of the steps made. Position (position.ts)
// makes and takes back the steps. Hot code: typed arrays, no allocation per step.

import { captureBuffer } from './captureBuffer.js';
import { END_REASONS, Reason } from './endReasons.js';
import { encircled, exitFortHolds } from './gameEnd.js';
import { defendersCannotEscape } from './noEscape.js';
import { makeGeometry, type Geometry } from './geometry.js';
import { Mem } from './layout.js';
import type { CaptureKernel, ContinuationKernel, PositionView } from './positionView.js';
import { RepetitionResult, repetitionResult } from './repetition.js';
import type { RuleSet } from './rules.js';
import { ATTACKERS, DEFENDERS, DRAW, NO_SQUARE, NO_WINNER, SQ_CORNER, SQ_EDGE, type Outcome, type Side } from './types.js';
import { Changed, grow, Undo } from './undoRecord.js';
import { zobristKeys, type ZobristKeys } from './zobrist.js';

export class PositionState implements PositionView {
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
  protected hashes = new Int32Array(2 * 256 + 2);
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
  protected winnerCode = NO_WINNER;
  protected reasonCode = 0;
  /**
   * A turn ended and its results are not decided yet (fort, encirclement, repetition; the position
   * joins the history then too): they are decided when first asked for, so a leaf that nobody asks
   * about (perft's last ply, a search cut-off) does not pay for them.
   */
  protected turnEndPending = false;

  /** Piece lists per side, with each piece's index in its list. */
  readonly pieceList: [Int32Array, Int32Array];
  readonly pieceCount = new Int32Array(2);
  readonly pieceIndex: Int32Array;

  /** Hashes of the positions at the ends of turns (the start included), for repetition. */
  historyLo = new Int32Array(256);
  historyHi = new Int32Array(256);
  /** For each history entry: how often its position has occurred up to it (1 = first time). */
  historyCount = new Int32Array(256);
  protected historyEnd = 0;
  /** Entries in the history (the position at the end of the last turn included). */
  get historyLength(): number {
    if (this.turnEndPending === true) this.resolveTurnEnd();
    return this.historyEnd;
  }
  /** Index in the history of the first position after the last capture: nothing before it can repeat. */
  irreversible = 0;

  /** Steps made since the setup. */
  ply = 0;
  protected undo = new Int32Array(256 * Undo.Size);
  /** Captured pieces of the steps made: square and piece code, in pairs. */
  protected captured = new Int32Array(1024);
  protected capturedTop = 0;

  // Scratch space for flood fills and capture tests (see gameEnd.ts, movegen.ts).
  readonly stamp: Uint32Array;
  readonly stack: Int16Array;
  readonly wallList: Int16Array;
  /** Encirclement: the last open path from the king to the edge, king first, and the flood's parents. */
  readonly escapePath: Int16Array;
  escapePathLength = 0;
  readonly parent: Int16Array;
  /** hnefatafl.org's adjudication (noEscape.ts): the last path found from a corner to a defender. */
  readonly cornerPath: Int16Array;
  cornerPathLength = 0;
  /** One piece's steps, while testing whether it may continue a berserk run. */
  readonly continuationScratch = new Int32Array(128);
  private stampCounter = 0;
  /** findCaptures' twin given by useCaptureKernel, or null; and the array of the squares it finds. */
  captureKernel: CaptureKernel | null = null;
  protected foundCaptures: Int32Array = captureBuffer;
  /** movegen.ts's continuations' twin given by useCaptureKernel, or null; and the array of the steps it finds. */
  continuationKernel: ContinuationKernel | null = null;
  continuationsFound: Int32Array = captureBuffer;

  // The rule set and geometry flattened into fields for the hot path. Their tests (and turnEndPending's)
  // are written `=== true`: compiled code does not know a field to hold a boolean and otherwise tests
  // it as a value of any type (docs/history.md, "Speed: the rules core").
  protected readonly stride: number;
  protected readonly escapeFlag: number;
  private readonly exitFortRule: boolean;
  private readonly encirclementRule: boolean;
  /** hnefatafl.org's "the defenders cannot escape" adjudication (noEscape.ts). */
  private readonly cannotEscapeRule: boolean;
  /** The turn whose end draws the game (RuleSet.turnLimit), or 0. */
  private readonly turnLimit: number;
  /** What a third occurrence does (a RepetitionResult). */
  private readonly repetitionResult: number;
  /** Repetitions matter (any rule but `ignore`): occurrences are counted at every turn end. */
  private readonly repetitionCounted: boolean;
  /** Some turn-end result needs a look at the board or the history: fort, encirclement, the adjudication, the turn limit, repetition. */
  private readonly turnEndChecks: boolean;
  protected readonly berserkRule: boolean;
  protected readonly shieldWallRule: boolean;
  /** Relaxed shield walls: any step may capture (see Geometry.anyStepCaptures). */
  protected readonly anyStepCaptures: boolean;
  /** The side to move's Zobrist key halves (zobrist.sideLo / sideHi). */
  protected readonly sideLo: number;
  protected readonly sideHi: number;

  protected constructor(rules: RuleSet, memory: Int32Array | undefined) {
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
    this.cannotEscapeRule = rules.cannotEscape === true;
    this.turnLimit = rules.turnLimit ?? 0;
    this.repetitionResult = repetitionResult(rules);
    this.repetitionCounted = rules.repetition !== 'ignore';
    this.turnEndChecks =
      this.exitFortRule || this.encirclementRule || this.repetitionCounted || this.cannotEscapeRule || this.turnLimit > 0;
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
    // Four times: noEscape.ts lists an edge square once for each corner whose region holds it.
    this.wallList = new Int16Array(cells * 4);
    this.escapePath = new Int16Array(cells);
    this.parent = new Int16Array(cells);
    this.cornerPath = new Int16Array(cells);
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
  outcome(hasTurn: (pos: this) => boolean): Outcome | undefined {
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

  /**
   * The ended turn's position joins the history (section 5), and its fort, encirclement and repetition
   * results are decided, when first asked for.
   */
  protected resolveTurnEnd(): void {
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
    // hnefatafl.org's order: the turn limit, then the adjudication (neither while the attackers have no
    // piece left: that game is the defenders', for want of an attackers' move).
    if (this.turnLimit > 0 && last >= this.turnLimit && this.pieceCount[ATTACKERS] > 0) {
      this.winnerCode = DRAW;
      this.reasonCode = Reason.TurnLimit;
      return;
    }
    if (this.cannotEscapeRule === true && defendersCannotEscape(this)) {
      this.winnerCode = ATTACKERS;
      this.reasonCode = Reason.CannotEscape;
      return;
    }
    // The occurrences counted here (countOccurrences and repetitionWinner of repetition.ts written out),
    // which also keeps this function over V8's inlining limit (460 bytes of bytecode), so that the
    // getters that call it (get winner) stay small enough to be inlined at their many call sites.
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
