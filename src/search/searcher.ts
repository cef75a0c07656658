// The search's driver: its options and hash table, iterative deepening with aspiration windows over the
// root's steps, the choices made from them (several lines, a weakened play), the helper threads of a
// multi-threaded search (helperPool.ts), and what it reports. The alpha-beta search of one iteration is
// nodeSearch.ts's; around it the order of the steps (stepPicker.ts), the search below the horizon
// (quiescence.ts), when to stop (limits.ts).

import { generateSteps, NO_SQUARE, type Position } from '../engine/index.js';
import { NnueEvaluator } from './network/accumulator.js';
import { CaptureGenerator } from './ordering/captures.js';
import { Evaluator } from './evaluation/evaluate.js';
import { HelperPool, publishIteration, type HelperChannel, type HelperIteration, type Threading } from './threads/helperPool.js';
import { SearchLimits } from './limits.js';
import { NodeSearch } from './nodeSearch.js';
import { MAX_DEPTH, NO_EVAL, SKILL_CANDIDATES } from './params.js';
import { netCovers } from './network/nnue.js';
import { pickWeakened, sortFrom, wholeTurns, type RootMove } from './rootMoves.js';
import { INFINITE, isMateScore } from './score.js';
import { lineInfo, ProgressReport, type SearchCounts } from './searchInfo.js';
import { canShareMemory } from './threads/threads.js';
import { TranspositionTable } from './tt.js';
import { DEFAULT_OPTIONS, MAX_SKILL_LEVEL, type GoLimits, type SearchInfo, type SearchOptions } from './types.js';

/** A table for helper threads: with more than one thread, where threads can share memory (else the search has one). */
const sharedTable = (options: SearchOptions): boolean => options.threads > 1 && canShareMemory();

export class Searcher extends NodeSearch {
  private options: SearchOptions;
  private readonly threading: Threading;
  /** The main thread's helper threads (none in a helper). */
  private readonly helpers: HelperPool | undefined;
  private customWeights: readonly number[] | undefined;
  private readonly progress = new ProgressReport();

  constructor(options: Partial<SearchOptions> = {}, threading: Threading = {}) {
    const merged = { ...DEFAULT_OPTIONS, ...options };
    // A helper searches on the main thread's table.
    const tt = threading.sharedTable ? new TranspositionTable(1) : new TranspositionTable(merged.hashMB, sharedTable(merged));
    if (threading.sharedTable) tt.attach(threading.sharedTable);
    super(tt, new SearchLimits(threading.nodeCounter));
    this.options = merged;
    this.threading = threading;
    this.helpers = threading.sharedTable ? undefined : new HelperPool(threading.startHelper);
  }

  setOptions(options: Partial<SearchOptions>): void {
    const old = this.options;
    this.options = { ...this.options, ...options };
    if (!this.helpers) return;
    if (this.options.hashMB !== old.hashMB || sharedTable(this.options) !== sharedTable(old)) {
      this.tt.resize(this.options.hashMB, sharedTable(this.options));
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
    if (!net || !netCovers(net, pos)) this.nnue = undefined;
    else if (this.nnue?.net !== net || this.nnue.cells !== pos.geo.cells) this.nnue = new NnueEvaluator(net, pos);
    this.nnue?.startSearch(this.arena);
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
