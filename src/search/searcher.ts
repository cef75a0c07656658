// The alpha-beta search over steps. A node is a position; its children are the legal steps. A berserk
// continuation keeps the side to move, so its child is searched at the same depth and window without
// negation; a step that ends the turn hands the move over (negamax, one turn of depth less).
// Depth counts whole turns; forced results count turn ends (score.ts). Hot code: typed arrays,
// one step stack shared by all plies (each ply writes after its parent's steps), no allocation per node.
// Around it: the order of the steps (stepPicker.ts), the search below the horizon (quiescence.ts),
// when to stop (limits.ts), the helper threads of a multi-threaded search (helperPool.ts).

import { ATTACKERS, END_RUN, generateSteps, NO_SQUARE, NO_WINNER, occurredBefore, type Position } from '../engine/index.js';
import { SearchArena } from './arena.js';
import { CaptureGenerator } from './captures.js';
import { NnueEvaluator } from './accumulator.js';
import { Evaluator, kingOpenLines } from './evaluate.js';
import { HelperPool, publishIteration, type HelperChannel, type HelperIteration, type Threading } from './helperPool.js';
import { QuietHistory } from './history.js';
import { SearchLimits } from './limits.js';
import {
  FUTILITY_DEPTH,
  FUTILITY_MARGIN,
  LMP_BASE,
  LMP_DEPTH,
  LMP_SCALE,
  MAX_DEPTH,
  MAX_EXTENSIONS,
  MAX_PLY,
  NO_EVAL,
  NO_STEP,
  SKILL_CANDIDATES,
  STEP_STACK,
} from './params.js';
import { netFits } from './nnue.js';
import { PvTable } from './pvTable.js';
import { Quiescence, type QuiescenceHost } from './quiescence.js';
import { lateReduction } from './reductions.js';
import { pickWeakened, sortFrom, wholeTurns, type RootMove } from './rootMoves.js';
import { INFINITE, isMateScore, MATE, scoreFromTT, scoreToTT, terminalScore } from './score.js';
import { lineInfo, ProgressReport, type SearchCounts } from './searchInfo.js';
import { StepPicker } from './stepPicker.js';
import { StepScorer } from './stepScorer.js';
import { BOUND_EXACT, BOUND_LOWER, BOUND_UPPER, TranspositionTable } from './tt.js';
import { DEFAULT_OPTIONS, MAX_SKILL_LEVEL, type GoLimits, type SearchInfo, type SearchOptions } from './types.js';

export class Searcher implements QuiescenceHost {
  private options: SearchOptions = { ...DEFAULT_OPTIONS };
  private readonly tt: TranspositionTable;
  private readonly history = new QuietHistory();
  /** The kernels' memory (arena.ts), the thread's, or null where there is none: it holds the step stack too. */
  private readonly arena = SearchArena.forThread();
  private readonly scorer = new StepScorer(this.history, this.arena);
  private readonly steps = this.scorer.steps;
  /** Where ply p writes its steps: after its parent's. */
  private readonly stackBase = new Int32Array(MAX_PLY + 1);
  /** One step picker per ply (each keeps its children's stackBase after its steps). */
  private readonly pickers = Array.from({ length: MAX_PLY }, (_, ply) => new StepPicker(this.scorer, this.stackBase, ply + 1));
  private readonly pv = new PvTable();
  private readonly quiescence = new Quiescence(this, this.steps, this.pickers, this.stackBase, this.pv);
  /** 1 at the ply just after a null move: no second null move in a row. */
  private readonly afterNull = new Int32Array(MAX_PLY + 1);
  /** The static evaluation at the start of each turn of the current path, by turn ply (NO_EVAL: not known). */
  private readonly turnEval = new Int32Array(MAX_PLY + 2);
  /** Open-line extensions made on the path to each ply (at most MAX_EXTENSIONS). */
  private readonly pathExtensions = new Int32Array(MAX_PLY + 1);

  private readonly threading: Threading;
  /** The main thread's helper threads (none in a helper). */
  private readonly helpers: HelperPool | undefined;
  private readonly limits: SearchLimits;
  private pos!: Position;
  private evaluator: Evaluator | undefined;
  private customWeights: readonly number[] | undefined;
  /** The learned evaluation, when the options give a network that fits the rules. */
  private nnue: NnueEvaluator | undefined;
  private captureGenerator: CaptureGenerator | undefined;
  private escapeFlag = 0;
  private drawByRepetition = false;
  private nodes = 0;
  private selDepth = 0;
  /** Set once the search must stop (the limits reached or the stop flag set). */
  aborted = false;
  private readonly progress = new ProgressReport();

  constructor(options: Partial<SearchOptions> = {}, threading: Threading = {}) {
    this.options = { ...DEFAULT_OPTIONS, ...options };
    this.threading = threading;
    this.limits = new SearchLimits(threading.nodeCounter);
    if (threading.sharedTable) {
      this.tt = new TranspositionTable(1);
      this.tt.attach(threading.sharedTable);
      this.helpers = undefined;
    } else {
      this.tt = new TranspositionTable(this.options.hashMB, this.options.threads > 1);
      this.helpers = new HelperPool(threading.helperFile);
    }
  }

  setOptions(options: Partial<SearchOptions>): void {
    const old = this.options;
    this.options = { ...this.options, ...options };
    if (!this.helpers) return;
    if (this.options.hashMB !== old.hashMB || this.options.threads > 1 !== old.threads > 1) {
      this.tt.resize(this.options.hashMB, this.options.threads > 1);
      this.stopHelpers();
    } else if (this.options.threads !== old.threads) {
      this.stopHelpers();
    }
  }

  newGame(): void {
    this.tt.clear();
    this.history.clear();
  }

  /** Whether the hash table still has memory to map or a clear to finish (see prepareTableSlice). */
  get tablePending(): boolean {
    return this.tt.pending;
  }

  /** Readies the next slice of the hash table (a few ms to tens of ms); false once it is all ready. */
  prepareTableSlice(): boolean {
    return this.tt.prepareSlice();
  }

  /** Evaluation weights other than weights.ts's (for tuning matches); undefined restores those. */
  useWeights(weights: readonly number[] | undefined): void {
    this.customWeights = weights;
    this.evaluator = undefined;
  }

  /** Ends the helper threads (they are started again by the next search that wants them). */
  stopHelpers(): void {
    this.helpers?.terminate();
  }

  /** Synchronous; polls stop[0] !== 0 and returns soon after it is set. */
  search(position: Position, limits: GoLimits, stop: Int32Array, onInfo: (info: SearchInfo) => void): { best: number[] | null } {
    this.tt.newSearch();
    this.helpers?.start(this.options.threads - 1, this.tt.sharedBuffer, position, this.tt.generation, this.options.evalNet);
    try {
      return this.iterate(position, limits, stop, onInfo);
    } finally {
      this.helpers?.stop();
    }
  }

  /**
   * A Lazy SMP helper's search: until `stop`, on the shared table, with its own depth order; each
   * completed iteration is published for the main thread (helperPool.ts).
   */
  helperSearch(position: Position, tableAge: number, channel: HelperChannel): void {
    this.tt.generation = tableAge;
    const rootMoves = this.prepare(position, { infinite: true }, channel.stop, undefined);
    if (rootMoves.length === 0) return;
    // Every other helper starts a depth ahead of the main thread, then each goes at its own pace.
    const first = 1 + (((this.threading.helperIndex ?? 0) + 1) & 1);
    for (let depth = first; depth <= MAX_DEPTH; depth++) {
      for (const rm of rootMoves) rm.previousScore = rm.score;
      this.selDepth = 0;
      this.aspiration(depth, 0, rootMoves, ignoreInfo);
      if (this.aborted) break;
      sortFrom(rootMoves, 0);
      publishIteration(channel, depth, rootMoves[0].score, rootMoves[0].pv);
    }
  }

  /** Readies the search of `position` (the searcher's state, the limits); the root steps, best-looking first. */
  private prepare(position: Position, limits: GoLimits, stop: Int32Array, onCheck: (() => void) | undefined): RootMove[] {
    // The searcher's own WebAssembly memory holds the position it searches.
    const pos = this.arena !== null ? this.arena.place(position, this) : position.clone();
    this.pos = pos;
    this.limits.start(limits, pos.side, this.options.moveOverheadMs, stop, onCheck);
    this.nodes = 0;
    this.aborted = false;
    if (!this.evaluator || this.evaluator.rules !== pos.rules) {
      this.evaluator = new Evaluator(pos, this.customWeights);
      this.scorer.useWeights(this.evaluator.weights);
    }
    this.evaluator.startSearch(pos, this.arena);
    this.escapeFlag = this.evaluator.escapeFlag;
    const net = this.options.evalNet;
    if (!net || !netFits(net, pos.rules)) this.nnue = undefined;
    else if (this.nnue?.net !== net || this.nnue.cells !== pos.geo.cells) this.nnue = new NnueEvaluator(net, pos);
    this.scorer.prepare(pos, this.escapeFlag);
    if (!this.captureGenerator || this.captureGenerator.cells !== pos.geo.cells)
      this.captureGenerator = new CaptureGenerator(pos.geo.cells, this.arena);
    this.quiescence.prepare(pos, this.escapeFlag, this.captureGenerator, this.tt);
    this.drawByRepetition = pos.rules.repetition === 'draw';
    this.history.fitBoard(pos.geo.cells);
    this.history.age();

    const rootMoves = this.rootMoves(limits.searchmoves);
    this.turnEval.fill(NO_EVAL);
    if (rootMoves.length > 0 && pos.berserker === NO_SQUARE) this.turnEval[0] = this.staticEval();
    return rootMoves;
  }

  private iterate(position: Position, limits: GoLimits, stop: Int32Array, onInfo: (info: SearchInfo) => void): { best: number[] | null } {
    this.progress.reset();
    const analysing = limits.infinite === true || limits.ponder === true;
    const rootMoves = this.prepare(position, limits, stop, analysing ? () => this.reportProgress(onInfo) : undefined);
    if (rootMoves.length === 0) return { best: null };
    const pos = this.pos;

    const skill = Math.max(0, Math.min(MAX_SKILL_LEVEL, Math.round(this.options.skillLevel)));
    const weakened = skill < MAX_SKILL_LEVEL;
    let maxDepth = Math.min(MAX_DEPTH, limits.depth !== undefined && limits.depth > 0 ? limits.depth : MAX_DEPTH);
    if (weakened) maxDepth = Math.min(maxDepth, 1 + (skill >> 1));
    const reportedPVs = Math.max(1, Math.min(this.options.multiPV, rootMoves.length));
    // A weakened search keeps a few candidate lines to choose from.
    const multiPV = weakened ? Math.max(reportedPVs, Math.min(SKILL_CANDIDATES, rootMoves.length)) : reportedPVs;
    let bestPV: number[] = [rootMoves[0].step];
    let completedDepth = 0;
    for (let depth = 1; depth <= maxDepth; depth++) {
      for (const rm of rootMoves) rm.previousScore = rm.score;
      for (let pvIndex = 0; pvIndex < multiPV; pvIndex++) {
        this.selDepth = 0;
        this.aspiration(depth, pvIndex, rootMoves, onInfo);
        if (this.aborted) break;
        sortFrom(rootMoves, pvIndex);
      }
      if (this.aborted) {
        // A move of the unfinished iteration that beat the previous best is worth playing; cut short
        // in the first iteration, the best move searched so far (or the best-ordered one) is.
        // Its line is reported (a lower bound: the other steps were not all searched), so that the last
        // line a GUI shows is the one played.
        sortFrom(rootMoves, 0);
        if (rootMoves[0].score > rootMoves[0].previousScore && rootMoves[0].score > -INFINITE) {
          bestPV = rootMoves[0].pv;
          onInfo(this.info(depth, 0, rootMoves[0], 'lower'));
        }
        break;
      }
      sortFrom(rootMoves, 0);
      bestPV = rootMoves[0].pv;
      completedDepth = depth;
      for (let k = 0; k < reportedPVs; k++) {
        const line = this.info(depth, k, rootMoves[k], undefined);
        this.progress.record(k, line);
        onInfo(line);
      }
      if (this.limits.iterationEnds(depth, rootMoves[0].step, rootMoves[0].score, this.nodes)) break;
    }
    if (weakened) bestPV = pickWeakened(rootMoves, multiPV, skill);
    this.limits.awaitStop();
    if (!weakened && multiPV === 1 && !limits.searchmoves?.length) {
      const deeper = this.helperIteration(completedDepth, maxDepth);
      if (deeper) {
        bestPV = deeper.line;
        const line: RootMove = { step: deeper.line[0], score: deeper.score, previousScore: deeper.score, pv: deeper.line, selDepth: 0 };
        onInfo(this.info(deeper.depth, 0, line, undefined));
      }
    }
    return { best: wholeTurns(pos, bestPV)[0] ?? null };
  }

  /**
   * Stops the helpers; the deepest iteration one of them completed, if deeper than the main thread's
   * `completedDepth` (and within `maxDepth`: a `go depth` search answers from its depth).
   */
  private helperIteration(completedDepth: number, maxDepth: number): HelperIteration | undefined {
    if (!this.helpers || this.helpers.count === 0) return undefined;
    this.helpers.stop();
    const deeper = this.helpers.deepestIteration();
    if (!deeper || deeper.depth <= completedDepth || deeper.depth > maxDepth || deeper.line.length === 0) return undefined;
    return deeper;
  }

  /** The root steps (those starting a `searchmoves` turn, if given), best-looking first. */
  private rootMoves(searchmoves: number[][] | undefined): RootMove[] {
    const pos = this.pos;
    const n = generateSteps(pos, this.steps, 0);
    this.stackBase[1] = n;
    const ttStep = this.tt.probe(pos.hashLo, pos.hashHi) ? this.tt.hitStep : -1;
    this.scorer.scoreSteps(0, n, ttStep, 0, false);
    const order = this.scorer.order;
    const moves: (RootMove & { order: number })[] = [];
    for (let i = 0; i < n; i++) {
      const step = this.steps[i];
      if (searchmoves && searchmoves.length > 0 && !searchmoves.some((turn) => turn[0] === step)) continue;
      moves.push({ step, score: -INFINITE, previousScore: -INFINITE, pv: [step], selDepth: 0, order: order[i] });
    }
    return moves.sort((a, b) => b.order - a.order);
  }

  /** One principal variation of one iteration, with a window around the previous score. */
  private aspiration(depth: number, pvIndex: number, rootMoves: RootMove[], onInfo: (info: SearchInfo) => void): void {
    const previous = rootMoves[pvIndex].previousScore;
    let delta = 25;
    let alpha = -INFINITE;
    let beta = INFINITE;
    if (depth >= 4 && !isMateScore(previous) && previous > -INFINITE) {
      alpha = Math.max(previous - delta, -INFINITE);
      beta = Math.min(previous + delta, INFINITE);
    }
    for (;;) {
      const score = this.searchRoot(depth, alpha, beta, pvIndex, rootMoves);
      if (this.aborted) return;
      if (score <= alpha) {
        beta = (alpha + beta) >> 1;
        alpha = Math.max(score - delta, -INFINITE);
        sortFrom(rootMoves, pvIndex);
        onInfo(this.info(depth, pvIndex, rootMoves[pvIndex], 'upper'));
      } else if (score >= beta) {
        beta = Math.min(score + delta, INFINITE);
        sortFrom(rootMoves, pvIndex);
        onInfo(this.info(depth, pvIndex, rootMoves[pvIndex], 'lower'));
      } else {
        return;
      }
      delta += delta;
    }
  }

  private searchRoot(depth: number, alpha: number, beta: number, pvIndex: number, rootMoves: RootMove[]): number {
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
    const openLines = pos.berserker === NO_SQUARE && pos.kingSq !== NO_SQUARE ? kingOpenLines(pos, this.escapeFlag) : 0;
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

  /** The last completed iteration's lines again, with the counts of now (an analysis, see ProgressReport). */
  private reportProgress(onInfo: (info: SearchInfo) => void): void {
    if (this.progress.due(Math.round(this.limits.elapsed()))) this.progress.repeat(this.counts(), onInfo);
  }

  private info(depth: number, pvIndex: number, rm: RootMove, bound: 'lower' | 'upper' | undefined): SearchInfo {
    return lineInfo(this.pos, depth, pvIndex, rm, bound, this.counts());
  }

  private counts(): SearchCounts {
    const nodes = this.nodes + (this.helpers?.nodes() ?? 0);
    return { nodes, timeMs: Math.round(this.limits.elapsed()), hashfull: this.tt.hashfull() };
  }
}

function ignoreInfo(): void {}
