// Time allocation from the clocks (PROTOCOL.md `go`): an optimum time, after which no new iteration
// starts, and a maximum time, at which the search stops wherever it is. The clock is spread over the
// turns expected to remain, with the increments they bring; Move Overhead is kept back for each of
// them, and so is a margin that grows with the clock, so that a move never forfeits on time.

import { ATTACKERS, type Side } from '../engine/index.js';
import type { GoLimits } from './types.js';

export interface TimeBudget {
  /** ms after the start; Infinity when unlimited. */
  optimum: number;
  maximum: number;
}

/**
 * Own turns expected to remain when `movestogo` is not given: about what decided games last after their
 * opening (BENCHMARKS.md, "Time management"). Their lengths spread widely (30 to 200 turns), so the same
 * horizon holds at every turn: the clock is spent a fixed share at a time, a long game on its increments.
 */
export const TURNS_HORIZON = 30;

export function timeBudget(limits: GoLimits, side: Side, moveOverheadMs: number): TimeBudget {
  if (limits.infinite) return { optimum: Infinity, maximum: Infinity };
  if (limits.movetime !== undefined) {
    const time = Math.max(1, limits.movetime - moveOverheadMs);
    return { optimum: time, maximum: time };
  }
  const clock = side === ATTACKERS ? limits.btime : limits.wtime;
  if (clock === undefined) return { optimum: Infinity, maximum: Infinity };
  const increment = Math.max(0, (side === ATTACKERS ? limits.binc : limits.winc) ?? 0);
  const movesToGo = Math.max(1, Math.min(limits.movestogo ?? TURNS_HORIZON, TURNS_HORIZON));
  const lastMove = movesToGo === 1;
  const margin = Math.min(1000, clock * 0.05);
  // The time the coming turns share: the clock and their increments (this turn's is not yet given),
  // less the overhead of each and the margin.
  const shared = clock + increment * (movesToGo - 1) - moveOverheadMs * (movesToGo + 1) - margin;
  // What this turn alone may take from the clock as it stands: a fifth of it at most, so that a long
  // game goes on at about its increment with the clock a few increments above the margin.
  const spendable = Math.max(1, clock - moveOverheadMs - margin);
  const optimum = Math.max(1, Math.min(shared / movesToGo, spendable * (lastMove ? 0.9 : 0.2)));
  const maximum = Math.max(optimum, Math.min(optimum * 5, spendable * (lastMove ? 0.9 : 0.3)));
  return { optimum, maximum };
}
