// Move ordering. A node's steps are generated at once into a shared step stack (each ply after its
// parent's); its StepPicker hands them out in stages:
//   1. the hash step, alone: when it cuts off, as it mostly does, ordering the others is saved;
//   2. best first by band: king escapes, captures and king steps that open escape lines, the
//      attackers' blocks of open lines, then the two killers and the end of a berserk run;
//   3. the quiet steps best first by history, looked up one turn from the horizon only when the node
//      gets this far (most are cut off before);
//   4. past the first SELECTION_STEPS steps, the rest in list order (cheaper, and good enough there).
// Quiescence nodes use one stage: captures by the value of the best victim, every step best first.

import {
  ATT_COMMANDER,
  ATT_KNIGHT,
  ATT_MAN,
  ATTACKERS,
  DEF_COMMANDER,
  DEF_KNIGHT,
  DEF_MAN,
  EMPTY,
  END_RUN,
  KING,
  NO_SQUARE,
  SIDE_MASK,
  stepCaptures,
  TYPE_MASK,
  type Position,
  type Side,
} from '../engine/index.js';
import { mayCaptureAt, mayTake } from './captures.js';
import { openLine } from './evaluate.js';
import type { QuietHistory } from './history.js';
import {
  NO_STEP,
  ORDER_CAPTURE,
  ORDER_END_RUN,
  ORDER_ESCAPE,
  ORDER_KILLER,
  ORDER_TT,
  QUIET_UNSCORED,
  SELECTION_STEPS,
  STEP_STACK,
} from './params.js';
import { MATE } from './score.js';
import { F_ATTACKER_MEN, F_ATTACKER_SPECIALS, F_DEFENDER_MEN, F_DEFENDER_SPECIALS } from './weights.js';

/** Capture ordering by piece code: men 1, knights and commanders 2, the king 4. */
const VICTIM_VALUE = Uint8Array.from({ length: 17 }, (_, code) => {
  const type = code & TYPE_MASK;
  return code === 0 || code === 16 ? 0 : type === 0 ? 1 : type === 4 ? 4 : 2;
});

const enum Stage {
  HashStep,
  Score,
  /** Bands above the quiet steps (ORDER_END_RUN and up). */
  Tactical,
  Quiets,
  ListOrder,
  Captures,
}

/**
 * The step stack and the ordering values of its steps, shared by the pickers of all plies: scores
 * steps for the picker of the node that generated them.
 */
export class StepScorer {
  readonly steps = new Int32Array(STEP_STACK);
  readonly order = new Int32Array(STEP_STACK);
  private pos!: Position;
  private escapeFlag = 0;
  /** Per piece code: what capturing it is worth to the evaluation (the king: a win). */
  private victimWeights = new Int32Array(17);
  /** Squares of the king's open lines, marked with the current stamp (cleared by a new stamp). */
  private lineStamp = new Int32Array(0);
  /** Landing squares where a step may capture or block a line, marked with the current stamp. */
  private special = new Int32Array(0);
  private stampCounter = 0;
  /** The indexes of the steps scoreSteps looks at closely. */
  private readonly closer = new Int32Array(STEP_STACK);

  constructor(readonly history: QuietHistory) {}

  /** The position the search makes and unmakes its steps on, and its escape squares' flag. */
  prepare(pos: Position, escapeFlag: number): void {
    this.pos = pos;
    this.escapeFlag = escapeFlag;
    if (this.lineStamp.length !== pos.geo.cells) {
      this.lineStamp = new Int32Array(pos.geo.cells);
      this.special = new Int32Array(pos.geo.cells);
    }
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
    this.markCaptureSquares(mark);
    // Attackers: the squares of the king's open lines, where a step blocks an escape.
    const blockMark = pos.side === ATTACKERS && king !== NO_SQUARE ? this.markOpenLines(king, mark) : 0;
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
      else order[i] = lazyQuiets ? QUIET_UNSCORED : history[historyBase + stepFrom * cells + to];
    }
    for (let k = 0; k < closerCount; k++) {
      const i = closer[k];
      order[i] = this.scoreStep(steps[i], ttStep, killer1, killer2, historyBase, lazyQuiets, blockMark);
    }
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
    const myBit = pos.side + 1;
    const enemyBit = myBit ^ SIDE_MASK;
    const king = pos.kingSq;
    const stepFrom = step & 511;
    const to = step >>> 9;
    if (stepFrom === king) {
      if ((flags[to] & escapeFlag) !== 0) return ORDER_ESCAPE;
      // A king step that opens lines to escape squares threatens to win next turn.
      board[king] = EMPTY;
      let lines = 0;
      for (let j = 0; j < 4; j++) if (openLine(board, flags, to, dirs[j], escapeFlag)) lines++;
      board[king] = KING;
      if (lines > 0) return ORDER_CAPTURE + 64 + lines;
    }
    if (
      ((board[to + dirs[0]] | board[to + dirs[1]] | board[to + dirs[2]] | board[to + dirs[3]]) & enemyBit) !== 0 &&
      mayCaptureAt(pos, to, myBit) &&
      stepCaptures(pos, stepFrom, to)
    ) {
      // Most valuable victim (judged by the enemies next to the landing square) first.
      let victim = 0;
      for (let j = 0; j < 4; j++) {
        const piece = board[to + dirs[j]];
        if ((piece & enemyBit) !== 0 && VICTIM_VALUE[piece] > victim) victim = VICTIM_VALUE[piece];
      }
      return ORDER_CAPTURE + 32 + victim;
    }
    if (blockMark !== 0 && this.lineStamp[to] === blockMark) return ORDER_CAPTURE + 96;
    if (step === killer1) return ORDER_KILLER + 1;
    if (step === killer2) return ORDER_KILLER;
    if (lazyQuiets) return QUIET_UNSCORED;
    const cells = this.history.cells;
    return this.history.table[historyBase + stepFrom * cells + to];
  }

  /**
   * Marks with `mark` in `special` the empty squares where a piece of the side to move may capture
   * (mayCaptureAt: an enemy beside it that mayTake allows). The four directions are written out: V8
   * compiles this faster than a loop over them (BENCHMARKS.md).
   */
  private markCaptureSquares(mark: number): void {
    const pos = this.pos;
    const board = pos.board;
    const flags = pos.geo.flags;
    const dirs = pos.geo.dirs;
    const special = this.special;
    const myBit = pos.side + 1;
    const kingArmed = pos.rules.kingArmed;
    const shieldWall = pos.rules.shieldWall;
    const enemies = pos.pieceList[pos.side ^ 1];
    const enemyCount = pos.pieceCount[pos.side ^ 1];
    const d0 = dirs[0];
    const d1 = dirs[1];
    const d2 = dirs[2];
    const d3 = dirs[3];
    for (let k = 0; k < enemyCount; k++) {
      const victim = enemies[k];
      const victimPiece = board[victim];
      if (
        board[victim + d0] === EMPTY &&
        mayTake(board, flags, victim, victimPiece, victim - d0, victim + d0, myBit, kingArmed, shieldWall)
      )
        special[victim + d0] = mark;
      if (
        board[victim + d1] === EMPTY &&
        mayTake(board, flags, victim, victimPiece, victim - d1, victim + d1, myBit, kingArmed, shieldWall)
      )
        special[victim + d1] = mark;
      if (
        board[victim + d2] === EMPTY &&
        mayTake(board, flags, victim, victimPiece, victim - d2, victim + d2, myBit, kingArmed, shieldWall)
      )
        special[victim + d2] = mark;
      if (
        board[victim + d3] === EMPTY &&
        mayTake(board, flags, victim, victimPiece, victim - d3, victim + d3, myBit, kingArmed, shieldWall)
      )
        special[victim + d3] = mark;
    }
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

  /** Stamps the squares of the king's open lines with `mark` (in `special` too); returns it, or 0 when no line is open. */
  private markOpenLines(king: number, mark: number): number {
    const pos = this.pos;
    const board = pos.board;
    const flags = pos.geo.flags;
    const dirs = pos.geo.dirs;
    let found = 0;
    for (let j = 0; j < 4; j++) {
      const d = dirs[j];
      if (!openLine(board, flags, king, d, this.escapeFlag)) continue;
      found = mark;
      for (let sq = king + d; (flags[sq] & this.escapeFlag) === 0; sq += d) {
        this.lineStamp[sq] = mark;
        this.special[sq] = mark;
      }
    }
    return found;
  }

  private nextStamp(): number {
    if (++this.stampCounter === 0x7fffffff) {
      this.lineStamp.fill(0);
      this.special.fill(0);
      this.stampCounter = 1;
    }
    return this.stampCounter;
  }
}

/** Hands out one node's steps (from..end of the shared step stack) in the order of the stages above. */
export class StepPicker {
  private readonly steps: Int32Array;
  private readonly order: Int32Array;
  private stage = Stage.ListOrder;
  private from = 0;
  private end = 0;
  /** The index of the step last handed out. */
  private current = 0;
  private ply = 0;
  private lazyQuiets = false;
  private quietsPruned = false;

  constructor(private readonly scorer: StepScorer) {
    this.steps = scorer.steps;
    this.order = scorer.order;
  }

  /**
   * A main search node's steps. One turn from the horizon (`depth` 1) the quiet steps' history is
   * looked up when they are reached; deeper, at the start, before the children's cut-offs change it.
   * `quietsPruned`: the caller will search no quiet step after the first, so those need no order.
   */
  start(from: number, end: number, ttStep: number, ply: number, depth: number, quietsPruned: boolean): void {
    this.from = from;
    this.end = end;
    this.current = from - 1;
    this.ply = ply;
    this.lazyQuiets = depth === 1;
    this.quietsPruned = quietsPruned;
    this.stage = this.hashStepFirst(ttStep) ? Stage.HashStep : Stage.Score;
  }

  /** A quiescence node's steps: all of them best first by victim value. */
  startCaptures(from: number, end: number): void {
    this.from = from;
    this.end = end;
    this.current = from - 1;
    this.stage = Stage.Captures;
    this.scorer.scoreCaptures(from, end);
  }

  /** The next step, or NO_STEP when all have been handed out. */
  next(): number {
    const i = ++this.current;
    if (i >= this.end) return NO_STEP;
    const stage = this.stage;
    if (stage === Stage.ListOrder) return this.steps[i];
    if (stage === Stage.Captures) {
      pickBest(this.steps, this.order, i, this.end);
      return this.steps[i];
    }
    if (stage === Stage.HashStep) {
      this.stage = Stage.Score;
      return this.steps[i];
    }
    if (stage === Stage.Score) {
      this.scorer.scoreSteps(i, this.end, -1, this.ply, this.lazyQuiets);
      this.stage = Stage.Tactical;
    }
    if (i - this.from >= SELECTION_STEPS) {
      this.stage = Stage.ListOrder;
      return this.steps[i];
    }
    pickBest(this.steps, this.order, i, this.end);
    if (this.stage === Stage.Tactical && this.order[i] < ORDER_END_RUN) this.enterQuiets(i);
    return this.steps[i];
  }

  /** How many steps were handed out before the current one. */
  moveNumber(): number {
    return this.current - this.from;
  }

  /** The current step's ordering value (in quiescence: its victim's value). */
  value(): number {
    return this.order[this.current];
  }

  /** Is the current step quiet (ordered below the killers: no capture, escape or block)? */
  quiet(): boolean {
    return this.order[this.current] < ORDER_KILLER;
  }

  /** The current step, a quiet one of `side`, cut off: the history learns from it. */
  rewardCutoff(side: Side, depth: number): void {
    const i = this.current;
    this.scorer.history.rewardCutoff(side, this.steps[i], this.ply, depth, this.steps, this.order, this.from, i);
  }

  /** The best of the steps left at `i` is quiet: so are all the others. */
  private enterQuiets(i: number): void {
    if (this.quietsPruned && i > this.from) {
      // None of them will be searched: hand them out as they are.
      this.stage = Stage.ListOrder;
      return;
    }
    this.stage = Stage.Quiets;
    if (this.order[i] === QUIET_UNSCORED) {
      this.scorer.scoreQuiets(i, this.end);
      pickBest(this.steps, this.order, i, this.end);
    }
  }

  /** Moves the hash step, if it is among the node's steps, to the front (order ORDER_TT); false if it is not. */
  private hashStepFirst(ttStep: number): boolean {
    if (ttStep < 0) return false;
    const steps = this.steps;
    const from = this.from;
    for (let i = from; i < this.end; i++) {
      if (steps[i] !== ttStep) continue;
      steps[i] = steps[from];
      steps[from] = ttStep;
      this.order[from] = ORDER_TT;
      return true;
    }
    return false;
  }
}

/** Moves the best-ordered step of i..end to i (selection sort, one step at a time). */
function pickBest(steps: Int32Array, order: Int32Array, i: number, end: number): void {
  let bestIndex = i;
  let bestValue = order[i];
  for (let j = i + 1; j < end; j++) {
    if (order[j] > bestValue) {
      bestValue = order[j];
      bestIndex = j;
    }
  }
  if (bestIndex !== i) {
    const step = steps[i];
    steps[i] = steps[bestIndex];
    steps[bestIndex] = step;
    order[bestIndex] = order[i];
    order[i] = bestValue;
  }
}
