// Time allocation from the clocks (PROTOCOL.md `go`): an optimum time, after which no new iteration
// starts, and a maximum time, at which the search stops wherever it is. Move Overhead is kept back
// from both, and so is a margin that grows with the clock so that a move never forfeits on time.

import { ATTACKERS, type Side } from '../engine/index.js';
import type { GoLimits } from './types.js';

export interface TimeBudget {
  /** ms after the start; Infinity when unlimited. */
  optimum: number;
  maximum: number;
}

/** Turns expected to remain when `movestogo` is not given. */
const DEFAULT_MOVES_TO_GO = 40;

export function timeBudget(limits: GoLimits, side: Side, moveOverheadMs: number): TimeBudget {
  if (limits.infinite) return { optimum: Infinity, maximum: Infinity };
  if (limits.movetime !== undefined) {
    const time = Math.max(1, limits.movetime - moveOverheadMs);
    return { optimum: time, maximum: time };
  }
  const clock = side === ATTACKERS ? limits.btime : limits.wtime;
  if (clock === undefined) return { optimum: Infinity, maximum: Infinity };
  const increment = Math.max(0, (side === ATTACKERS ? limits.binc : limits.winc) ?? 0);
  const movesToGo = Math.max(1, Math.min(limits.movestogo ?? DEFAULT_MOVES_TO_GO, DEFAULT_MOVES_TO_GO));
  // What may be spent: the clock less the overhead of every remaining move and a safety margin.
  const reserve = moveOverheadMs * Math.min(movesToGo, 10) + Math.min(1000, clock * 0.05);
  const usable = Math.max(1, clock - reserve);
  let optimum = usable / movesToGo + increment * 0.8;
  let maximum = Math.min(usable * (movesToGo === 1 ? 0.9 : 0.3), optimum * 5);
  optimum = Math.min(optimum, usable * (movesToGo === 1 ? 0.9 : 0.2));
  maximum = Math.max(optimum, maximum);
  // Never plan to use more than the clock minus the overhead.
  const hardCap = Math.max(1, clock - moveOverheadMs - 5);
  return { optimum: Math.max(1, Math.min(optimum, hardCap)), maximum: Math.max(1, Math.min(maximum, hardCap)) };
}
