// The alpha-beta search of one iteration: the root's steps (searchRoot), the nodes below them
// (negamax), counted and cut off by the limits, with the search below the horizon (quiescence.ts). A node
// is a position; its children are the legal steps. A berserk continuation keeps the side to move, so its
// child is searched at the same depth and window without negation; a step that ends the turn hands the
// move over (negamax, one turn of depth less). Depth counts whole turns; forced results count turn ends
// (score.ts). Hot code: typed arrays, one step stack shared by all plies (each ply writes after its
// parent's steps), no allocation per node. The Searcher (searcher.ts) readies it and drives the iterations.

import { ATTACKERS, END_RUN, NO_SQUARE, NO_WINNER, occurredBefore, type Position } from '../engine/index.js';
import type { NnueEvaluator } from './network/accumulator.js';
import { SearchArena } from './kernels/arena.js';
import type { CaptureGenerator } from './ordering/captures.js';
import { type Evaluator, kingOpenLines } from './evaluation/evaluate.js';
import { QuietHistory } from './ordering/history.js';
import type { SearchLimits } from './limits.js';
import {
  FUTILITY_DEPTH,
  FUTILITY_MARGIN,
  LMP_BASE,
  LMP_DEPTH,
  LMP_SCALE,
  MAX_EXTENSIONS,
  MAX_PLY,
  NO_EVAL,
  NO_STEP,
  STEP_STACK,
} from './params.js';
import { PvTable } from './pvTable.js';
import { Quiescence, type QuiescenceHost } from './quiescence.js';
import { lateReduction } from './reductions.js';
import type { RootMove } from './rootMoves.js';
import { INFINITE, isMateScore, MATE, scoreFromTT, scoreToTT, terminalScore } from './score.js';
import { StepPicker } from './ordering/stepPicker.js';
import { StepScorer } from './ordering/stepScorer.js';
import { BOUND_EXACT, BOUND_LOWER, BOUND_UPPER, type TranspositionTable } from './tt.js';

export class NodeSearch implements QuiescenceHost {
  protected readonly history = new QuietHistory();
  /** The kernels' memory (arena.ts), the thread's, or null where there is none: it holds the step stack too. */
  protected readonly arena = SearchArena.forThread();
  protected readonly scorer = new StepScorer(this.history, this.arena);
  protected readonly steps = this.scorer.steps;
  /** Where ply p writes its steps: after its parent's. */
  protected readonly stackBase = new Int32Array(MAX_PLY + 1);
  /** One step picker per ply (each keeps its children's stackBase after its steps). */
  private readonly pickers = Array.from({ length: MAX_PLY }, (_, ply) => new StepPicker(this.scorer, this.stackBase, ply + 1));
  private readonly pv = new PvTable();
  protected readonly quiescence = new Quiescence(this, this.steps, this.pickers, this.stackBase, this.pv, this.arena);
  /** 1 at the ply just after a null move: no second null move in a row. */
  private readonly afterNull = new Int32Array(MAX_PLY + 1);
  /** The static evaluation at the start of each turn of the current path, by turn ply (NO_EVAL: not known). */
  protected readonly turnEval = new Int32Array(MAX_PLY + 2);
  /** Open-line extensions made on the path to each ply (at most MAX_EXTENSIONS). */
  private readonly pathExtensions = new Int32Array(MAX_PLY + 1);

  protected pos!: Position;
  protected evaluator: Evaluator | undefined;
  /** The learned evaluation, when the options give a network that fits the rules. */
  protected nnue: NnueEvaluator | undefined;
  protected captureGenerator: CaptureGenerator | undefined;
  protected escapeFlag = 0;
  protected drawByRepetition = false;
  protected nodes = 0;
  protected selDepth = 0;
  /** Set once the search must stop (the limits reached or the stop flag set). */
  aborted = false;

  constructor(
    protected readonly tt: TranspositionTable,
    protected readonly limits: SearchLimits,
  ) {}

  /** The root's steps from `pvIndex` on, in a window: the best score (each step's score kept on its RootMove). */
  protected searchRoot(depth: number, alpha: number, beta: number, pvIndex: number, rootMoves: RootMove[]): number {
    const pos = this.pos;
    const side = pos.side;
    let best = -INFINITE;
    for (let i = pvIndex; i < rootMoves.length; i++) {
      const rm = rootMoves[i];
      this.nodes++;
      pos.makeStep(rm.step);
      const sameSide = pos.side === side;
      let score: number;
      if (i === pvIndex) {
        score = this.child(sameSide, depth, alpha, beta, 1, 0);
      } else {
        score = this.child(sameSide, depth, alpha, alpha + 1, 1, 0);
        if (score > alpha && score < beta && !this.aborted) score = this.child(sameSide, depth, alpha, beta, 1, 0);
      }
      pos.unmakeStep();
      if (this.aborted) return best;
      if (i === pvIndex || score > alpha) {
        rm.score = score;
        rm.selDepth = this.selDepth;
        rm.pv = this.pv.rootLine(rm.step);
      } else {
        rm.score = -INFINITE;
      }
      if (score > best) best = score;
      if (score > alpha) {
        alpha = score;
        if (score >= beta) break;
      }
    }
    return best;
  }

  /**
   * The score of the child just made, from this node's side's view. Scores are negated as `0 - x`:
   * `-x` of a score of 0 is -0, not a small integer, and the first -0 deoptimizes the compiled search.
   */
  private child(sameSide: boolean, depth: number, alpha: number, beta: number, ply: number, turnPly: number): number {
    if (sameSide) return this.negamax(depth, alpha, beta, ply, turnPly, this.stackBase[ply]);
    return 0 - this.negamax(depth - 1, 0 - beta, 0 - alpha, ply, turnPly + 1, this.stackBase[ply]);
  }

  /** Counts a node at `ply`; false once the search must stop. */
  visit(ply: number): boolean {
    if (this.limits.reached(++this.nodes)) this.aborted = true;
    if (ply > this.selDepth) this.selDepth = ply;
    return !this.aborted;
  }

  private negamax(depth: number, alpha: number, beta: number, ply: number, turnPly: number, sp: number): number {
    const pos = this.pos;
    this.pv.clear(ply);
    if (pos.winner !== NO_WINNER) return terminalScore(pos, turnPly);
    if (depth <= 0) return this.quiescence.search(alpha, beta, ply, turnPly, sp, 0);
    if (!this.visit(ply)) return 0;
    if (ply >= MAX_PLY - 2) return this.staticEval();
    // Under the `draw` rule a first repetition scores as the draw that either side can force from it.
    if (
      this.drawByRepetition &&
      pos.berserker === NO_SQUARE &&
      occurredBefore(pos.historyLo, pos.historyHi, pos.historyLength - 1, pos.irreversible)
    )
      return 0;

    // Mate distance: nothing here beats winning at the end of this turn or loses faster than now.
    if (alpha < -(MATE - turnPly)) alpha = -(MATE - turnPly);
    if (beta > MATE - turnPly - 1) beta = MATE - turnPly - 1;
    if (alpha >= beta) return alpha;

    // The king has an open line to an escape square: the attackers must answer now or lose next
    // turn, a forcing node like a check in chess. Searching it a turn deeper lets both sides see
    // the escape threats (and forks of two lines) that decide most games.
    // By the arena's kernel where there is one (the two agree: kernels.test.ts).
    const arena = this.arena;
    const openLines =
      pos.berserker !== NO_SQUARE || pos.kingSq === NO_SQUARE
        ? 0
        : arena !== null
          ? arena.kingOpenLines(pos.kingSq, this.escapeFlag)
          : kingOpenLines(pos, this.escapeFlag);
    let extensions = ply > 0 ? this.pathExtensions[ply - 1] : 0;
    if (
      ply < MAX_PLY / 2 &&
      extensions < MAX_EXTENSIONS &&
      pos.berserker === NO_SQUARE &&
      pos.kingSq !== NO_SQUARE &&
      (pos.side === ATTACKERS ? openLines > 0 : this.captureGenerator!.kingInDanger(pos))
    ) {
      // Likewise the defenders when the next attacker step could take the king.
      depth++;
      extensions++;
    }
    this.pathExtensions[ply] = extensions;

    const pvNode = beta - alpha > 1;
    const tt = this.tt;
    let ttStep = -1;
    if (tt.probe(pos.hashLo, pos.hashHi)) {
      ttStep = tt.hitStep;
      if (!pvNode && tt.hitDepth >= depth) {
        const score = scoreFromTT(tt.hitScore, turnPly);
        const bound = tt.hitBound;
        if (bound === BOUND_EXACT || (bound === BOUND_LOWER && score >= beta) || (bound === BOUND_UPPER && score <= alpha)) return score;
      }
    }

    // Static pruning needs a quiet king: an open escape line decides more than any margin.
    const quietNode = !pvNode && pos.berserker === NO_SQUARE && !isMateScore(beta) && !isMateScore(alpha) && openLines === 0;
    const turnStart = pos.berserker === NO_SQUARE;
    // The evaluation serves the static pruning below (quiet nodes only) and the late-move reductions'
    // `improving`, three or more turns from the horizon, here and two turns further down (a node there
    // is at most as far from the horizon as this one): elsewhere nobody looks at it.
    const evaluated = turnStart && (quietNode || depth >= 3);
    const staticEval = evaluated ? this.staticEval() : 0;
    if (turnStart) this.turnEval[turnPly] = evaluated ? staticEval : NO_EVAL;
    // Improving: the side to move's evaluation is better than at the start of its previous turn.
    const earlier = turnPly >= 2 ? this.turnEval[turnPly - 2] : NO_EVAL;
    const improving = earlier !== NO_EVAL && this.turnEval[turnPly] !== NO_EVAL && this.turnEval[turnPly] > earlier;
    // Reverse futility: far enough above beta that one turn of the opponent's will not bring it back
    // (a turn less of margin where the evaluation is improving).
    if (quietNode && depth <= FUTILITY_DEPTH && staticEval - FUTILITY_MARGIN * (improving ? depth - 1 : depth) >= beta) return staticEval;
    // Futility: close to the horizon and far below alpha, only tactical steps can help.
    const futile = quietNode && depth <= FUTILITY_DEPTH && staticEval + FUTILITY_MARGIN * depth <= alpha;
    // Late move pruning: two or three turns from the horizon, quiet steps this late in the order rarely
    // matter. (One turn from the horizon those steps lead to cheap quiescence nodes: pruning them gains nothing.)
    // STEP_STACK: no pruning, no node has that many steps.
    const lateQuiets = quietNode && depth >= 2 && depth <= LMP_DEPTH ? LMP_BASE + LMP_SCALE * depth * depth : STEP_STACK;

    // Null move: if passing (END_RUN outside a run ends the turn without a step) still fails high,
    // a real step will too. Tafl has little zugzwang; never mid-run, where passing is a real step.
    if (quietNode && depth >= 3 && this.afterNull[ply] === 0 && staticEval >= beta) {
      pos.makeStep(END_RUN);
      if (pos.winner === NO_WINNER) {
        const reduction = 3 + (depth >> 2);
        this.afterNull[ply + 1] = 1;
        const score = 0 - this.negamax(depth - 1 - reduction, 0 - beta, 1 - beta, ply + 1, turnPly + 1, sp);
        this.afterNull[ply + 1] = 0;
        pos.unmakeStep();
        if (this.aborted) return 0;
        if (score >= beta) return score;
      } else {
        pos.unmakeStep();
      }
    }

    // The hash step, then the tactical steps, then the quiet ones (which futility skips after the first).
    const picker = this.pickers[ply];
    picker.start(sp, ttStep, ply, depth, futile);

    const side = pos.side;
    const alphaStart = alpha;
    let best = -INFINITE;
    let bestStep = 0;
    for (let step = picker.next(); step !== NO_STEP; step = picker.next()) {
      const moveNumber = picker.moveNumber();
      const quiet = picker.quiet();
      if (quiet && moveNumber > 0) {
        // Futility: the quiet steps count as the static evaluation (far below alpha).
        if (futile) {
          if (staticEval > best) best = staticEval;
          continue;
        }
        if (moveNumber >= lateQuiets && best > -INFINITE) continue; // late move pruning
      }
      pos.makeStep(step);
      const sameSide = pos.side === side;
      let score: number;
      if (moveNumber === 0) {
        score = this.child(sameSide, depth, alpha, beta, ply + 1, turnPly);
      } else {
        // Late quiet steps that end the turn: first a reduced null-window look.
        const reduction =
          depth >= 3 && !sameSide && moveNumber >= 3 && quiet && pos.winner === NO_WINNER
            ? lateReduction(depth, moveNumber, pvNode, improving, picker.value())
            : 0;
        score = this.child(sameSide, depth - reduction, alpha, alpha + 1, ply + 1, turnPly);
        if (reduction > 0 && score > alpha && !this.aborted) score = this.child(sameSide, depth, alpha, alpha + 1, ply + 1, turnPly);
        if (score > alpha && score < beta && !this.aborted) score = this.child(sameSide, depth, alpha, beta, ply + 1, turnPly);
      }
      pos.unmakeStep();
      if (this.aborted) return 0;
      if (score > best) {
        best = score;
        bestStep = step;
        if (score > alpha) {
          alpha = score;
          this.pv.update(ply, step);
          if (score >= beta) {
            if (quiet && step !== END_RUN) picker.rewardCutoff(side, depth);
            break;
          }
        }
      }
    }
    if (picker.empty()) return -(MATE - turnPly);
    const bound = best >= beta ? BOUND_LOWER : best > alphaStart ? BOUND_EXACT : BOUND_UPPER;
    tt.store(pos.hashLo, pos.hashHi, bestStep, scoreToTT(best, turnPly), depth, bound);
    return best;
  }

  /** The evaluation of the current position (not cached: lookups by hash cost more than they save). */
  staticEval(): number {
    if (this.nnue !== undefined) {
      const learned = this.nnue.evaluate(this.pos);
      return this.nnue.net.onHand ? this.nnue.withHand(learned, this.evaluator!.evaluate(this.pos)) : learned;
    }
    return this.evaluator!.evaluate(this.pos);
  }
}
