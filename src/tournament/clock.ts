// The runner's clocks: each side's remaining time under its engine's time control, the `go` command
// limits told to the engine, and the deadline past which an answer is a time forfeit.

import type { SearchLimits } from '../client/engineClient.js';
import type { TimeControl } from './engineConfig.js';

export class Clock {
  readonly tc: TimeControl;
  remainingMs: number;
  /** Turns left in the current period (moves/seconds time controls), else 0. */
  movesToGo: number;

  constructor(tc: TimeControl) {
    this.tc = tc;
    this.remainingMs = (tc.seconds ?? 0) * 1000;
    this.movesToGo = tc.moves ?? 0;
  }

  get clocked(): boolean {
    return this.tc.seconds !== undefined;
  }

  get incrementMs(): number {
    return Math.round((this.tc.increment ?? 0) * 1000);
  }

  /** The longest a search may take before it forfeits, or undefined when only depth or nodes limit it. */
  deadlineMs(marginMs: number): number | undefined {
    if (this.clocked) return Math.max(0, this.remainingMs) + marginMs;
    if (this.tc.movetime !== undefined) return this.tc.movetime + marginMs;
    return undefined;
  }

  /** Charges a finished search to the clock, then adds the increment and any new period. */
  charge(elapsedMs: number): void {
    if (!this.clocked) return;
    this.remainingMs = Math.max(0, this.remainingMs - elapsedMs) + this.incrementMs;
    if (this.tc.moves !== undefined) {
      this.movesToGo--;
      if (this.movesToGo === 0) {
        this.movesToGo = this.tc.moves;
        this.remainingMs += (this.tc.seconds ?? 0) * 1000;
      }
    }
  }
}

/** The search limits for the side to move: the clocks of both sides (attackers' `atime`/`ainc`), or its movetime, depth, nodes. */
export function searchLimits(mover: Clock, attackers: Clock, defenders: Clock): SearchLimits {
  const limits: SearchLimits = {};
  if (mover.clocked) {
    limits.atime = Math.max(0, Math.round(attackers.remainingMs));
    limits.dtime = Math.max(0, Math.round(defenders.remainingMs));
    limits.ainc = attackers.incrementMs;
    limits.dinc = defenders.incrementMs;
    if (mover.tc.moves !== undefined) limits.movestogo = mover.movesToGo;
  }
  if (mover.tc.movetime !== undefined) limits.movetime = mover.tc.movetime;
  if (mover.tc.depth !== undefined) limits.depth = mover.tc.depth;
  if (mover.tc.nodes !== undefined) limits.nodes = mover.tc.nodes;
  return limits;
}

/** The time control as text for records: `40/60+0.5`, `movetime 100`, `depth 2`, `nodes 1000`. */
export function makeTimeControlText(tc: TimeControl): string {
  const parts: string[] = [];
  if (tc.seconds !== undefined)
    parts.push(`${tc.moves !== undefined ? `${tc.moves}/` : ''}${tc.seconds}${tc.increment ? `+${tc.increment}` : ''}`);
  if (tc.movetime !== undefined) parts.push(`movetime ${tc.movetime}`);
  if (tc.depth !== undefined) parts.push(`depth ${tc.depth}`);
  if (tc.nodes !== undefined) parts.push(`nodes ${tc.nodes}`);
  return parts.join(' ');
}
