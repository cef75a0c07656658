// Move ordering values for the steps of a node (stepPicker.ts hands them out): the bands of params.ts
// for the tactical steps (king escapes, captures, king steps that open escape lines, blocks of open
// lines, killers), history below them. Also the stages of a node's staged generation: the steps that
// may be tactical first, found from the squares where they would land, the quiet ones only when the
// node gets that far.

import {
  ATT_COMMANDER,
  ATT_KNIGHT,
  ATT_MAN,
  DEF_COMMANDER,
  DEF_KNIGHT,
  DEF_MAN,
  DEFENDERS,
  EMPTY,
  END_RUN,
  forbiddenFilterActive,
  generateJumps,
  generatePieceSteps,
  generateSteps,
  isPieceStep,
  KING,
  NO_SQUARE,
  NO_WINNER,
  SIDE_MASK,
  SQ_CORNER,
  stepCaptures,
  TYPE_MASK,
  type Position,
} from '../../engine/index.js';
import { scratchArray, type SearchArena } from '../kernels/arena.js';
import { ArenaSlot } from '../kernels/arenaLayout.js';
import { findCaptureSquares, tacticalStepsOnto } from './captures.js';
import { openLine } from '../evaluation/evaluate.js';
import { kingRoutes, kingSlideSteps } from './kingSlides.js';
import { KingLineMarks } from './kingLineMarks.js';
import type { QuietHistory } from './history.js';
import {
  KING_LINES_VALUE,
  ORDER_CAPTURE,
  ORDER_END_RUN,
  ORDER_ESCAPE,
  ORDER_KILLER,
  ORDER_TT,
  QUIET_UNSCORED,
  STEP_STACK,
} from '../params.js';
import { MATE } from '../score.js';
import { F_ATTACKER_MEN, F_ATTACKER_SPECIALS, F_DEFENDER_MEN, F_DEFENDER_SPECIALS } from '../evaluation/weights.js';

/** Capture ordering by piece code: men 1, knights and commanders 2, the king 4. */
const VICTIM_VALUE = Uint8Array.from({ length: 17 }, (_, code) => {
  const type = code & TYPE_MASK;
  return code === 0 || code === 16 ? 0 : type === 0 ? 1 : type === 4 ? 4 : 2;
});

/**
 * The step stack and the ordering values of its steps, shared by the pickers of all plies: scores
 * steps for the picker of the node that generated them.
 */
export class StepScorer {
  /** The step stack and its steps' values: the arena's, where the kernels write steps in place, if there is one. */
  readonly steps: Int32Array;
  readonly order: Int32Array;
  /** The position the search makes and unmakes its steps on. */
  pos!: Position;
  /** generateTactical's slides by the arena's kernel (rules with plain slides): the arena, else null. */
  private slidesArena: SearchArena | null = null;
  /** generateTactical's ordering values by the arena's kernel (rules its captures' kernel covers): the arena, else null. */
  private orderArena: SearchArena | null = null;
  /** generateQuiets' steps by the arena's kernel (rules without speed limits): the arena, else null. */
  private quietsArena: SearchArena | null = null;
  private escapeFlag = 0;
  /** Per piece code: what capturing it is worth to the evaluation (the king: a win). */
  private victimWeights = new Int32Array(17);
  /** The attackers' blocking squares: the king's open lines and routes. */
  private readonly lines = new KingLineMarks();
  /** Landing squares where a step may capture or block a line, marked with the current stamp. */
  private special = new Int32Array(0);
  /** Landing squares where a step may capture (markCaptureSquares), marked with captureMark. */
  private captureStamp = new Int32Array(0);
  private captureMark = 0;
  private stampCounter = 0;
  /** The number of squares generateTactical marked. */
  markedSquares = 0;
  /** The killers appendKillers added (-1: none). */
  readonly killerAdded = new Int32Array(2);
  /** The squares markCaptureSquares and markOpenLines marked for scoreSteps. */
  private squares = new Int32Array(0);
  /** The indexes of the steps scoreSteps looks at closely. */
  private readonly closer = new Int32Array(STEP_STACK);

  /** With the searcher's arena (arena.ts), if it has one: the kernels' arrays in it. */
  constructor(
    readonly history: QuietHistory,
    readonly arena: SearchArena | null = null,
  ) {
    this.steps = arena !== null ? arena.steps : new Int32Array(STEP_STACK);
    this.order = arena !== null ? arena.order : new Int32Array(STEP_STACK);
  }

  /** The position the search makes and unmakes its steps on (on the arena, if there is one), and its escape squares' flag. */
  prepare(pos: Position, escapeFlag: number): void {
    const arena = this.arena;
    this.pos = pos;
    this.escapeFlag = escapeFlag;
    const cells = pos.geo.cells;
    this.lines.resize(arena, cells);
    if (this.special.length !== cells) {
      this.special = scratchArray(arena, ArenaSlot.ScorerSpecial, cells);
      this.captureStamp = scratchArray(arena, ArenaSlot.ScorerCaptureStamp, cells);
      this.squares = scratchArray(arena, ArenaSlot.ScorerSquares, cells);
    }
    this.slidesArena = pos.geo.plainSlides === true ? arena : null;
    this.orderArena = pos.captureKernel !== null ? arena : null;
    this.quietsArena = pos.geo.speedLimited ? null : arena;
  }

  /** The evaluation's weights (weights.ts order): quiescence takes the most valuable victims first. */
  useWeights(weights: ArrayLike<number>): void {
    const values = this.victimWeights;
    values.fill(0);
    values[ATT_MAN] = weights[F_ATTACKER_MEN];
    values[ATT_KNIGHT] = weights[F_ATTACKER_SPECIALS];
    values[ATT_COMMANDER] = weights[F_ATTACKER_SPECIALS];
    values[DEF_MAN] = weights[F_DEFENDER_MEN];
    values[DEF_KNIGHT] = weights[F_DEFENDER_SPECIALS];
    values[DEF_COMMANDER] = weights[F_DEFENDER_SPECIALS];
    values[KING] = MATE;
    for (let code = 0; code < 17; code++) values[code] = Math.max(0, values[code]);
  }

  /**
   * Gives every step of from..end its ordering value (the bands of params.ts; `ttStep` gets ORDER_TT).
   * With `lazyQuiets`, quiet steps get QUIET_UNSCORED, and their history from scoreQuiets.
   * Most steps are plainly quiet: the landing squares where a step may capture or block an escape
   * line are marked first, and only the steps onto them (or of the king) are looked at closely.
   */
  scoreSteps(from: number, end: number, ttStep: number, ply: number, lazyQuiets: boolean): void {
    const pos = this.pos;
    const steps = this.steps;
    const order = this.order;
    const killers = this.history.killers;
    const killer1 = killers[ply * 2];
    const killer2 = killers[ply * 2 + 1];
    const history = this.history.table;
    const cells = this.history.cells;
    const historyBase = pos.side * cells * cells;
    const king = pos.kingSq;
    const mark = this.nextStamp();
    const count = this.markCaptureSquares(mark, this.squares);
    this.lines.mark(pos, this.escapeFlag, mark, this.special, this.squares, count);
    const blockMark = this.lines.blockMark;
    const special = this.special;
    const closer = this.closer;
    let closerCount = 0;
    for (let i = from; i < end; i++) {
      const step = steps[i];
      const stepFrom = step & 511;
      const to = step >>> 9;
      if (step === ttStep || step === END_RUN || stepFrom === king || special[to] === mark) {
        closer[closerCount++] = i;
        continue;
      }
      if (step === killer1) order[i] = ORDER_KILLER + 1;
      else if (step === killer2) order[i] = ORDER_KILLER;
      else order[i] = lazyQuiets === true ? QUIET_UNSCORED : history[historyBase + stepFrom * cells + to];
    }
    for (let k = 0; k < closerCount; k++) {
      const i = closer[k];
      order[i] = this.scoreStep(steps[i], ttStep, killer1, killer2, historyBase, lazyQuiets, blockMark);
    }
  }

  /**
   * Staged generation, first stage: writes from `at` the steps that may be tactical, the king's and
   * those onto the squares where a step may capture or block an open line (listed in `squares`, their
   * number left in markedSquares), all but `ttStep`, with their ordering values (quiet ones
   * QUIET_UNSCORED); returns the end.
   */
  generateTactical(at: number, ttStep: number, ply: number, squares: Int32Array): number {
    const pos = this.pos;
    const steps = this.steps;
    const order = this.order;
    const king = pos.kingSq;
    const mark = this.nextStamp();
    const count = this.lines.mark(pos, this.escapeFlag, mark, this.special, squares, this.markCaptureSquares(mark, squares));
    this.markedSquares = count;
    // The steps onto those squares but the king's (which come with all of his below) and ttStep's.
    const end = tacticalStepsOnto(this.slidesArena, pos, squares, count, ttStep, steps, at);
    const killers = this.history.killers;
    const killer1 = killers[ply * 2];
    const killer2 = killers[ply * 2 + 1];
    const blockMark = this.lines.blockMark;
    const orderArena = this.orderArena;
    if (orderArena !== null) {
      const { captureStamp, captureMark } = this;
      const { lineStamp, routeStamp, routeMark } = this.lines;
      orderArena.tacticalOrder(pos, at, end, captureStamp, captureMark, lineStamp, blockMark, routeStamp, routeMark, killer1, killer2, 0);
    } else for (let i = at; i < end; i++) order[i] = this.scoreStep(steps[i], -1, killer1, killer2, 0, true, blockMark);
    return pos.side === DEFENDERS && king !== NO_SQUARE ? this.generateKingSteps(end, ttStep, killer1, killer2) : end;
  }

  /**
   * generateTactical: writes the king's steps (but `ttStep`) from `at` with their ordering values, as
   * scoreStep gives them; returns the end. His slides are scored in one pass over his rays (kingSlides.ts).
   */
  private generateKingSteps(at: number, ttStep: number, killer1: number, killer2: number): number {
    const pos = this.pos;
    const steps = this.steps;
    const order = this.order;
    const king = pos.kingSq;
    const geo = pos.geo;
    let end = at;
    if (geo.speedLimited && geo.speed[KING] > 0) {
      const n = generatePieceSteps(pos, king, steps, at);
      for (let i = at; i < n; i++) if (steps[i] !== ttStep) steps[end++] = steps[i];
      for (let i = at; i < end; i++) order[i] = this.scoreStep(steps[i], -1, killer1, killer2, 0, true, 0);
      return end;
    }
    end = kingSlideSteps(this.arena, pos, this.escapeFlag, ttStep, steps, order, at);
    // What the lines leave undecided: captures (before routes), killers, quiet steps.
    const captureStamp = this.captureStamp;
    const captureMark = this.captureMark;
    const orderArena = this.orderArena;
    if (orderArena !== null)
      orderArena.tacticalOrder(
        pos,
        at,
        end,
        captureStamp,
        captureMark,
        this.lines.lineStamp,
        0,
        this.lines.routeStamp,
        0,
        killer1,
        killer2,
        1,
      );
    else
      for (let i = at; i < end; i++) {
        const value = order[i];
        if (value >= KING_LINES_VALUE) continue;
        const step = steps[i];
        const to = step >>> 9;
        if (captureStamp[to] === captureMark && stepCaptures(pos, king, to)) order[i] = this.captureValue(to);
        else if (value === 0) order[i] = step === killer1 ? ORDER_KILLER + 1 : step === killer2 ? ORDER_KILLER : QUIET_UNSCORED;
      }
    if (pos.rules.jumps) {
      const n = generateJumps(pos, king, KING, steps, end);
      for (let i = end; i < n; i++) {
        if (steps[i] === ttStep) continue;
        steps[end] = steps[i];
        order[end] = this.scoreStep(steps[i], -1, killer1, killer2, 0, true, 0);
        end++;
      }
    }
    return end;
  }

  /**
   * Staged generation, second stage: appends at `end` the ply's killers that are legal here and not
   * yet among steps[from..end) nor `ttStep` (the one appended first in killerAdded[0], the other in
   * [1], else -1: the caller keeps them for generateQuiets before its children append theirs); returns
   * the new end.
   */
  appendKillers(from: number, end: number, ttStep: number, ply: number): number {
    const killers = this.history.killers;
    end = this.appendKiller(from, end, ttStep, killers[ply * 2], ORDER_KILLER + 1, 0);
    return this.appendKiller(from, end, ttStep, killers[ply * 2 + 1], ORDER_KILLER, 1);
  }

  private appendKiller(from: number, end: number, ttStep: number, killer: number, value: number, slot: number): number {
    this.killerAdded[slot] = -1;
    // 0 (END_RUN) is an empty slot: a run's end is never a killer.
    if (killer === END_RUN || killer === ttStep) return end;
    const steps = this.steps;
    for (let i = from; i < end; i++) if (steps[i] === killer) return end;
    if (!isPieceStep(this.pos, killer)) return end;
    steps[end] = killer;
    this.order[end] = value;
    this.killerAdded[slot] = killer;
    return end + 1;
  }

  /**
   * Staged generation, last stage: writes from `at` the steps the first stage left out (all but the
   * king's and those onto the `count` squares of `squares`), but for `ttStep` and the killers the
   * second added (`killer1`, `killer2`, -1 for none), with their history values; returns the end.
   */
  generateQuiets(at: number, ttStep: number, killer1: number, killer2: number, squares: Int32Array, count: number): number {
    const pos = this.pos;
    const steps = this.steps;
    const order = this.order;
    const special = this.special;
    // The squares again, with a stamp of their own (the children's marks have overwritten them).
    const mark = this.nextStamp();
    for (let k = 0; k < count; k++) special[squares[k]] = mark;
    const king = pos.kingSq;
    const history = this.history.table;
    const cells = this.history.cells;
    const historyBase = pos.side * cells * cells;
    const quietsArena = this.quietsArena;
    if (quietsArena !== null && pos.berserker === NO_SQUARE && pos.winner === NO_WINNER && !forbiddenFilterActive(pos)) {
      const quietsEnd = quietsArena.quietSteps(pos, special, mark, ttStep, killer1, killer2, at);
      for (let i = at; i < quietsEnd; i++) order[i] = history[historyBase + (steps[i] & 511) * cells + (steps[i] >>> 9)];
      return quietsEnd;
    }
    const n = at + generateSteps(pos, steps, at);
    let end = at;
    for (let i = at; i < n; i++) {
      const step = steps[i];
      const stepFrom = step & 511;
      const to = step >>> 9;
      if (stepFrom === king || special[to] === mark || step === ttStep || step === killer1 || step === killer2) continue;
      steps[end] = step;
      order[end++] = history[historyBase + stepFrom * cells + to];
    }
    return end;
  }

  /** The ordering value of one step that may be tactical (see scoreSteps). */
  private scoreStep(
    step: number,
    ttStep: number,
    killer1: number,
    killer2: number,
    historyBase: number,
    lazyQuiets: boolean,
    blockMark: number,
  ): number {
    if (step === ttStep) return ORDER_TT;
    if (step === END_RUN) return ORDER_END_RUN;
    const pos = this.pos;
    const board = pos.board;
    const flags = pos.geo.flags;
    const dirs = pos.geo.dirs;
    const escapeFlag = this.escapeFlag;
    const king = pos.kingSq;
    const stepFrom = step & 511;
    const to = step >>> 9;
    let kingRouteValue = 0;
    if (stepFrom === king) {
      if ((flags[to] & escapeFlag) !== 0) return ORDER_ESCAPE;
      // A king step that opens lines to escape squares threatens to win next turn.
      board[king] = EMPTY;
      let lines = 0;
      for (let j = 0; j < 4; j++) if (openLine(board, flags, to, dirs[j], escapeFlag)) lines++;
      // Corners: one that gives him a route (a slide onto a square that sees a corner) threatens a
      // fork the turn after; searched with the tactical steps, after the captures, not reduced.
      const routes = lines === 0 && escapeFlag === SQ_CORNER ? kingRoutes(board, flags, dirs, to) : 0;
      board[king] = KING;
      if (lines > 0) return ORDER_CAPTURE + 64 + lines;
      if (routes > 0) kingRouteValue = ORDER_CAPTURE + (routes < 16 ? routes : 16);
    }
    // The node's capture squares were marked before its steps are scored (with the king on his square).
    if (this.captureStamp[to] === this.captureMark && stepCaptures(pos, stepFrom, to)) return this.captureValue(to);
    if (kingRouteValue !== 0) return kingRouteValue;
    const lines = this.lines;
    if (blockMark !== 0 && lines.lineStamp[to] === blockMark) return ORDER_CAPTURE + 96;
    if (lines.routeMark !== 0 && lines.routeStamp[to] === lines.routeMark) return ORDER_CAPTURE + 16;
    if (step === killer1) return ORDER_KILLER + 1;
    if (step === killer2) return ORDER_KILLER;
    if (lazyQuiets === true) return QUIET_UNSCORED; // strict: an argument's type is unknown to compiled code
    const cells = this.history.cells;
    return this.history.table[historyBase + stepFrom * cells + to];
  }

  /** A capture's ordering value: the most valuable victim (judged by the enemies next to the landing square `to`) first. */
  private captureValue(to: number): number {
    const board = this.pos.board;
    const dirs = this.pos.geo.dirs;
    const enemyBit = (this.pos.side + 1) ^ SIDE_MASK;
    let victim = 0;
    for (let j = 0; j < 4; j++) {
      const piece = board[to + dirs[j]];
      if ((piece & enemyBit) !== 0 && VICTIM_VALUE[piece] > victim) victim = VICTIM_VALUE[piece];
    }
    return ORDER_CAPTURE + 32 + victim;
  }

  /**
   * Marks with `mark` in `special` (and in captureStamp, as captureMark) the empty squares where a
   * piece of the side to move may capture (an enemy beside it that mayTake allows), and lists them in
   * `squares`; returns their number.
   */
  private markCaptureSquares(mark: number, squares: Int32Array): number {
    const count = findCaptureSquares(this.arena, this.pos, this.special, mark, squares, 0, this.captureStamp);
    this.captureMark = mark;
    return count;
  }

  /** Gives the quiet steps of from..end still unscored their history values. */
  scoreQuiets(from: number, end: number): void {
    const steps = this.steps;
    const order = this.order;
    const history = this.history.table;
    const cells = this.history.cells;
    const historyBase = this.pos.side * cells * cells;
    for (let i = from; i < end; i++) {
      if (order[i] !== QUIET_UNSCORED) continue;
      const step = steps[i];
      order[i] = history[historyBase + (step & 511) * cells + (step >>> 9)];
    }
  }

  /** Quiescence: orders the steps of from..end by the evaluation's value of the best victim beside each landing square. */
  scoreCaptures(from: number, end: number): void {
    const pos = this.pos;
    const steps = this.steps;
    const order = this.order;
    const board = pos.board;
    const dirs = pos.geo.dirs;
    const enemyBit = (pos.side + 1) ^ SIDE_MASK;
    const victimWeights = this.victimWeights;
    for (let i = from; i < end; i++) {
      const to = steps[i] >>> 9;
      let victim = 0;
      for (let j = 0; j < 4; j++) {
        const piece = board[to + dirs[j]];
        if ((piece & enemyBit) !== 0 && victimWeights[piece] > victim) victim = victimWeights[piece];
      }
      order[i] = victim;
    }
  }

  private nextStamp(): number {
    if (++this.stampCounter === 0x7fffffff) {
      this.lines.clear();
      this.special.fill(0);
      this.captureStamp.fill(0);
      this.stampCounter = 1;
    }
    return this.stampCounter;
  }
}
