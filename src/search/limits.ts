// When a search stops. Inside an iteration: the stop flag, the clock's maximum time and the node
// limit, looked at every CHECK_INTERVAL nodes. Between iterations: whether the next one is worth
// starting (the time budget of timeManager.ts, a mate found or asked for, the node limit). A ponder
// search counts no limit until its ponderhit, and its clock starts then.

import type { Side } from '../engine/index.js';
import {
  CHECK_INTERVAL,
  FALLING_SCORE_MARGIN,
  NEXT_ITERATION_SHARE,
  STABLE_ITERATIONS,
  STABLE_TIME_FACTOR,
  UNSTABLE_TIME_FACTOR,
} from './params.js';
import { isMateScore, MATE_BOUND, mateInTurns } from './score.js';
import { timeBudget, type TimeBudget } from './timeManager.js';
import type { GoLimits } from './types.js';
import { isShared } from './threads/threads.js';

export class SearchLimits {
  private limits: GoLimits = {};
  private stop: Int32Array = new Int32Array(1);
  private startTime = 0;
  /** When the clock of the limits started: the start, or a ponder search's ponderhit. */
  private clockStart = 0;
  /** A ponder search before its ponderhit: no limit counts (stop[1] is set until the ponderhit). */
  private pondering = false;
  private budget: TimeBudget = { optimum: Infinity, maximum: Infinity };
  private nodeLimit = Infinity;
  /** A node limit stops an iteration only once the first iteration has given a move. */
  private nodeLimitActive = false;
  private nextCheck = CHECK_INTERVAL;
  private previousBestStep = -1;
  private previousBestScore = 0;
  /** Iterations in a row that ended with the same best step. */
  private stableIterations = 0;
  /** Called at each check of a search that reports progress (an analysis: infinite or pondering). */
  private onCheck: (() => void) | undefined;

  /** `nodeCounter`: a helper thread publishes its node count there at each check. */
  constructor(private readonly nodeCounter?: Int32Array) {}

  start(limits: GoLimits, side: Side, moveOverheadMs: number, stop: Int32Array, onCheck?: () => void): void {
    this.limits = limits;
    this.onCheck = onCheck;
    this.stop = stop;
    this.startTime = limits.startTime !== undefined ? limits.startTime - performance.timeOrigin : performance.now();
    this.clockStart = this.startTime;
    this.pondering = limits.ponder === true && stop.length > 1 && Atomics.load(stop, 1) !== 0;
    this.budget = timeBudget(limits, side, moveOverheadMs);
    this.nodeLimit = limits.nodes !== undefined && limits.nodes > 0 ? limits.nodes : Infinity;
    this.nodeLimitActive = false;
    this.nextCheck = CHECK_INTERVAL;
    this.previousBestStep = -1;
    this.previousBestScore = 0;
    this.stableIterations = 0;
  }

  /** ms since the search started. */
  elapsed(): number {
    return performance.now() - this.startTime;
  }

  /** At each node, with the nodes searched so far: true once the search must stop where it is. */
  reached(nodes: number): boolean {
    if (nodes < this.nextCheck && nodes < this.nodeLimit) return false;
    this.nextCheck = nodes + CHECK_INTERVAL;
    if (this.nodeCounter) Atomics.store(this.nodeCounter, 0, nodes);
    if (this.stop[0] !== 0) return true;
    this.onCheck?.();
    if (this.stillPondering()) return false;
    return this.clock() >= this.budget.maximum || (this.nodeLimitActive && nodes >= this.nodeLimit);
  }

  /** After iteration `depth` completed with `bestStep` scoring `best`: true if no other iteration should start. */
  iterationEnds(depth: number, bestStep: number, best: number, nodes: number): boolean {
    const limits = this.limits;
    this.nodeLimitActive = true;
    if (limits.mate !== undefined && limits.mate > 0 && best > MATE_BOUND && mateInTurns(best) <= limits.mate) return true;
    if (!limits.infinite && isMateScore(best) && depth >= 2 * Math.abs(mateInTurns(best)) + 1) return true;
    // The next iteration would take a few times as long as all before it: start it only early on,
    // a little later when the best step just changed or its score fell (the search is unsure), sooner
    // when the best step has held for several iterations (the time is worth more at a later turn).
    // (A fixed movetime is used whole: the unfinished iteration's best move still counts.)
    this.stableIterations = bestStep === this.previousBestStep ? this.stableIterations + 1 : 0;
    let share = NEXT_ITERATION_SHARE;
    if (limits.movetime === undefined && depth >= 4) {
      if (bestStep !== this.previousBestStep) share *= UNSTABLE_TIME_FACTOR;
      if (best < this.previousBestScore - FALLING_SCORE_MARGIN) share *= UNSTABLE_TIME_FACTOR;
      if (this.stableIterations >= STABLE_ITERATIONS) share *= STABLE_TIME_FACTOR;
    }
    this.previousBestStep = bestStep;
    this.previousBestScore = best;
    if (this.stillPondering()) return false;
    const { optimum, maximum } = this.budget;
    const limit = limits.movetime !== undefined ? optimum : Math.min(optimum * share, maximum * NEXT_ITERATION_SHARE);
    return this.clock() > limit || nodes >= this.nodeLimit;
  }

  /** `go infinite` gives its answer only when stopped, a ponder search not before its ponderhit. */
  awaitStop(): void {
    const stop = this.stop;
    const infinite = this.limits.infinite === true;
    if (!(infinite || this.pondering) || !isShared(stop.buffer)) return;
    // (Short waits: whoever sets the flag need not notify.)
    while (Atomics.load(stop, 0) === 0 && (infinite || this.stillPondering())) Atomics.wait(stop, 0, 0, 10);
  }

  /** ms since the clock of the limits started. */
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
}
