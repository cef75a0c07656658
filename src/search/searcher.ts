// The alpha-beta search over steps. A node is a position; its children are the legal steps. A berserk
// continuation keeps the side to move, so its child is searched at the same depth and window without
// negation; a step that ends the turn hands the move over (negamax, one turn of depth less).
// Depth counts whole turns; forced results count turn ends (score.ts). Hot code: typed arrays,
// one step buffer shared by all plies (each ply writes after its parent's steps), no allocation per node.

import {
  ATT_COMMANDER, ATT_KNIGHT, ATT_MAN, ATTACKERS, DEF_COMMANDER, DEF_KNIGHT, DEF_MAN, DEFENDERS, DRAW, EMPTY, END_RUN,
  generateSteps, KING, NO_SQUARE, NO_WINNER, SIDE_MASK, SQ_CORNER, stepCaptures, stepMayCapture, TYPE_MASK, type Position, type Side,
} from '../engine/index.js';
import { CaptureGenerator, mayCaptureAt } from './captures.js';
import { HelperPool } from './helperPool.js';
import { Evaluator, kingOpenLines, openLine } from './evaluate.js';
import {
  CHECK_INTERVAL, DELTA_MARGIN, MAX_EXTENSIONS, FALLING_SCORE_MARGIN, FUTILITY_DEPTH, FUTILITY_MARGIN, HISTORY_MAX, LMP_BASE, LMP_DEPTH, LMP_SCALE, MAX_DEPTH, MAX_PLY,
  NEXT_ITERATION_SHARE, ORDER_CAPTURE, ORDER_ESCAPE, ORDER_KILLER, ORDER_TT, QUIET_UNSCORED, SELECTION_STEPS,
  SKILL_CANDIDATES, STEP_STACK, THREAT_PLIES, UNSTABLE_TIME_FACTOR,
} from './params.js';
import { INFINITE, isMateScore, MATE, MATE_BOUND, mateInTurns, scoreFromTT, scoreToTT } from './score.js';
import { timeBudget } from './timeManager.js';
import { BOUND_EXACT, BOUND_LOWER, BOUND_UPPER, TranspositionTable } from './tt.js';
import { DEFAULT_OPTIONS, MAX_SKILL_LEVEL, type GoLimits, type SearchInfo, type SearchOptions, type SearchScore } from './types.js';
import { F_ATTACKER_MEN, F_ATTACKER_SPECIALS, F_DEFENDER_MEN, F_DEFENDER_SPECIALS } from './weights.js';

/** Capture ordering by piece code: men 1, knights and commanders 2, the king 4. */
const VICTIM_VALUE = Uint8Array.from({ length: 17 }, (_, code) => {
  const type = code & TYPE_MASK;
  return code === 0 || code === 16 ? 0 : type === 0 ? 1 : type === 4 ? 4 : 2;
});

/** How a Searcher takes part in a multi-threaded search (Lazy SMP, helperPool.ts). */
export interface Threading {
  /** A helper thread's searcher: the main thread's table, attached instead of its own. */
  sharedTable?: SharedArrayBuffer;
  helperIndex?: number;
  /** A helper publishes its node count here. */
  nodeCounter?: Int32Array;
  /** The bundled helper thread script (default: search-helper.js next to the running bundle). */
  helperFile?: string | URL;
}

interface RootMove {
  step: number;
  score: number;
  previousScore: number;
  /** Steps of the principal variation starting with `step`. */
  pv: number[];
  selDepth: number;
}

export class Searcher {
  private options: SearchOptions = { ...DEFAULT_OPTIONS };
  private readonly tt: TranspositionTable;
  private readonly steps = new Int32Array(STEP_STACK);
  private readonly order = new Int32Array(STEP_STACK);
  private readonly killers = new Int32Array(MAX_PLY * 2);
  /** History of quiet steps by side, from and to square: side * cells² + from * cells + to (sized to the board, to stay in cache). */
  private history = new Int32Array(0);
  private historyCells = 0;
  private readonly pvTable = new Int32Array(MAX_PLY * MAX_PLY);
  private readonly pvLength = new Int32Array(MAX_PLY);
  /** 1 at the ply just after a null move: no second null move in a row. */
  private readonly afterNull = new Int32Array(MAX_PLY + 1);
  /** Open-line extensions made on the path to each ply (at most MAX_EXTENSIONS). */
  private readonly pathExtensions = new Int32Array(MAX_PLY + 1);

  private readonly threading: Threading;
  private helpers: HelperPool | undefined;
  private pos!: Position;
  private evaluator: Evaluator | undefined;
  private customWeights: readonly number[] | undefined;
  /** Per piece code: what capturing it is worth to the evaluation (the king: a win). */
  private victimWeights: Int32Array = new Int32Array(17);
  private captureGenerator: CaptureGenerator | undefined;
  private escapeFlag = SQ_CORNER;
  private drawByRepetition = false;
  private lineStamp = new Int32Array(0);
  private lineStampCounter = 0;
  private nodes = 0;
  private selDepth = 0;
  private stop: Int32Array = new Int32Array(1);
  private aborted = false;
  private limitsActive = false;
  private startTime = 0;
  /** When the clock of the limits started: the start, or a ponder search's ponderhit. */
  private clockStart = 0;
  /** A ponder search before its ponderhit: no limit counts (stop[1] is set until the ponderhit). */
  private pondering = false;
  private maximumTime = Infinity;
  private nodeLimit = Infinity;
  private nextCheck = 0;

  constructor(options: Partial<SearchOptions> = {}, threading: Threading = {}) {
    this.options = { ...DEFAULT_OPTIONS, ...options };
    this.threading = threading;
    if (threading.sharedTable) {
      this.tt = new TranspositionTable(1);
      this.tt.attach(threading.sharedTable);
    } else {
      this.tt = new TranspositionTable(this.options.hashMB, this.options.threads > 1);
    }
  }

  setOptions(options: Partial<SearchOptions>): void {
    const old = this.options;
    this.options = { ...this.options, ...options };
    if (this.threading.sharedTable) return;
    if (this.options.hashMB !== old.hashMB || (this.options.threads > 1) !== (old.threads > 1)) {
      this.tt.resize(this.options.hashMB, this.options.threads > 1);
      this.stopHelpers();
    } else if (this.options.threads !== old.threads) {
      this.stopHelpers();
    }
  }

  newGame(): void {
    this.tt.clear();
    this.history.fill(0);
    this.killers.fill(0);
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
    this.helpers = undefined;
  }

  /** Synchronous; polls stop[0] !== 0 and returns soon after it is set. */
  search(position: Position, limits: GoLimits, stop: Int32Array, onInfo: (info: SearchInfo) => void): { best: number[] | null } {
    this.tt.newSearch();
    const helpers = this.startHelpers(position);
    try {
      return this.iterate(position, limits, stop, onInfo, 0);
    } finally {
      helpers?.stop();
    }
  }

  /** A Lazy SMP helper's search: until `stop`, on the shared table, with its own depth order. */
  helperSearch(position: Position, stop: Int32Array, tableAge: number): void {
    this.tt.generation = tableAge;
    const index = this.threading.helperIndex ?? 0;
    this.iterate(position, { infinite: true }, stop, () => undefined, (index + 1) & 1);
  }

  private startHelpers(position: Position): HelperPool | undefined {
    const count = this.options.threads - 1;
    const table = this.tt.sharedBuffer;
    if (count < 1 || !table || this.threading.sharedTable) return undefined;
    if (!this.helpers || this.helpers.count !== count) {
      this.helpers?.terminate();
      this.helpers = new HelperPool(count, table, this.threading.helperFile ?? new URL('./search-helper.js', import.meta.url));
    }
    this.helpers.start(position, this.tt.generation);
    return this.helpers;
  }

  private iterate(position: Position, limits: GoLimits, stop: Int32Array, onInfo: (info: SearchInfo) => void, depthOffset: number): { best: number[] | null } {
    const pos = position.clone();
    this.pos = pos;
    this.stop = stop;
    this.startTime = limits.startTime !== undefined ? limits.startTime - performance.timeOrigin : performance.now();
    this.clockStart = this.startTime;
    this.pondering = limits.ponder === true && stop.length > 1 && Atomics.load(stop, 1) !== 0;
    this.nodes = 0;
    this.aborted = false;
    this.limitsActive = false;
    this.nextCheck = CHECK_INTERVAL;
    this.nodeLimit = limits.nodes !== undefined && limits.nodes > 0 ? limits.nodes : Infinity;
    const budget = timeBudget(limits, pos.side, this.options.moveOverheadMs);
    this.maximumTime = budget.maximum;
    if (!this.evaluator || this.evaluator.rules !== pos.rules) {
      this.evaluator = new Evaluator(pos, this.customWeights);
      this.victimWeights = victimWeightsOf(this.evaluator.weights);
    }
    this.escapeFlag = this.evaluator.escapeFlag;
    if (this.lineStamp.length !== pos.geo.cells) this.lineStamp = new Int32Array(pos.geo.cells);
    if (!this.captureGenerator || this.captureGenerator.cells !== pos.geo.cells) this.captureGenerator = new CaptureGenerator(pos.geo.cells);
    this.drawByRepetition = pos.rules.repetition === 'draw';
    if (this.historyCells !== pos.geo.cells) {
      this.historyCells = pos.geo.cells;
      this.history = new Int32Array(2 * this.historyCells * this.historyCells);
    }
    for (let i = 0; i < this.history.length; i++) this.history[i] >>= 3;
    this.killers.fill(0);

    const rootMoves = this.rootMoves(limits.searchmoves);
    if (rootMoves.length === 0) return { best: null };

    const skill = Math.max(0, Math.min(MAX_SKILL_LEVEL, Math.round(this.options.skillLevel)));
    const weakened = skill < MAX_SKILL_LEVEL && depthOffset === 0;
    let maxDepth = Math.min(MAX_DEPTH, limits.depth !== undefined && limits.depth > 0 ? limits.depth : MAX_DEPTH);
    if (weakened) maxDepth = Math.min(maxDepth, 1 + (skill >> 1));
    const reportedPVs = Math.max(1, Math.min(this.options.multiPV, rootMoves.length));
    // A weakened search keeps a few candidate lines to choose from.
    const multiPV = weakened ? Math.max(reportedPVs, Math.min(SKILL_CANDIDATES, rootMoves.length)) : reportedPVs;
    let bestPV: number[] = [rootMoves[0].step];
    let previousBestStep = -1;
    let previousBestScore = 0;
    for (let depth = 1 + depthOffset; depth <= maxDepth; depth++) {
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
      for (let k = 0; k < reportedPVs; k++) onInfo(this.info(depth, k, rootMoves[k], undefined));
      this.limitsActive = true;
      const best = rootMoves[0].score;
      if (limits.mate !== undefined && limits.mate > 0 && best > MATE_BOUND && mateInTurns(best) <= limits.mate) break;
      if (!limits.infinite && isMateScore(best) && depth >= 2 * Math.abs(mateInTurns(best)) + 1) break;
      // The next iteration would take a few times as long as all before it: start it only early on,
      // a little later when the best step just changed or its score fell (the search is unsure).
      // (A fixed movetime is used whole: the unfinished iteration's best move still counts.)
      let share = NEXT_ITERATION_SHARE;
      if (limits.movetime === undefined && depth >= 4) {
        if (rootMoves[0].step !== previousBestStep) share *= UNSTABLE_TIME_FACTOR;
        if (best < previousBestScore - FALLING_SCORE_MARGIN) share *= UNSTABLE_TIME_FACTOR;
      }
      previousBestStep = rootMoves[0].step;
      previousBestScore = best;
      if (this.stillPondering()) continue;
      const limit = limits.movetime !== undefined ? budget.optimum : Math.min(budget.optimum * share, budget.maximum * NEXT_ITERATION_SHARE);
      if (this.clock() > limit) break;
      if (this.nodes >= this.nodeLimit) break;
    }
    if (weakened) bestPV = pickWeakened(rootMoves, multiPV, skill);
    // `go infinite` gives its answer only when stopped, a ponder search not before its ponderhit.
    if ((limits.infinite || this.pondering) && stop.buffer instanceof SharedArrayBuffer) {
      // (Short waits: whoever sets the flag need not notify.)
      while (Atomics.load(stop, 0) === 0 && (limits.infinite || this.stillPondering())) Atomics.wait(stop, 0, 0, 10);
    }
    return { best: this.wholeTurns(bestPV)[0] ?? null };
  }

  private elapsed(): number {
    return performance.now() - this.startTime;
  }

  private clock(): number {
    return performance.now() - this.clockStart;
  }

  /** Whether the search still ponders; at the ponderhit, the clock starts. */
  private stillPondering(): boolean {
    if (!this.pondering) return false;
    if (Atomics.load(this.stop, 1) !== 0) return true;
    this.pondering = false;
    this.clockStart = performance.now();
    return false;
  }

  /** The root steps (those starting a `searchmoves` turn, if given), best-looking first. */
  private rootMoves(searchmoves: number[][] | undefined): RootMove[] {
    const pos = this.pos;
    const n = generateSteps(pos, this.steps, 0);
    this.stackBase[1] = n;
    const ttStep = this.tt.probe(pos.hashLo, pos.hashHi) ? this.tt.hitStep : -1;
    this.orderSteps(0, n, ttStep, 0, false);
    const moves: (RootMove & { order: number })[] = [];
    for (let i = 0; i < n; i++) {
      const step = this.steps[i];
      if (searchmoves && searchmoves.length > 0 && !searchmoves.some((turn) => turn[0] === step)) continue;
      moves.push({ step, score: -INFINITE, previousScore: -INFINITE, pv: [step], selDepth: 0, order: this.order[i] });
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
        rm.pv = [rm.step];
        for (let k = 1; k < this.pvLength[1]; k++) rm.pv.push(this.pvTable[MAX_PLY + k]);
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

  /** The score of the child just made, from this node's side's view. */
  private child(sameSide: boolean, depth: number, alpha: number, beta: number, ply: number, turnPly: number): number {
    if (sameSide) return this.negamax(depth, alpha, beta, ply, turnPly, this.stackTop(ply));
    return -this.negamax(depth - 1, -beta, -alpha, ply, turnPly + 1, this.stackTop(ply));
  }

  /** Where ply `ply` writes its steps: after its parent's (kept in stackBase). */
  private readonly stackBase = new Int32Array(MAX_PLY + 1);
  private stackTop(ply: number): number {
    return this.stackBase[ply];
  }

  private checkLimits(): void {
    if (this.threading.nodeCounter) Atomics.store(this.threading.nodeCounter, 0, this.nodes);
    if (this.stop[0] !== 0) {
      this.aborted = true;
      return;
    }
    // The clock always counts; a node limit only once the first iteration has given a move.
    if (this.stillPondering()) return;
    if (this.clock() >= this.maximumTime || (this.limitsActive && this.nodes >= this.nodeLimit)) this.aborted = true;
  }

  /** Counts a node at `ply` and looks at the limits now and then; false once the search must stop. */
  private visit(ply: number): boolean {
    if (++this.nodes >= this.nextCheck || this.nodes >= this.nodeLimit) {
      this.nextCheck = this.nodes + CHECK_INTERVAL;
      this.checkLimits();
    }
    if (ply > this.selDepth) this.selDepth = ply;
    return !this.aborted;
  }

  private terminalScore(turnPly: number): number {
    const winner = this.pos.winner;
    if (winner === DRAW) return 0;
    return winner === this.pos.side ? MATE - turnPly : -(MATE - turnPly);
  }

  private negamax(depth: number, alpha: number, beta: number, ply: number, turnPly: number, sp: number): number {
    const pos = this.pos;
    this.pvLength[ply] = ply;
    if (pos.winner !== NO_WINNER) return this.terminalScore(turnPly);
    if (depth <= 0) return this.quiesce(alpha, beta, ply, turnPly, sp, 0);
    if (!this.visit(ply)) return 0;
    if (ply >= MAX_PLY - 2) return this.evaluator!.evaluate(pos);
    if (this.drawByRepetition && pos.berserker === NO_SQUARE && repeatsEarlier(pos)) return 0;

    // Mate distance: nothing here beats winning at the end of this turn or loses faster than now.
    if (alpha < -(MATE - turnPly)) alpha = -(MATE - turnPly);
    if (beta > MATE - turnPly - 1) beta = MATE - turnPly - 1;
    if (alpha >= beta) return alpha;

    // The king has an open line to an escape square: the attackers must answer now or lose next
    // turn, a forcing node like a check in chess. Searching it a turn deeper lets both sides see
    // the escape threats (and forks of two lines) that decide most games.
    const openLines = pos.berserker === NO_SQUARE && pos.kingSq !== NO_SQUARE ? kingOpenLines(pos, this.escapeFlag) : 0;
    let extensions = ply > 0 ? this.pathExtensions[ply - 1] : 0;
    if (ply < MAX_PLY / 2 && extensions < MAX_EXTENSIONS && pos.berserker === NO_SQUARE && pos.kingSq !== NO_SQUARE
      && (pos.side === ATTACKERS ? openLines > 0 : this.captureGenerator!.kingInDanger(pos))) {
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
    const quietNode = !pvNode && pos.berserker === NO_SQUARE && !isMateScore(beta) && !isMateScore(alpha)
      && openLines === 0;
    const staticEval = quietNode ? this.staticEval() : 0;
    // Reverse futility: far enough above beta that one turn of the opponent's will not bring it back.
    if (quietNode && depth <= FUTILITY_DEPTH && staticEval - FUTILITY_MARGIN * depth >= beta) return staticEval;
    // Futility: close to the horizon and far below alpha, only tactical steps can help.
    const futile = quietNode && depth <= FUTILITY_DEPTH && staticEval + FUTILITY_MARGIN * depth <= alpha;
    // Late move pruning: two or three turns from the horizon, quiet steps this late in the order rarely
    // matter. (One turn from it too measured no stronger: those steps lead to cheap quiescence nodes.)
    // STEP_STACK: no pruning, no node has that many steps.
    const lateQuiets = quietNode && depth >= 2 && depth <= LMP_DEPTH ? LMP_BASE + LMP_SCALE * depth * depth : STEP_STACK;

    // Null move: if passing (END_RUN outside a run ends the turn without a step) still fails high,
    // a real step will too. Tafl has little zugzwang; never mid-run, where passing is a real step.
    if (quietNode && depth >= 3 && this.afterNull[ply] === 0 && staticEval >= beta) {
      pos.makeStep(END_RUN);
      if (pos.winner === NO_WINNER) {
        const reduction = 3 + (depth >> 2);
        this.afterNull[ply + 1] = 1;
        const score = -this.negamax(depth - 1 - reduction, -beta, -beta + 1, ply + 1, turnPly + 1, sp);
        this.afterNull[ply + 1] = 0;
        pos.unmakeStep();
        if (this.aborted) return 0;
        if (score >= beta) return score;
      } else {
        pos.unmakeStep();
      }
    }

    const steps = this.steps;
    const n = generateSteps(pos, steps, sp);
    if (n === 0) return -(MATE - turnPly);
    const end = sp + n;
    this.stackBase[ply + 1] = end;
    // The hash step goes first, alone: when it cuts off (as it mostly does), ordering the others is
    // saved. One turn from the horizon nothing below changes the history, so it is looked up only
    // when the search gets to the quiet steps (most nodes are cut off before).
    const lazyHistory = depth === 1;
    let ordered = !this.hashStepFirst(sp, end, ttStep);
    if (ordered) this.orderSteps(sp, end, -1, ply, lazyHistory);

    const side = pos.side;
    const alphaStart = alpha;
    let best = -INFINITE;
    let bestStep = 0;
    const order = this.order;
    for (let i = sp; i < end; i++) {
      if (!ordered && i > sp) {
        this.orderSteps(i, end, -1, ply, lazyHistory);
        ordered = true;
      }
      // Most cut-offs come early; past the first steps, generation order is good enough and cheaper.
      if (ordered && i - sp < SELECTION_STEPS) {
        pickBest(steps, order, i, end);
        // Only quiet steps are left: now their history decides (unless futility skips them all).
        if (order[i] === QUIET_UNSCORED && !(futile && i > sp)) {
          this.scoreQuiets(i, end);
          pickBest(steps, order, i, end);
        }
      }
      const step = steps[i];
      if (futile && i > sp && order[i] < ORDER_KILLER) {
        if (staticEval > best) best = staticEval;
        continue;
      }
      if (i - sp >= lateQuiets && order[i] < ORDER_KILLER && best > -INFINITE) continue;
      pos.makeStep(step);
      const sameSide = pos.side === side;
      let score: number;
      if (i === sp) {
        score = this.child(sameSide, depth, alpha, beta, ply + 1, turnPly);
      } else {
        // Late quiet steps that end the turn: first a reduced null-window look.
        const moveNumber = i - sp;
        let reduction = 0;
        if (depth >= 3 && !sameSide && moveNumber >= 3 && order[i] < ORDER_KILLER && pos.winner === NO_WINNER) {
          reduction = moveNumber >= 12 ? 2 : 1;
          if (!pvNode && depth >= 6) reduction++;
          if (reduction > depth - 2) reduction = depth - 2;
        }
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
          this.updatePV(ply, step);
          if (score >= beta) {
            if (order[i] < ORDER_KILLER && step !== END_RUN) this.rewardQuiet(side, step, ply, depth, sp, i);
            break;
          }
        }
      }
    }
    const bound = best >= beta ? BOUND_LOWER : best > alphaStart ? BOUND_EXACT : BOUND_UPPER;
    tt.store(pos.hashLo, pos.hashHi, bestStep, scoreToTT(best, turnPly), depth, bound);
    return best;
  }

  /**
   * The evaluation of the current position. (A cache keyed by the hash was tried: its lookups, mostly
   * misses in memory, cost more than the quarter of evaluations it saved.)
   */
  private staticEval(): number {
    return this.evaluator!.evaluate(this.pos);
  }

  private updatePV(ply: number, step: number): void {
    const pv = this.pvTable;
    const row = ply * MAX_PLY;
    const childRow = row + MAX_PLY;
    pv[row + ply] = step;
    const childLength = this.pvLength[ply + 1];
    for (let k = ply + 1; k < childLength; k++) pv[row + k] = pv[childRow + k];
    this.pvLength[ply] = Math.max(childLength, ply + 1);
  }

  /** A quiet step caused a cut-off: it becomes a killer and gains history; the quiet steps tried before it lose some. */
  private rewardQuiet(side: Side, step: number, ply: number, depth: number, first: number, index: number): void {
    const k = ply * 2;
    if (this.killers[k] !== step) {
      this.killers[k + 1] = this.killers[k];
      this.killers[k] = step;
    }
    const history = this.history;
    const bonus = depth * depth;
    const cells = this.historyCells;
    const base = side * cells * cells;
    const slot = base + (step & 511) * cells + (step >>> 9);
    const value = history[slot] + bonus;
    history[slot] = value > HISTORY_MAX ? HISTORY_MAX : value;
    for (let j = first; j < index; j++) {
      const tried = this.steps[j];
      if (this.order[j] >= ORDER_KILLER || tried === END_RUN) continue;
      const triedIndex = base + (tried & 511) * cells + (tried >>> 9);
      const lowered = history[triedIndex] - bonus;
      history[triedIndex] = lowered < -HISTORY_MAX ? -HISTORY_MAX : lowered;
    }
  }

  /**
   * Gives every step from..end an ordering value in `order`; with `lazyHistory`, quiet steps get
   * QUIET_UNSCORED and their history later (scoreQuiets), if the search gets to them.
   */
  private orderSteps(from: number, end: number, ttStep: number, ply: number, lazyHistory: boolean): void {
    const pos = this.pos;
    const board = pos.board;
    const flags = pos.geo.flags;
    const dirs = pos.geo.dirs;
    const steps = this.steps;
    const order = this.order;
    const escapeFlag = this.escapeFlag;
    const myBit = pos.side + 1;
    const enemyBit = myBit ^ SIDE_MASK;
    const killer1 = this.killers[ply * 2];
    const killer2 = this.killers[ply * 2 + 1];
    const cells = this.historyCells;
    const historyBase = pos.side * cells * cells;
    const king = pos.kingSq;
    // Attackers: the squares of the king's open lines, where a step blocks an escape.
    const blockMark = pos.side === ATTACKERS && king !== NO_SQUARE ? this.markOpenLines(king) : 0;
    for (let i = from; i < end; i++) {
      const step = steps[i];
      if (step === ttStep) {
        order[i] = ORDER_TT;
        continue;
      }
      if (step === END_RUN) {
        order[i] = ORDER_KILLER - 1;
        continue;
      }
      const stepFrom = step & 511;
      const to = step >>> 9;
      if (stepFrom === king) {
        if ((flags[to] & escapeFlag) !== 0) {
          order[i] = ORDER_ESCAPE;
          continue;
        }
        // A king step that opens lines to escape squares threatens to win next turn.
        board[king] = EMPTY;
        let lines = 0;
        for (let j = 0; j < 4; j++) if (openLine(board, flags, to, dirs[j], escapeFlag)) lines++;
        board[king] = KING;
        if (lines > 0) {
          order[i] = ORDER_CAPTURE + 64 + lines;
          continue;
        }
      }
      if (((board[to + dirs[0]] | board[to + dirs[1]] | board[to + dirs[2]] | board[to + dirs[3]]) & enemyBit) !== 0
        && mayCaptureAt(pos, to, myBit) && stepCaptures(pos, stepFrom, to)) {
        // Most valuable victim (judged by the enemies next to the landing square) first.
        let victim = 0;
        for (let j = 0; j < 4; j++) {
          const piece = board[to + dirs[j]];
          if ((piece & enemyBit) !== 0 && VICTIM_VALUE[piece] > victim) victim = VICTIM_VALUE[piece];
        }
        order[i] = ORDER_CAPTURE + 32 + victim;
        continue;
      }
      if (blockMark !== 0 && this.lineStamp[to] === blockMark) order[i] = ORDER_CAPTURE + 96;
      else if (step === killer1) order[i] = ORDER_KILLER + 1;
      else if (step === killer2) order[i] = ORDER_KILLER;
      else order[i] = lazyHistory ? QUIET_UNSCORED : this.history[historyBase + stepFrom * cells + to];
    }
  }

  /** Moves the hash step, if it is among from..end, to `from` (order ORDER_TT); false if it is not. */
  private hashStepFirst(from: number, end: number, ttStep: number): boolean {
    if (ttStep < 0) return false;
    const steps = this.steps;
    for (let i = from; i < end; i++) {
      if (steps[i] !== ttStep) continue;
      steps[i] = steps[from];
      steps[from] = ttStep;
      this.order[from] = ORDER_TT;
      return true;
    }
    return false;
  }

  /** Gives the quiet steps of from..end still unscored their history values. */
  private scoreQuiets(from: number, end: number): void {
    const steps = this.steps;
    const order = this.order;
    const history = this.history;
    const cells = this.historyCells;
    const historyBase = this.pos.side * cells * cells;
    for (let i = from; i < end; i++) {
      if (order[i] !== QUIET_UNSCORED) continue;
      const step = steps[i];
      order[i] = history[historyBase + (step & 511) * cells + (step >>> 9)];
    }
  }

  /** Stamps the squares of the king's open lines; returns the stamp, or 0 when no line is open. */
  private markOpenLines(king: number): number {
    const pos = this.pos;
    const board = pos.board;
    const flags = pos.geo.flags;
    const dirs = pos.geo.dirs;
    let mark = 0;
    for (let j = 0; j < 4; j++) {
      const d = dirs[j];
      if (!openLine(board, flags, king, d, this.escapeFlag)) continue;
      if (mark === 0) mark = this.nextLineStamp();
      for (let sq = king + d; (flags[sq] & this.escapeFlag) === 0; sq += d) this.lineStamp[sq] = mark;
    }
    return mark;
  }

  private nextLineStamp(): number {
    if (++this.lineStampCounter === 0x7fffffff) {
      this.lineStamp.fill(0);
      this.lineStampCounter = 1;
    }
    return this.lineStampCounter;
  }

  /** Captures (and the king's escapes) until the position is quiet; open escape lines must be answered. */
  private quiesce(alpha: number, beta: number, ply: number, turnPly: number, sp: number, qply: number): number {
    const pos = this.pos;
    this.pvLength[ply] = ply;
    if (pos.winner !== NO_WINNER) return this.terminalScore(turnPly);
    if (!this.visit(ply)) return 0;
    if (ply >= MAX_PLY - 2) return this.evaluator!.evaluate(pos);

    const side = pos.side;
    const midRun = pos.berserker !== NO_SQUARE;
    const openLines = pos.kingSq === NO_SQUARE ? 0 : kingOpenLines(pos, this.escapeFlag);
    // The defenders, free to move the king, escape now.
    if (side === DEFENDERS && !midRun && openLines > 0) return MATE - turnPly - 1;
    const generator = this.captureGenerator!;
    // The attackers must answer an open line; the defenders, a king the next step could take.
    const threatened = qply < THREAT_PLIES
      && (side === ATTACKERS ? openLines > 0 : !midRun && pos.kingSq !== NO_SQUARE && generator.kingInDanger(pos));

    let best = -INFINITE;
    if (!threatened) {
      best = this.staticEval();
      if (best >= beta) return best;
      if (best > alpha) alpha = best;
    }
    // Captures only; mid-run the continuations (all capture or escape; END_RUN is the stand-pat,
    // searched only when threatened); against an open line the attackers' blocks and captures (any
    // other step loses); with the king in danger every defenders' step.
    const steps = this.steps;
    const n = midRun ? generateSteps(pos, steps, sp)
      : !threatened ? generator.generate(pos, steps, sp)
        : side === ATTACKERS ? generator.generateThreatAnswers(pos, this.escapeFlag, steps, sp)
          : generateSteps(pos, steps, sp);
    // No answer to an open line: the king escapes next turn (or the attackers have no turn at all).
    if (n === 0) return threatened ? -(MATE - turnPly - (side === ATTACKERS ? 1 : 0)) : best;
    const end = sp + n;
    this.stackBase[ply + 1] = end;
    // Most valuable victim first; a capture that cannot lift the stand-pat to alpha is skipped (delta pruning).
    const order = this.order;
    const board = pos.board;
    const dirs = pos.geo.dirs;
    const enemyBit = (side + 1) ^ SIDE_MASK;
    const victimWeights = this.victimWeights;
    for (let i = sp; i < end; i++) {
      const to = steps[i] >>> 9;
      let victim = 0;
      for (let j = 0; j < 4; j++) {
        const piece = board[to + dirs[j]];
        if ((piece & enemyBit) !== 0 && victimWeights[piece] > victim) victim = victimWeights[piece];
      }
      order[i] = victim;
    }
    for (let i = sp; i < end; i++) {
      pickBest(steps, order, i, end);
      const step = steps[i];
      if (step === END_RUN && !threatened) continue;
      // A forced run's quiet steps (they end the turn) are left to the stand-pat, like END_RUN.
      if (midRun && !threatened && pos.rules.berserkForced && !stepMayCapture(pos, step)) continue;
      if (!threatened && !midRun && best + order[i] + DELTA_MARGIN < alpha) break;
      pos.makeStep(step);
      const score = pos.side === side
        ? this.quiesce(alpha, beta, ply + 1, turnPly, end, qply + 1)
        : -this.quiesce(-beta, -alpha, ply + 1, turnPly + 1, end, qply + 1);
      pos.unmakeStep();
      if (this.aborted) return 0;
      if (score > best) {
        best = score;
        if (score > alpha) {
          alpha = score;
          this.updatePV(ply, step);
          if (score >= beta) break;
        }
      }
    }
    return best;
  }

  /** Splits a principal variation of steps into whole turns, as the protocol writes them. */
  private wholeTurns(pv: readonly number[]): number[][] {
    const pos = this.pos;
    const turns: number[][] = [];
    let current: number[] = [];
    let made = 0;
    for (const step of pv) {
      if (pos.winner !== NO_WINNER) break;
      const side = pos.side;
      pos.makeStep(step);
      made++;
      current.push(step);
      if (pos.side !== side || pos.winner !== NO_WINNER) {
        turns.push(current);
        current = [];
      }
    }
    if (current.length > 0) turns.push(current);
    for (; made > 0; made--) pos.unmakeStep();
    for (const turn of turns) if (turn.length > 1 && turn[turn.length - 1] === END_RUN) turn.pop();
    return turns;
  }

  private info(depth: number, pvIndex: number, rm: RootMove, bound: 'lower' | 'upper' | undefined): SearchInfo {
    const timeMs = Math.round(this.elapsed());
    const score: SearchScore = isMateScore(rm.score)
      ? { kind: 'mate', value: mateInTurns(rm.score) }
      : { kind: 'cp', value: rm.score };
    if (bound) score.bound = bound;
    const nodes = this.nodes + (this.helpers?.nodes() ?? 0);
    return {
      depth,
      seldepth: Math.max(depth, rm.selDepth),
      multipv: pvIndex + 1,
      score,
      nodes,
      nps: timeMs > 0 ? Math.round((nodes * 1000) / timeMs) : 0,
      hashfull: this.tt.hashfull(),
      timeMs,
      pv: this.wholeTurns(rm.pv),
    };
  }
}

/** What each piece code is worth as a victim under `weights` (weights.ts order); the king is priceless. */
function victimWeightsOf(weights: ArrayLike<number>): Int32Array {
  const values = new Int32Array(17);
  values[ATT_MAN] = weights[F_ATTACKER_MEN];
  values[ATT_KNIGHT] = weights[F_ATTACKER_SPECIALS];
  values[ATT_COMMANDER] = weights[F_ATTACKER_SPECIALS];
  values[DEF_MAN] = weights[F_DEFENDER_MEN];
  values[DEF_KNIGHT] = weights[F_DEFENDER_SPECIALS];
  values[DEF_COMMANDER] = weights[F_DEFENDER_SPECIALS];
  values[KING] = MATE;
  for (let code = 0; code < 17; code++) values[code] = Math.max(0, values[code]);
  return values;
}

/**
 * Has the position at the end of the last turn occurred before (since the last capture)? Under the
 * `draw` rule the search scores a first repetition as the draw it can be forced into.
 */
function repeatsEarlier(pos: Position): boolean {
  const last = pos.historyLength - 1;
  const lo = pos.historyLo[last];
  const hi = pos.historyHi[last];
  for (let i = last - 2; i >= pos.irreversible; i -= 2) if (pos.historyLo[i] === lo && pos.historyHi[i] === hi) return true;
  return false;
}

/**
 * Skill Level: a plausible but weaker choice among the candidate lines (Stockfish's scheme): each
 * candidate gets a random bonus that grows with the weakness, and the best total wins. Always one of
 * the searched legal root steps.
 */
function pickWeakened(rootMoves: RootMove[], candidates: number, skill: number): number[] {
  const weakness = 120 - 6 * skill;
  const top = rootMoves[0].score;
  const spread = Math.min(top - rootMoves[candidates - 1].score, 100);
  let best = 0;
  let bestValue = -Infinity;
  for (let i = 0; i < candidates; i++) {
    const score = rootMoves[i].score;
    if (score <= -INFINITE) continue;
    // A forced win is never thrown away, a forced loss never chosen over a way out.
    if (isMateScore(top) || isMateScore(score)) {
      if (score > bestValue) {
        bestValue = score;
        best = i;
      }
      continue;
    }
    const value = score + (weakness * (top - score) + spread * Math.floor(Math.random() * weakness)) / 128;
    if (value > bestValue) {
      bestValue = value;
      best = i;
    }
  }
  return rootMoves[best].pv;
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

/** Stable sort of rootMoves[from..] by score, best first. */
function sortFrom(rootMoves: RootMove[], from: number): void {
  const tail = rootMoves.slice(from).sort((a, b) => b.score - a.score);
  for (let i = 0; i < tail.length; i++) rootMoves[from + i] = tail[i];
}

