// The position: board, piece lists, side to move, berserker, hash, history, and exact incremental
// make/unmake of one step. Steps are integers `from | to << 9` (padded squares); END_RUN (0) ends a
// berserk run without another step (`0000`). Hot code: typed arrays, no allocation per step.

import { captureBuffer } from './captureBuffer.js';
import { enemyNextTo, findCaptures, mayCapture } from './capture.js';
import { encircled, exitFortHolds } from './gameEnd.js';
import { makeGeometry, toSquare, type Geometry } from './geometry.js';
import { Mem } from './layout.js';
import { hasContinuation } from './movegen.js';
import type { RuleSet } from './rules.js';
import { err, ok, type Result } from './result.js';
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
  SQ_THRONE,
  type EndReason,
  type Outcome,
  type Side,
} from './types.js';
import { zobristKeys, type ZobristKeys } from './zobrist.js';

export const stepFrom = (step: number): number => step & 511;
export const stepTo = (step: number): number => step >>> 9;
export const makeStep = (from: number, to: number): number => from | (to << 9);

export const END_REASONS: readonly EndReason[] = ['escape', 'king-captured', 'fort', 'encirclement', 'repetition', 'no-moves'];
// The module's own constants are const enums: the bundler writes enum members into the code as
// literals even in a module with imports (see types.ts).
/** Indexes into END_REASONS. */
const enum Reason {
  Escape = 0,
  KingCaptured = 1,
  Fort = 2,
  Encirclement = 3,
  Repetition = 4,
}

/** Undo record layout (one per step made): the step and what else changed. */
const enum Undo {
  Step = 0,
  Changes = 1,
  /** The irreversible index before the step (restored when the step captured or ended a run). */
  Irreversible = 2,
  /** Where the step's captured pieces start in Position.captured (kept when it captured). */
  CapturedAt = 3,
  Size = 4,
}
/**
 * Undo.Changes bits. The game was not over before a step (nothing to record of the winner); the king's
 * square follows from the piece moved or captured; the side and history change exactly when the turn ended.
 */
const enum Changed {
  TurnEnded = 1,
  /** A run was open before the step: the berserker square is kept in the bits from BerserkerShift. */
  RunOpen = 4,
  BerserkerShift = 3, // 9 bits
  CapturesShift = 12, // 6 bits
  CapturesMask = 63 << 12,
  /** The piece that moved (for the hash, brought up to date later: see Position.syncHash). */
  PieceShift = 18, // 4 bits
}

/** What a third occurrence does (repetitionWinner): None when nothing, else a winner code, RepeaterLoses or RepeaterWins. */
const enum RepetitionResult {
  None = -2,
  RepeaterLoses = 3,
  RepeaterWins = 4,
}

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
  /** The position's hot state (see Mem); board, pieceList and pieceIndex are views of it. */
  readonly memory = new Int32Array(Mem.Size);
  readonly board: Int32Array;
  side: Side = ATTACKERS;
  /** Square of the piece that may continue its berserk run, or NO_SQUARE. */
  berserker = NO_SQUARE;
  kingSq = NO_SQUARE;
  /**
   * The 64-bit Zobrist key as two int32 halves, after k steps at 2k and 2k + 1, known up to hashPly:
   * a step leaves the hash to be brought up to date when it is asked for (syncHash), so that a leaf
   * nobody asks about (perft's last ply) does not pay for it.
   */
  private hashes = new Int32Array(2 * 256);
  private hashPly = 0;
  get hashLo(): number {
    if (this.hashPly !== this.ply) this.syncHash();
    return this.hashes[2 * this.ply];
  }
  get hashHi(): number {
    if (this.hashPly !== this.ply) this.syncHash();
    return this.hashes[2 * this.ply + 1];
  }
  /** NO_WINNER, a Side, or DRAW; with the reason index into END_REASONS. */
  get winner(): number {
    if (this.turnEndPending) this.resolveTurnEnd();
    return this.winnerCode;
  }
  get reason(): number {
    if (this.turnEndPending) this.resolveTurnEnd();
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
    if (this.turnEndPending) this.resolveTurnEnd();
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

  // The rule set and geometry flattened into fields for the hot path.
  private readonly stride: number;
  private readonly zobristSideLo: number;
  private readonly zobristSideHi: number;
  private readonly escapeFlag: number;
  private readonly exitFortRule: boolean;
  private readonly encirclementRule: boolean;
  private readonly repetitionWinner: number;
  /** Repetitions matter (any rule but `ignore`): occurrences are counted at every turn end. */
  private readonly repetitionCounted: boolean;
  /** Some turn-end result needs a look at the board or the history: fort, encirclement, repetition. */
  private readonly turnEndChecks: boolean;
  private readonly berserkRule: boolean;
  private readonly shieldWallRule: boolean;
  /** Relaxed shield walls: any step may capture (see Geometry.anyStepCaptures). */
  private readonly anyStepCaptures: boolean;

  private constructor(rules: RuleSet) {
    this.rules = rules;
    this.geo = makeGeometry(rules);
    this.zobrist = zobristKeys(this.geo.cells);
    const cells = this.geo.cells;
    this.stride = this.geo.stride;
    this.zobristSideLo = this.zobrist.sideLo;
    this.zobristSideHi = this.zobrist.sideHi;
    this.escapeFlag = rules.escape === 'corner' ? SQ_CORNER : SQ_EDGE;
    this.exitFortRule = rules.exitFort;
    this.encirclementRule = rules.encirclement;
    const repetitionWinners = {
      ignore: RepetitionResult.None,
      forbidden: RepetitionResult.None,
      draw: DRAW,
      'defenders-lose': ATTACKERS,
      'repeater-loses': RepetitionResult.RepeaterLoses,
      'repeater-wins': RepetitionResult.RepeaterWins,
    };
    this.repetitionWinner = repetitionWinners[rules.repetition];
    this.repetitionCounted = rules.repetition !== 'ignore';
    this.turnEndChecks = this.exitFortRule || this.encirclementRule || this.repetitionCounted;
    this.berserkRule = rules.berserk;
    this.shieldWallRule = rules.shieldWall;
    this.anyStepCaptures = this.geo.anyStepCaptures;
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
      pos.hashes[0] ^= pos.zobrist.sideLo;
      pos.hashes[1] ^= pos.zobrist.sideHi;
    }
    if (setup.berserker >= 0) {
      const sq = toSquare(geo.stride, setup.berserker % size, Math.floor(setup.berserker / size));
      const piece = pos.board[sq];
      if (!rules.berserk) return err('no-berserk', `the rules have no berserk runs, so there can be no berserker square`);
      if (piece === EMPTY || (piece & 3) !== side + 1) {
        return err(
          'bad-berserker',
          `the berserker square ${String.fromCharCode(97 + (setup.berserker % size))}${Math.floor(setup.berserker / size) + 1} does not hold a piece of the side to move`,
        );
      }
      pos.berserker = sq;
      pos.hashes[0] ^= pos.zobrist.berserkLo[sq];
      pos.hashes[1] ^= pos.zobrist.berserkHi[sq];
    }
    pos.historyLo[0] = pos.hashes[0];
    pos.historyHi[0] = pos.hashes[1];
    pos.historyCount[0] = 1;
    pos.historyEnd = 1;
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

  /** An independent copy (built by the constructor, so that hot code sees one object shape). */
  clone(): Position {
    const copy = new Position(this.rules);
    copy.memory.set(this.memory);
    copy.side = this.side;
    copy.berserker = this.berserker;
    copy.kingSq = this.kingSq;
    copy.hashes = this.hashes.slice();
    copy.hashPly = this.hashPly;
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
    if (this.turnEndPending) this.resolveTurnEnd();
    const base = this.ply++ * Undo.Size;
    if (base + Undo.Size > this.undo.length) this.undo = grow(this.undo);
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
      this.endRun(base, changes);
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
    if (piece === KING) this.kingMoved(to);
    // Most steps surely capture nothing: the quick test spares them the full one.
    const stride = this.stride;
    if (
      (enemyNextTo(m, to, (piece & SIDE_MASK) ^ SIDE_MASK, stride) && mayCapture(m, to, piece, stride, this.shieldWallRule)) ||
      this.anyStepCaptures
    ) {
      this.captureStep(base, changes, from, to, piece);
      return;
    }
    undo[base + Undo.Changes] = changes | Changed.TurnEnded;
    this.endTurn(false);
  }

  private kingMoved(to: number): void {
    this.kingSq = to;
    if ((this.memory[Mem.Flags + to] & this.escapeFlag) !== 0) {
      this.winnerCode = DEFENDERS;
      this.reasonCode = Reason.Escape;
    }
  }

  /** END_RUN: the berserk run ends without another step. */
  private endRun(base: number, changes: number): void {
    this.undo[base + Undo.Irreversible] = this.irreversible;
    this.undo[base + Undo.Changes] = changes | Changed.TurnEnded;
    this.endTurn(true);
  }

  /**
   * The rest of a step that may capture, the piece moved: takes what it captures, then ends the turn
   * or, having captured, goes on with a berserk run.
   */
  private captureStep(base: number, changes: number, from: number, to: number, piece: number): void {
    const undo = this.undo;
    const found = findCaptures(this, from, to, piece, captureBuffer);
    if (found > 0) {
      undo[base + Undo.Irreversible] = this.irreversible;
      undo[base + Undo.CapturedAt] = this.capturedTop;
      changes |= found << Changed.CapturesShift;
      this.removeCaptured(found);
      if (this.winnerCode === NO_WINNER && this.berserkRule && hasContinuation(this, to)) {
        this.berserker = to;
        undo[base + Undo.Changes] = changes;
        return;
      }
    }
    undo[base + Undo.Changes] = changes | Changed.TurnEnded;
    this.endTurn(found > 0);
  }

  private removeCaptured(found: number): void {
    const board = this.board;
    if (this.capturedTop + 2 * found > this.captured.length) this.captured = grow(this.captured);
    for (let i = 0; i < found; i++) {
      const sq = captureBuffer[i];
      this.captured[this.capturedTop++] = sq;
      this.captured[this.capturedTop++] = board[sq];
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
    this.historyLo[last] = this.hashLo;
    this.historyHi[last] = this.hashHi;
    this.historyCount[last] = 1;
    if (this.winnerCode !== NO_WINNER || !this.turnEndChecks) return;
    const mover = this.side ^ 1;
    if (mover === DEFENDERS) {
      if (this.exitFortRule && (this.memory[Mem.Flags + this.kingSq] & SQ_EDGE) !== 0 && exitFortHolds(this)) {
        this.winnerCode = DEFENDERS;
        this.reasonCode = Reason.Fort;
        return;
      }
    } else if (this.encirclementRule && encircled(this)) {
      this.winnerCode = ATTACKERS;
      this.reasonCode = Reason.Encirclement;
      return;
    }
    // Earlier occurrences are two, four... entries back (the same side to move), since the last capture.
    let count = 1;
    if (this.repetitionCounted) {
      const historyLo = this.historyLo;
      const lo = historyLo[last];
      const hi = this.historyHi[last];
      for (let i = last - 2; i >= this.irreversible; i -= 2) {
        if (historyLo[i] === lo && this.historyHi[i] === hi) count++;
      }
    }
    this.historyCount[last] = count;
    if (count >= 3 && this.repetitionWinner !== RepetitionResult.None) {
      const winner = this.repetitionWinner;
      this.winnerCode =
        winner === RepetitionResult.RepeaterLoses ? this.side : winner === RepetitionResult.RepeaterWins ? this.side ^ 1 : winner;
      this.reasonCode = Reason.Repetition;
    }
  }

  /** Brings the hash up to date with the steps made since hashPly, from their undo records. */
  private syncHash(): void {
    if (2 * this.ply + 2 > this.hashes.length) this.hashes = grow(this.hashes);
    const hashes = this.hashes;
    const undo = this.undo;
    const m = this.memory;
    let lo = hashes[2 * this.hashPly];
    let hi = hashes[2 * this.hashPly + 1];
    for (let ply = this.hashPly; ply < this.ply; ply++) {
      const step = undo[ply * Undo.Size + Undo.Step];
      const changes = undo[ply * Undo.Size + Undo.Changes];
      if ((changes & Changed.RunOpen) !== 0) {
        const berserker = (changes >>> Changed.BerserkerShift) & 511;
        lo ^= this.zobrist.berserkLo[berserker];
        hi ^= this.zobrist.berserkHi[berserker];
      }
      if (step !== END_RUN) {
        const keys = ((changes >>> Changed.PieceShift) & 15) * Mem.Region;
        const from = step & 511;
        const to = step >>> 9;
        lo ^= m[Mem.ZobristLo + keys + from] ^ m[Mem.ZobristLo + keys + to];
        hi ^= m[Mem.ZobristHi + keys + from] ^ m[Mem.ZobristHi + keys + to];
        if ((changes & Changed.CapturesMask) !== 0) {
          const at = undo[ply * Undo.Size + Undo.CapturedAt];
          const end = at + 2 * ((changes & Changed.CapturesMask) >>> Changed.CapturesShift);
          for (let i = at; i < end; i += 2) {
            const victimKeys = this.captured[i + 1] * Mem.Region + this.captured[i];
            lo ^= m[Mem.ZobristLo + victimKeys];
            hi ^= m[Mem.ZobristHi + victimKeys];
          }
        }
      }
      if ((changes & Changed.TurnEnded) !== 0) {
        lo ^= this.zobristSideLo;
        hi ^= this.zobristSideHi;
      } else {
        // A step that does not end the turn goes on with a berserk run from its landing square.
        lo ^= this.zobrist.berserkLo[step >>> 9];
        hi ^= this.zobrist.berserkHi[step >>> 9];
      }
      hashes[2 * ply + 2] = lo;
      hashes[2 * ply + 3] = hi;
    }
    this.hashPly = this.ply;
  }

  /**
   * How often the current position (board and side to move) has occurred at turn ends since the
   * last capture, this time included. Meaningful between turns (no berserk run open); 1 under `ignore`.
   */
  repetitionCount(): number {
    if (this.turnEndPending) this.resolveTurnEnd();
    return this.historyCount[this.historyEnd - 1];
  }

  /** Takes back the last step made. */
  unmakeStep(): void {
    const ply = --this.ply;
    if (this.hashPly > ply) this.hashPly = ply;
    const base = ply * Undo.Size;
    const undo = this.undo;
    const step = undo[base + Undo.Step];
    const changes = undo[base + Undo.Changes];
    // A step is only made in an unfinished game, whose turn-end results were decided before it.
    this.winnerCode = NO_WINNER;
    if ((changes & Changed.TurnEnded) !== 0) {
      this.side = (this.side ^ 1) as Side;
      // The ended turn's position joined the history only if its results were asked for.
      if (!this.turnEndPending) this.historyEnd--;
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
    if ((changes & Changed.CapturesMask) !== 0) {
      this.restoreCaptured((changes & Changed.CapturesMask) >>> Changed.CapturesShift);
      this.irreversible = undo[base + Undo.Irreversible];
    }
  }

  private restoreCaptured(count: number): void {
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

  /** The results a loaded position shows without history (section 8.9), but for "no turn". */
  private evaluateLoadedResult(): void {
    if (this.kingSq === NO_SQUARE) {
      this.winnerCode = ATTACKERS;
      this.reasonCode = Reason.KingCaptured;
      return;
    }
    const escapeFlag = this.rules.escape === 'corner' ? SQ_CORNER : SQ_EDGE;
    if ((this.geo.flags[this.kingSq] & escapeFlag) !== 0) {
      this.winnerCode = DEFENDERS;
      this.reasonCode = Reason.Escape;
    } else if (this.side === ATTACKERS && this.rules.exitFort && exitFortHolds(this)) {
      this.winnerCode = DEFENDERS;
      this.reasonCode = Reason.Fort;
    } else if (this.side === DEFENDERS && this.rules.encirclement && encircled(this)) {
      this.winnerCode = ATTACKERS;
      this.reasonCode = Reason.Encirclement;
    }
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

  /** The steps made since the setup, oldest first (for replaying a game, not for hot code). */
  stepsMade(): number[] {
    const steps: number[] = [];
    for (let i = 0; i < this.ply; i++) steps.push(this.undo[i * Undo.Size + Undo.Step]);
    return steps;
  }
}

function grow<T extends Int32Array>(array: T): T {
  const bigger = new Int32Array(array.length * 2) as T;
  bigger.set(array);
  return bigger;
}
